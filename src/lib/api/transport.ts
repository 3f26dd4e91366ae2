import type { Middleware } from 'openapi-fetch';
import { ApiError, networkError } from './errors';
import { clearSession, getToken, needsRenewal, readSession, saveSession } from '../session';

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

let renewing: Promise<boolean> | null = null;

/** Renews the token once for all concurrent callers (POST /v1/users/renewtoken {renew_token}). */
export function renewTokenOnce(mainBaseUrl: string): Promise<boolean> {
  const session = readSession();
  if (!session?.renewToken) return Promise.resolve(false);
  renewing ??= (async () => {
    try {
      const response = await fetch(`${mainBaseUrl}/v1/users/renewtoken`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ renew_token: session.renewToken }),
      });
      if (!response.ok) return false;
      const body = (await response.json()) as { result?: { token?: string; tokenExpireAt?: unknown; renew_token?: string } };
      const result = body.result;
      if (!result?.token) return false;
      saveSession({ token: result.token, tokenExpireAt: result.tokenExpireAt, renewToken: result.renew_token ?? session.renewToken });
      return true;
    } catch {
      return false;
    } finally {
      renewing = null;
    }
  })();
  return renewing;
}

/** Adds the bearer token, renewing it first when it is about to expire (SPEC §7 "All calls send the bearer token"). */
export function authMiddleware(options: { mainBaseUrl: string; signOutOn401: boolean }): Middleware {
  return {
    async onRequest({ request }) {
      if (needsRenewal(readSession())) await renewTokenOnce(options.mainBaseUrl);
      const token = getToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
    onResponse({ response }) {
      if (response.status === 401 && options.signOutOn401) {
        clearSession();
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

/** Turns an openapi-fetch result into data or a thrown ApiError (DESIGN.md convention 5). */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  let result: FetchResult<T>;
  try {
    result = await call;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw networkError();
  }
  const { data, error, response } = result;
  if (!response.ok || error !== undefined) throw new ApiError(response.status, error);
  return data as T;
}
