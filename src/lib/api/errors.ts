/** Error classification (SPEC §8 "Transport") and the one map from errors to Russian messages. */
export interface FieldError {
  field?: string;
  message: string;
  valueIndex?: number;
  groupIndex?: number;
}

/**
 * timeout: the server did not answer within the transport's time-out; malformed: it answered something that is not the
 * JSON the call expects (a truncated body, text where an object belongs).
 */
export type ApiErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'validation'
  | 'server'
  | 'network'
  | 'client'
  | 'timeout'
  | 'malformed';

export const NETWORK_ERROR_TEXT = 'Нет соединения с сервером. Проверьте подключение к интернету и повторите.';
export const TIMEOUT_ERROR_TEXT = 'Сервер не отвечает. Проверьте соединение и повторите.';
export const MALFORMED_ERROR_TEXT = 'Сервер прислал повреждённый ответ. Повторите попытку позже.';
/** A screen could not show what the server sent (fields missing or of the wrong type). */
export const UNEXPECTED_DATA_TEXT = 'Не удалось показать данные: сервер прислал их в неожиданном виде. Повторите попытку позже.';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  /** The server's own message, when it sent one (shown to the user per SPEC §8). */
  readonly serverMessage: string | null;
  readonly fieldErrors: FieldError[];

  constructor(status: number, body: unknown, fallback?: string, kind?: ApiErrorKind) {
    const serverMessage = extractMessage(body);
    super(serverMessage ?? fallback ?? `Ошибка ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.kind = kind ?? classify(status);
    this.serverMessage = serverMessage;
    this.fieldErrors = extractFieldErrors(body);
  }
}

export function classify(status: number): ApiErrorKind {
  if (status === 0) return 'network';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 400 || status === 422) return 'validation';
  if (status >= 500) return 'server';
  return 'client';
}

export function networkError(): ApiError {
  return new ApiError(0, null, NETWORK_ERROR_TEXT);
}

/** No answer within the time-out (status 0: nothing arrived; not a proof of being offline). */
export function timeoutError(): ApiError {
  return new ApiError(0, null, TIMEOUT_ERROR_TEXT, 'timeout');
}

/** The server answered (status known) but the body is not usable JSON. */
export function malformedError(status: number): ApiError {
  return new ApiError(status, null, MALFORMED_ERROR_TEXT, 'malformed');
}

/** A fetch that failed in the browser (no answer, a lazy chunk that did not load) — not a screen crashing on data. */
export function isFetchFailure(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed|import|module/i.test(error.message);
}

/** Errors whose own message is the text to show (no server message exists for them). */
export function isTransportFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'malformed');
}

function extractMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return typeof body === 'string' && body.trim() && body.length < 500 ? body : null;
  const obj = body as Record<string, unknown>;
  if (typeof obj.message === 'string' && obj.message.trim()) return obj.message;
  const errors = extractFieldErrors(body);
  if (errors.length) return errors.map((e) => e.message).join('; ');
  if (Array.isArray(obj)) return null;
  return null;
}

export function extractFieldErrors(body: unknown): FieldError[] {
  const list = Array.isArray(body) ? body : body && typeof body === 'object' ? (body as { errors?: unknown }).errors : null;
  if (!Array.isArray(list)) return [];
  return list
    .filter((e): e is Record<string, unknown> => !!e && typeof e === 'object' && typeof (e as { message?: unknown }).message === 'string')
    .map((e) => ({
      message: e.message as string,
      ...(typeof e.field === 'string' ? { field: e.field } : {}),
      ...(typeof e.valueIndex === 'number' ? { valueIndex: e.valueIndex } : {}),
      ...(typeof e.groupIndex === 'number' ? { groupIndex: e.groupIndex } : {}),
    }));
}

/**
 * The text for an error toast: the server's message when present, with " в поле {title}" for field errors
 * (SPEC §5, §8), otherwise the screen's own fallback text from the error catalogue.
 */
/** Texts shown together read as sentences: each ends with a stop before the next begins. */
export function joinSentences(...parts: string[]): string {
  return parts
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => (/[.!?…]$/.test(part) ? part : `${part}.`))
    .join(' ');
}

export function errorToastText(error: unknown, fallback: string, fieldTitle?: (field: string) => string | undefined): string {
  if (error instanceof ApiError) {
    if (isTransportFailure(error)) return error.message;
    const fieldError = error.fieldErrors[0];
    if (fieldError?.field && fieldTitle) {
      const title = fieldTitle(fieldError.field);
      if (title) return `${fieldError.message} в поле ${title}`;
    }
    if (error.serverMessage) return error.serverMessage;
    if (error.kind === 'server') return joinSentences(fallback, 'Сервер временно недоступен, попробуйте позже.');
    return fallback;
  }
  if (isFetchFailure(error)) return networkError().message;
  // Code that choked on what the server sent (a field missing or of another type).
  if (error instanceof TypeError) return UNEXPECTED_DATA_TEXT;
  return fallback;
}
