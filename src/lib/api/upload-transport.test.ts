import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import createClient from 'openapi-fetch';
import type { paths as MainPaths } from './generated/main';
import { formData, multipart } from './clients';
import { ApiError, TIMEOUT_ERROR_TEXT } from './errors';
import { authMiddleware, setTransportHooks, unwrap } from './transport';
import { UPLOAD_STALL_TIMEOUT_MS, xhrFetch, type UploadHooks, type UploadProgress } from './upload-transport';
import { uploadPercent, uploadProgressText } from '../upload-progress';
import { saveSession } from '../session';
import { MemoryStorage } from '../memory-storage';

const MAIN = 'https://api.example.ru';
const NBSP = '\u00A0';

type Listener = (event: unknown) => void;

/** add/removeEventListener that count what is still attached (the transport must leave nothing behind). */
class FakeTarget {
  private listeners = new Map<string, Set<Listener>>();
  addEventListener(type: string, listener: Listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: Listener) {
    this.listeners.get(type)?.delete(listener);
  }
  dispatch(type: string, event: unknown = { type }) {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener(event);
  }
  get attached() {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }
}

/** Stands in for the browser's XMLHttpRequest; the test drives its events. */
class FakeXhr extends FakeTarget {
  static instances: FakeXhr[] = [];
  upload = new FakeTarget();
  readyState = 0;
  status = 0;
  statusText = '';
  response: unknown = null;
  responseType = '';
  withCredentials = false;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  sent: unknown = undefined;
  aborts = 0;
  private responseHeaders = '';

  constructor() {
    super();
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
    this.readyState = 1;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.aborts++;
    this.dispatch('abort');
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }

  progress(loaded: number, total: number) {
    this.upload.dispatch('progress', { type: 'progress', loaded, total, lengthComputable: true });
  }
  bodySent() {
    this.upload.dispatch('load');
  }
  headersArrive(status: number, headers: Record<string, string>, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseHeaders = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    this.readyState = 2;
    this.dispatch('readystatechange');
  }
  respond(status: number, body: unknown, statusText = '') {
    this.headersArrive(status, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'abc' }, statusText);
    this.response = body === null ? null : new Blob([JSON.stringify(body)], { type: 'application/json' });
    this.readyState = 4;
    this.dispatch('readystatechange');
    this.dispatch('load');
  }
  failNetwork() {
    this.readyState = 4;
    this.dispatch('error');
  }
  get allAttached() {
    return this.attached + this.upload.attached;
  }
}

/** A client as clients.ts builds one: openapi-fetch plus the auth middleware. */
function mainClient() {
  const client = createClient<MainPaths>({ baseUrl: MAIN, fetch: () => Promise.reject(new Error('the upload must not use the client fetch')) });
  client.use(authMiddleware({ mainBaseUrl: MAIN, signOutOn401: true }));
  return client;
}

function upload(body: FormData, hooks?: UploadHooks) {
  return mainClient().POST('/v2/projects/upload-attach', { body: body as never, fetch: xhrFetch(body, hooks), ...multipart });
}

/** The middleware is async: the XHR opens a few microtasks after the call. */
async function opened(): Promise<FakeXhr> {
  for (let i = 0; i < 50 && !FakeXhr.instances.length; i++) await Promise.resolve();
  const xhr = FakeXhr.instances[0];
  if (!xhr) throw new Error('no XMLHttpRequest was opened');
  return xhr;
}

const file = () => new File(['%PDF-1.4 бизнес-план'], 'Бизнес-план.pdf', { type: 'application/pdf' });
const form = () => formData({ file: file(), attachCode: 'ATT_KM_BUSINESS_PLAN', valueIndex: 0 });

let unauthorized = 0;

