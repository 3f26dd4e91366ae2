import { timeoutError } from './errors';
import { requestTimeoutMs } from './transport';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadHooks {
  /** Each upload progress event in order, then one at 100 % when the body is sent (unless the last event was already). */
  onProgress?: (progress: UploadProgress) => void;
  /** Every byte was handed to the network: a failure after this leaves the outcome unknown (the server may have it). */
  onBodySent?: () => void;
  /** Abort: the call rejects as fetch does (the signal's reason, a DOMException "AbortError" by default). */
  signal?: AbortSignal;
  /** No upload progress for this long while sending → ApiError kind "timeout". */
  stallTimeoutMs?: number;
  /** After the body is sent, no sign of the answer for this long → ApiError kind "timeout". */
  answerTimeoutMs?: number;
}

/** How long an upload may go without progress before it counts as stalled. */
export const UPLOAD_STALL_TIMEOUT_MS = 60_000;

// XMLHttpRequest.HEADERS_RECEIVED: the status and headers of the answer have arrived.
const HEADERS_RECEIVED = 2;
// Statuses whose Response must have no body (the Response constructor throws otherwise).
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * The `fetch` option of one openapi-fetch call: sends `body` (the FormData or Blob the call was given) over XHR, which
 * reports upload progress; method, URL and headers come from the Request after the middleware, its stream is never read.
 */
export function xhrFetch(body: FormData | Blob, hooks: UploadHooks = {}): (request: Request) => Promise<Response> {
  return (request) =>
    new Promise<Response>((resolve, reject) => {
      const signals = [hooks.signal, request.signal].filter((s): s is AbortSignal => !!s);
      const aborted = signals.find((s) => s.aborted);
      if (aborted) {
        reject(abortReason(aborted));
        return;
      }

      const xhr = new XMLHttpRequest();
      const cleanups: (() => void)[] = [];
      let timer: ReturnType<typeof setTimeout> | undefined;
      let settled = false;
      let bodySent = false;
      let last: UploadProgress | null = null;

      const listen = <T extends Event>(target: EventTarget, type: string, handler: (event: T) => void) => {
        const listener = handler as EventListener;
        target.addEventListener(type, listener);
        cleanups.push(() => target.removeEventListener(type, listener));
      };
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        for (const cleanup of cleanups.splice(0)) cleanup();
        outcome();
      };
      const fail = (error: unknown, abortXhr: boolean) =>
        finish(() => {
          // Listeners are gone before abort(), so its own abort event settles nothing twice.
          if (abortXhr) xhr.abort();
          reject(error);
        });
      const arm = (ms: number) => {
        clearTimeout(timer);
        timer = setTimeout(() => fail(timeoutError(), true), ms);
      };
      const stallMs = hooks.stallTimeoutMs ?? UPLOAD_STALL_TIMEOUT_MS;
      const answerMs = hooks.answerTimeoutMs ?? requestTimeoutMs();
      const progress = (next: UploadProgress) => {
        last = next;
        safely(() => hooks.onProgress?.(next));
      };

      for (const signal of signals) listen(signal, 'abort', () => fail(abortReason(signal), true));

      listen<ProgressEvent>(xhr.upload, 'progress', (event) => {
        if (bodySent) return;
        arm(stallMs);
        progress({ loaded: event.loaded, total: event.lengthComputable ? event.total : (last?.total ?? blobSize(body)) });
      });
      listen(xhr.upload, 'load', () => {
        if (bodySent) return;
        bodySent = true;
        arm(answerMs);
        const total = last?.total || blobSize(body);
        if (total > 0 && !(last && last.loaded === total)) progress({ loaded: total, total });
        safely(() => hooks.onBodySent?.());
      });
      // Any sign of the answer (headers, download progress) restarts the answer time-out: a slow but live answer is kept.
      listen(xhr, 'readystatechange', () => {
        if (bodySent && xhr.readyState >= HEADERS_RECEIVED) arm(answerMs);
      });
      listen(xhr, 'progress', () => {
        if (bodySent) arm(answerMs);
      });
      listen(xhr, 'load', () => {
        const response = toResponse(xhr);
        if (response) finish(() => resolve(response));
        else fail(new TypeError('Failed to fetch'), false);
      });
      listen(xhr, 'error', () => fail(new TypeError('Failed to fetch'), false));
      listen(xhr, 'timeout', () => fail(timeoutError(), false));
      listen(xhr, 'abort', () => fail(new DOMException('The operation was aborted.', 'AbortError'), false));

      try {
        xhr.open(request.method, request.url, true);
        xhr.responseType = 'blob';
        xhr.withCredentials = request.credentials === 'include';
        request.headers.forEach((value, name) => {
          // XHR writes the multipart Content-Type with its own boundary; the Request's one names a different boundary.
          if (body instanceof FormData && name.toLowerCase() === 'content-type') return;
          xhr.setRequestHeader(name, value);
        });
        arm(stallMs);
        xhr.send(body);
      } catch (error) {
        fail(error instanceof TypeError || error instanceof DOMException ? error : new TypeError('Failed to fetch'), true);
      }
    });
}

/** A throwing hook must not stop the upload's own bookkeeping; its error is still reported. */
function safely(hook: () => void): void {
  try {
    hook();
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

function blobSize(body: FormData | Blob): number {
  return body instanceof Blob ? body.size : 0;
}

/** The XHR answer as a fetch Response (null when there is none: status 0 or one a Response cannot carry). */
function toResponse(xhr: XMLHttpRequest): Response | null {
  const { status } = xhr;
  if (status < 200 || status > 599) return null;
  const headers = parseHeaders(xhr.getAllResponseHeaders());
  const content = NULL_BODY_STATUSES.has(status) ? null : ((xhr.response as Blob | ArrayBuffer | null) ?? null);
  try {
    return new Response(content, { status, statusText: xhr.statusText, headers });
  } catch {
    // A status text a Response refuses (not a valid reason phrase) must not lose the answer.
    return new Response(content, { status, headers });
  }
}

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      // A header the Headers class refuses is dropped, as fetch never exposes such a one either.
    }
  }
  return headers;
}

