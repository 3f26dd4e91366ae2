import { afterEach, describe, expect, it } from 'vitest';
import createClient from 'openapi-fetch';
import { ApiError, MALFORMED_ERROR_TEXT, TIMEOUT_ERROR_TEXT, errorToastText } from './errors';
import { REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS, fetchWithTimeout, requestTimeoutMs, testOverrideMs, unwrap } from './transport';

/** A server that never answers until the request is aborted. */
const silent = (request: Request) =>
  new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

const json = (body: string, status = 200) => async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } });

function client(fetch: (r: Request) => Promise<Response>) {
  // Untyped paths: the transport does not depend on one spec.
  return createClient<Record<string, { get: { responses: { 200: { content: { 'application/json': unknown } } } } }>>({
    baseUrl: 'http://api.test',
    fetch,
  });
}

// Node has no local storage: a map stands in for it.
const storage = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v), clear: () => storage.clear() },
});
afterEach(() => storage.clear());

describe('request time-out', () => {
  it('gives up on a server that never answers with ApiError "timeout" and a Russian message', async () => {
    const started = Date.now();
    const error = await unwrap(client(fetchWithTimeout(silent, () => 50)).GET('/v2/x' as never)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'timeout', status: 0, message: TIMEOUT_ERROR_TEXT });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(errorToastText(error, 'Произошла ошибка при получении данных')).toBe('Сервер не отвечает. Проверьте соединение и повторите.');
  });

  it('keeps the caller abort as an abort, not a time-out', async () => {
    const controller = new AbortController();
    const pending = fetchWithTimeout(silent, () => 10_000)(new Request('http://api.test/x', { signal: controller.signal }));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('bypasses the HTTP cache (a retry never waits behind a hung request to the same address)', async () => {
    let seen: RequestCache | undefined;
    await fetchWithTimeout(async (r) => {
      seen = r.cache;
      return new Response('{}');
    }, () => 1_000)(new Request('http://api.test/x'));
    expect(seen).toBe('no-store');
  });

  it('passes a timely answer through', async () => {
    const response = await fetchWithTimeout(json('{"a":1}'), () => 1_000)(new Request('http://api.test/x'));
    expect(await response.json()).toEqual({ a: 1 });
  });

  it('is 30 s (10 min for uploads) and shortened by tests only together with the test-hook flag', () => {
    expect(requestTimeoutMs()).toBe(REQUEST_TIMEOUT_MS);
    expect(requestTimeoutMs(true)).toBe(UPLOAD_TIMEOUT_MS);
    localStorage.setItem('cabinet_request_timeout_ms', '1500');
    expect(requestTimeoutMs()).toBe(REQUEST_TIMEOUT_MS);
    localStorage.setItem('cabinet_e2e_hooks', '1');
    expect(requestTimeoutMs()).toBe(1500);
    expect(testOverrideMs('cabinet_retry_delay_ms')).toBeNull();
  });
});

describe('answer guard', () => {
  it('turns a truncated JSON body into ApiError "malformed" (not "no connection")', async () => {
    const error = await unwrap(client(json('{"items": [ {"broken": ')).GET('/v2/x' as never)).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'malformed', message: MALFORMED_ERROR_TEXT });
    expect((error as ApiError).status).toBeGreaterThan(0);
  });

  it('refuses JSON that is not an object or a list', async () => {
    for (const body of ['"строка"', '42', 'true', 'null']) {
      await expect(unwrap(client(json(body)).GET('/v2/x' as never))).rejects.toMatchObject({ kind: 'malformed' });
    }
    expect(await unwrap(client(json('[1,2]')).GET('/v2/x' as never))).toEqual([1, 2]);
    expect(await unwrap(client(json('{"a":null}')).GET('/v2/x' as never))).toEqual({ a: null });
  });

  it('keeps the server message of an error answer', async () => {
    await expect(unwrap(client(json('{"message":"Сервис временно недоступен"}', 500)).GET('/v2/x' as never))).rejects.toMatchObject({
      kind: 'server',
      serverMessage: 'Сервис временно недоступен',
    });
  });
});