beforeEach(() => {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  saveSession({ token: 'live-token' });
  unauthorized = 0;
  setTransportHooks({ onUnauthorized: () => unauthorized++ });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('xhrFetch through an openapi-fetch client', () => {
  it('sends the given FormData with the middleware headers, forwards progress in order and parses a 201 answer', async () => {
    const body = form();
    const seen: UploadProgress[] = [];
    const onBodySent = vi.fn();
    const call = unwrap(upload(body, { onProgress: (p) => seen.push(p), onBodySent }));
    const xhr = await opened();

    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`${MAIN}/v2/projects/upload-attach`);
    expect(xhr.headers.authorization).toBe('Bearer live-token');
    expect(xhr.headers['content-type']).toBeUndefined();
    expect(xhr.sent).toBe(body);
    expect(xhr.responseType).toBe('blob');
    expect(xhr.withCredentials).toBe(false);

    xhr.progress(0, 3_000);
    xhr.progress(1_200, 3_000);
    xhr.progress(2_900, 3_000);
    xhr.bodySent();
    xhr.bodySent();
    expect(seen).toEqual([
      { loaded: 0, total: 3_000 },
      { loaded: 1_200, total: 3_000 },
      { loaded: 2_900, total: 3_000 },
      { loaded: 3_000, total: 3_000 },
    ]);
    expect(onBodySent).toHaveBeenCalledTimes(1);

    xhr.respond(201, { id: 17, fileName: 'Бизнес-план.pdf' }, 'Created');
    expect(await call).toEqual({ id: 17, fileName: 'Бизнес-план.pdf' });
    expect(xhr.allAttached).toBe(0);
  });

  it('gives the middleware and the caller a real Response (status, status text, headers)', async () => {
    const call = upload(form());
    const xhr = await opened();
    xhr.progress(10, 10);
    xhr.bodySent();
    xhr.respond(200, { id: 1 }, 'OK');
    const { data, response } = await call;
    expect(data).toEqual({ id: 1 });
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    expect(response.statusText).toBe('OK');
    expect(response.headers.get('X-Request-Id')).toBe('abc');
    expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
  });

  it('does not repeat the 100 % event the browser already sent', async () => {
    const seen: UploadProgress[] = [];
    const call = upload(form(), { onProgress: (p) => seen.push(p) });
    const xhr = await opened();
    xhr.progress(500, 1_000);
    xhr.progress(1_000, 1_000);
    xhr.bodySent();
    xhr.respond(200, { id: 1 });
    await call;
    expect(seen).toEqual([
      { loaded: 500, total: 1_000 },
      { loaded: 1_000, total: 1_000 },
    ]);
  });

  it('turns a 422 answer into ApiError with the field errors', async () => {
    const call = unwrap(upload(form())).catch((e: unknown) => e);
    const xhr = await opened();
    xhr.bodySent();
    xhr.respond(422, { message: 'Недопустимый формат файла', errors: [{ field: 'file', message: 'Недопустимый формат файла', valueIndex: 0 }] });
    const error = await call;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, kind: 'validation', serverMessage: 'Недопустимый формат файла' });
    expect((error as ApiError).fieldErrors).toEqual([{ field: 'file', message: 'Недопустимый формат файла', valueIndex: 0 }]);
  });

  it('lets the middleware see a 401 answer (sign-out as for any main API call)', async () => {
    const call = unwrap(upload(form())).catch((e: unknown) => e);
    const xhr = await opened();
    xhr.respond(401, { name: 'Unauthorized', message: 'Токен недействителен', status: 401 });
    expect(await call).toMatchObject({ status: 401, kind: 'unauthorized' });
    expect(unauthorized).toBe(1);
  });

  it('turns a network failure into TypeError "Failed to fetch", which unwrap makes ApiError status 0', async () => {
    const call = unwrap(upload(form())).catch((e: unknown) => e);
    const xhr = await opened();
    xhr.progress(100, 1_000);
    xhr.failNetwork();
    expect(await call).toMatchObject({ status: 0, kind: 'network' });
    expect(xhr.allAttached).toBe(0);

    FakeXhr.instances = [];
    const direct = xhrFetch(new Blob(['x']))(new Request(`${MAIN}/x`, { method: 'POST' }));
    const second = await opened();
    second.failNetwork();
    await expect(direct).rejects.toThrow(new TypeError('Failed to fetch'));
  });

  it('treats an answer with status 0 as a network failure', async () => {
    const call = xhrFetch(new Blob(['x']))(new Request(`${MAIN}/x`, { method: 'POST' }));
    const xhr = await opened();
    xhr.readyState = 4;
    xhr.dispatch('load');
    await expect(call).rejects.toBeInstanceOf(TypeError);
  });

  it('keeps the Content-Type of a Blob body', async () => {
    const blob = new Blob(['%PDF'], { type: 'application/pdf' });
    const call = xhrFetch(blob)(new Request(`${MAIN}/v2/raw`, { method: 'PUT', body: blob, headers: { 'Content-Type': 'application/pdf', Authorization: 'Bearer t' } }));
    const xhr = await opened();
    expect(xhr.method).toBe('PUT');
    expect(xhr.headers['content-type']).toBe('application/pdf');
    expect(xhr.headers.authorization).toBe('Bearer t');
    expect(xhr.sent).toBe(blob);
    xhr.respond(200, { ok: true });
    expect(await (await call).json()).toEqual({ ok: true });
  });

  it('sends a 204 answer as a Response without a body', async () => {
    const call = xhrFetch(new Blob(['x']))(new Request(`${MAIN}/x`, { method: 'POST' }));
    const xhr = await opened();
    xhr.respond(204, null);
    const response = await call;
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });
});

describe('abort', () => {
  it('rejects with AbortError and aborts the XHR', async () => {
    const controller = new AbortController();
    const call = upload(form(), { signal: controller.signal }).catch((e: unknown) => e);
    const xhr = await opened();
    xhr.progress(100, 1_000);
    controller.abort();
    const error = await call;
    expect(error).toBeInstanceOf(DOMException);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(xhr.aborts).toBe(1);
    expect(xhr.allAttached).toBe(0);
  });

  it("honours the openapi-fetch call's own signal too", async () => {
    const controller = new AbortController();
    const body = form();
    const call = mainClient()
      .POST('/v2/projects/upload-attach', { body: body as never, fetch: xhrFetch(body), signal: controller.signal, ...multipart })
      .catch((e: unknown) => e);
    const xhr = await opened();
    controller.abort();
    expect(await call).toMatchObject({ name: 'AbortError' });
    expect(xhr.aborts).toBe(1);
  });

  it('never opens an XHR for a signal aborted before the call', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(xhrFetch(new Blob(['x']), { signal: controller.signal })(new Request(`${MAIN}/x`, { method: 'POST' }))).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(FakeXhr.instances).toHaveLength(0);
  });
});

