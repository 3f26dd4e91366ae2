import type { Middleware } from 'openapi-fetch';
import { ApiError, malformedError, networkError, timeoutError } from './errors';
import { SESSION_EXPIRED_TEXT, clearSession, isExpired, needsRenewal, noteRefusedSession, readSession, rememberSignOutNotice, saveSession } from '../session';

/**
 * Hooks the app registers at start-up (lib must not import the router).
 * SPEC §8: 401 from the main APIs removes the token and goes to login; 403/404 are handled where the call is made
 * (route loaders turn them into the access-denied and not-found screens).
 */
export interface TransportHooks {
  onUnauthorized: () => void;
}

let hooks: TransportHooks = { onUnauthorized: () => undefined };

export function setTransportHooks(next: TransportHooks): void {
  hooks = next;
}

/**
 * Every call gives up after this long without an answer (the issue "Broken servers": a server that never answers must
 * end in a clear message, not an endless spinner). Uploads get longer: a large file on a slow line is legitimate.
 */
export const REQUEST_TIMEOUT_MS = 30_000;
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;
/**
 * End-to-end tests shorten waits (the request time-out, the delay between query retries) through local storage, only
 * together with the test-hook flag; null when not set.
 */
export function testOverrideMs(key: 'cabinet_request_timeout_ms' | 'cabinet_retry_delay_ms'): number | null {
  try {
    if (typeof localStorage !== 'undefined' && localStorage.getItem('cabinet_e2e_hooks') === '1') {
      const override = Number(localStorage.getItem(key));
      if (override > 0) return override;
    }
  } catch {
    // Storage blocked: the default applies.
  }
  return null;
}

export function requestTimeoutMs(upload = false): number {
  return testOverrideMs('cabinet_request_timeout_ms') ?? (upload ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS);
}

type FetchLike = (request: Request) => Promise<Response>;

/**
 * fetch with a time-out until the answer starts (headers): a time-out throws ApiError kind "timeout"; the caller's own
 * abort signal still works and keeps its own reason. Given to every openapi-fetch client.
 */
export function fetchWithTimeout(base: (input: Request) => Promise<Response> = (r) => fetch(r), timeoutMs?: (request: Request) => number): FetchLike {
  return async (request) => {
    const upload = (request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data');
    const ms = timeoutMs ? timeoutMs(request) : requestTimeoutMs(upload);
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A race, not only an abort: the time-out holds even where an abort does not reach the pending fetch.
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(timeoutError());
        controller.abort();
      }, ms);
    });
    const outer = request.signal;
    const forward = () => controller.abort(outer.reason);
    if (outer.aborted) forward();
    else outer.addEventListener('abort', forward, { once: true });
    // API answers are cached by the query layer, never by the HTTP cache: bypassing it also keeps a retry from waiting
    // behind an earlier request to the same address that still hangs (the browser's cache lock holds it up to 20 s).
    const cache = request.cache === 'default' ? 'no-store' : request.cache;
    const answer = base(new Request(request, { signal: controller.signal, cache }));
    answer.catch(() => undefined);
    try {
      return await Promise.race([answer, timedOut]);
    } finally {
      clearTimeout(timer);
      outer.removeEventListener('abort', forward);
    }
  };
}

let renewing: Promise<boolean> | null = null;
/** How long the renewing tab keeps the lock after saving the new session (see renewTokenOnce). */
const HANDOVER_MS = 300;
/** How long a refused renewal waits for another tab's new session before the session counts as ended. */
const ELSEWHERE_WAIT_MS = 3_000;

/** Polls `done` every 100 ms until it holds or `ms` pass; resolves with whether it held. */
async function waitFor(done: () => boolean, ms: number): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (done()) return true;
  }
  return false;
}

/** Tabs of the app renew one at a time: a renew token works once, so a second tab must take the first one's result. */
const RENEW_LOCK = 'cabinet-token-renew';

