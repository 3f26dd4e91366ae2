/** Replies and errors of the reference back end's handlers. */
import { safeFileName } from '../../src/lib/file-name';

/** The one file-name cleaning (src/lib/file-name.ts): storage, zip entries, Content-Disposition and the screens. */
export { safeFileName };

export interface FieldError {
  field?: string;
  message: string;
  valueIndex?: number;
  groupIndex?: number;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

const NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Data Validation Failed.',
  500: 'Internal Server Error',
};

export function errorBody(status: number, message: string, errors?: FieldError[]) {
  return { name: NAMES[status] ?? 'Error', message, status, code: 0, ...(errors ? { errors } : {}) };
}

export const notFound = (what = 'Объект не найден') => new HttpError(404, what);
export const forbidden = (what = 'Недостаточно прав для выполнения действия') => new HttpError(403, what);
export const unprocessable = (errors: FieldError[], message = errors[0]?.message ?? 'Ошибка проверки данных') =>
  new HttpError(422, message, errors);
export const conflict = (message: string) => new HttpError(409, message);
export const badRequest = (message: string) => new HttpError(400, message);

/** A non-JSON answer (files, PDF, zip, HTML, base64 text). */
export class RawReply {
  constructor(
    readonly body: Buffer | string,
    readonly contentType: string,
    readonly status = 200,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** A JSON answer with a status other than 200. */
export class JsonReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export function fileReply(body: Buffer | string, contentType: string, fileName: string): RawReply {
  return new RawReply(body, contentType, 200, { 'Content-Disposition': contentDisposition(fileName) });
}

/** RFC 6266 filename with an ASCII fallback: Unicode names survive, path tricks do not. */
export function contentDisposition(fileName: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const safe = safeFileName(fileName);
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(safe)}`;
}

/** RFC 5987 value: percent-encoded UTF-8, including the characters encodeURIComponent leaves (' ( ) *). */
const encodeRfc5987 = (value: string) => encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