describe('time-outs', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });

  it('gives up on an upload without progress for the stall time-out (60 s by default)', async () => {
    const call = unwrap(upload(form())).catch((e: unknown) => e);
    const xhr = await opened();
    xhr.progress(100, 10_000);
    await vi.advanceTimersByTimeAsync(UPLOAD_STALL_TIMEOUT_MS - 1_000);
    // Progress keeps a slow upload alive.
    xhr.progress(200, 10_000);
    await vi.advanceTimersByTimeAsync(UPLOAD_STALL_TIMEOUT_MS - 1_000);
    expect(xhr.aborts).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    const error = await call;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'timeout', status: 0, message: TIMEOUT_ERROR_TEXT });
    expect(xhr.aborts).toBe(1);
    expect(xhr.allAttached).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('counts the stall from the start when no progress comes at all', async () => {
    const call = xhrFetch(new Blob(['x']), { stallTimeoutMs: 5_000 })(new Request(`${MAIN}/x`, { method: 'POST' })).catch((e: unknown) => e);
    const xhr = await opened();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await call).toMatchObject({ kind: 'timeout' });
    expect(xhr.aborts).toBe(1);
  });

  it('gives up when the answer does not come within the answer time-out after the body is sent', async () => {
    const onBodySent = vi.fn();
    const call = unwrap(upload(form(), { stallTimeoutMs: 1_000, answerTimeoutMs: 10_000, onBodySent })).catch((e: unknown) => e);
    const xhr = await opened();
    xhr.progress(1_000, 1_000);
    xhr.bodySent();
    // The stall time-out no longer applies once the body is sent: the server is working on it.
    await vi.advanceTimersByTimeAsync(9_000);
    expect(xhr.aborts).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await call).toMatchObject({ kind: 'timeout', message: TIMEOUT_ERROR_TEXT });
    expect(onBodySent).toHaveBeenCalledTimes(1);
    expect(xhr.aborts).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps an answer that has started (headers arrived) past the answer time-out', async () => {
    const call = unwrap(upload(form(), { answerTimeoutMs: 10_000 }));
    const xhr = await opened();
    xhr.bodySent();
    await vi.advanceTimersByTimeAsync(9_000);
    xhr.headersArrive(201, { 'content-type': 'application/json' });
    await vi.advanceTimersByTimeAsync(9_000);
    xhr.respond(201, { id: 5 });
    expect(await call).toEqual({ id: 5 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('maps the XHR own time-out event to ApiError "timeout"', async () => {
    const call = unwrap(upload(form())).catch((e: unknown) => e);
    const xhr = await opened();
    xhr.dispatch('timeout');
    expect(await call).toMatchObject({ kind: 'timeout' });
  });
});

describe('progress texts', () => {
  const MIB = 1_048_576;

  it('percent is whole, 0..100, and 100 only for the whole body', () => {
    expect(uploadPercent(0, 1_000)).toBe(0);
    expect(uploadPercent(425, 1_000)).toBe(42);
    expect(uploadPercent(999, 1_000)).toBe(99);
    expect(uploadPercent(9_999_999, 10_000_000)).toBe(99);
    expect(uploadPercent(1_000, 1_000)).toBe(100);
    expect(uploadPercent(0, 0)).toBe(0);
    expect(uploadPercent(-5, 1_000)).toBe(0);
  });

  it('reads as Russian text in МБ for a file of 1 МБ or more, in КБ below', () => {
    expect(uploadProgressText(Math.round(1.27 * MIB), 3 * MIB)).toBe(`42${NBSP}%${NBSP}— 1,3 из${NBSP}3,0${NBSP}МБ`);
    expect(uploadProgressText(120 * 1_024, 1_700 * 1_024)).toBe(`7${NBSP}%${NBSP}— 0,1 из${NBSP}1,7${NBSP}МБ`);
    expect(uploadProgressText(120 * 1_024, 700 * 1_024)).toBe(`17${NBSP}%${NBSP}— 120 из${NBSP}700${NBSP}КБ`);
    expect(uploadProgressText(0, 300 * 1_024)).toBe(`0${NBSP}%${NBSP}— 0 из${NBSP}300${NBSP}КБ`);
    expect(uploadProgressText(3 * MIB, 3 * MIB)).toBe(`100${NBSP}%${NBSP}— 3,0 из${NBSP}3,0${NBSP}МБ`);
    expect(uploadProgressText(1_500 * MIB, 2_048 * MIB)).toBe(`73${NBSP}%${NBSP}— 1${NBSP}500,0 из${NBSP}2${NBSP}048,0${NBSP}МБ`);
  });
});