/** Renews the token once for all concurrent callers (POST /v1/users/renewtoken {renew_token}), across tabs too. */
export function renewTokenOnce(mainBaseUrl: string): Promise<boolean> {
  const before = readSession();
  if (!before?.renewToken) return Promise.resolve(false);
  const renewedElsewhere = () => {
    const now = readSession();
    return !!now && now.token !== before.token && !needsRenewal(now);
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const run = async (): Promise<boolean> => {
    // Another tab (or an earlier call) renewed while this one waited for the lock.
    if (renewedElsewhere()) return true;
    const session = readSession();
    if (!session?.renewToken) return false;
    try {
      const response = await fetch(`${mainBaseUrl}/v1/users/renewtoken`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ renew_token: session.renewToken }),
      });
      // Refused: another tab may have used this renew token a moment ago and its new session is still on its way here.
      // (Only where tabs share the lock: a lone client has nobody to wait for.)
      if (!response.ok) return renewedElsewhere() || (!!locks && response.status === 401 && (await waitFor(renewedElsewhere, ELSEWHERE_WAIT_MS)));
      const body = (await response.json()) as { result?: { token?: string; tokenExpireAt?: unknown; renew_token?: string } };
      const result = body.result;
      if (!result?.token) return false;
      saveSession({ token: result.token, tokenExpireAt: result.tokenExpireAt, renewToken: result.renew_token ?? session.renewToken });
      // Local storage reaches other tabs asynchronously, the lock's release may come first: holding the lock a little
      // longer lets the tab waiting for it see the new session instead of spending the used renew token.
      if (locks) await new Promise((resolve) => setTimeout(resolve, HANDOVER_MS));
      return true;
    } catch {
      return false;
    }
  };
  // The lock's promise settles with what run() resolves to.
  renewing ??= (locks ? (locks.request(RENEW_LOCK, run) as unknown as Promise<boolean>) : run()).finally(() => {
    renewing = null;
  });
  return renewing;
}

/** What a call made after a sign-out answers (a screen still open, another tab signed out). */
export const SIGNED_OUT_TEXT = 'Вы вышли из системы. Войдите снова.';

/** The sign-in exchange itself needs no bearer token (a stale one from an ended session must not stop it). */
const SIGN_IN_CALL = /\/v1\/users\/(setcode|renewtoken)(\?|$)/;

/** What a call answers when it was not sent: the session ran out, or nobody is signed in. */
function unsentUnauthorized(message: string): Response {
  return new Response(JSON.stringify({ name: 'Unauthorized', message, code: 0, status: 401 }), {
    status: 401,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Adds the bearer token (SPEC §7 "All calls send the bearer token"). Expiry is handled before the call: a token about
 * to expire is renewed first; an expired one that cannot be renewed is never sent — the user is signed out with a
 * message instead (the server would only answer 401).
 */
export function authMiddleware(options: { mainBaseUrl: string; signOutOn401: boolean }): Middleware {
  return {
    async onRequest({ request }) {
      if (SIGN_IN_CALL.test(new URL(request.url, 'http://local').pathname)) return request;
      let session = readSession();
      if (session && needsRenewal(session)) {
        await renewTokenOnce(options.mainBaseUrl);
        session = readSession();
      }
      if (session && isExpired(session)) {
        if (options.signOutOn401) {
          clearSession();
          rememberSignOutNotice(SESSION_EXPIRED_TEXT);
          hooks.onUnauthorized();
        }
        return unsentUnauthorized(SESSION_EXPIRED_TEXT);
      }
      if (!session) {
        // Every call but the sign-in ones needs the token (the specs' security): without a session nothing is sent —
        // the server would only answer 401 (SPEC §8). A screen still open after a sign-out goes to the login page.
        if (options.signOutOn401) hooks.onUnauthorized();
        return unsentUnauthorized(SIGNED_OUT_TEXT);
      }
      request.headers.set('Authorization', `Bearer ${session.token}`);
      return request;
    },
    onResponse({ response }) {
      if (response.status === 401 && options.signOutOn401) {
        clearSession();
        noteRefusedSession();
        hooks.onUnauthorized();
      }
      return response;
    },
  };
}

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * Turns an openapi-fetch result into data or a thrown ApiError (DESIGN.md convention 5). A light guard on the answer:
 * a body that is not JSON (a truncated answer) or a JSON answer that is not an object or a list becomes ApiError kind
 * "malformed" with a plain Russian message, so screens show an error state instead of crashing on it.
 */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  let result: FetchResult<T>;
  try {
    result = await call;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // openapi-fetch parses only successful answers; a SyntaxError means a 2xx whose body is not JSON.
    if (error instanceof SyntaxError) throw malformedError(200);
    throw networkError();
  }
  const { data, error, response } = result;
  if (!response.ok || error !== undefined) throw new ApiError(response.status, error);
  if (isJson(response) && data !== undefined && (data === null || typeof data !== 'object')) throw malformedError(response.status);
  return data as T;
}

function isJson(response: Response): boolean {
  return /[/+]json\b/i.test(response.headers?.get('Content-Type') ?? '');
}
