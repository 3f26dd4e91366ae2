import { expect, vi } from 'vitest';
import { setConfig } from '../config';
import { saveSession } from '../session';

/**
 * Test helper for the API modules: replaces fetch with a recorder (and localStorage with a map), so a test checks that
 * a call sends the request the spec describes (method, path, query, body, bearer token) without a server.
 * Call `recordRequests()` once at the top of a test file.
 */
export interface Sent {
  method: string;
  path: string;
  auth: string | null;
  json: unknown;
  form: Record<string, string[]> | null;
}
const sent: Sent[] = [];

export function recordRequests(): void {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, String(v)),
    removeItem: (k: string) => void store.delete(k),
    clear: () => store.clear(),
    key: (i: number) => [...store.keys()][i] ?? null,
    get length() {
      return store.size;
    },
  });
  vi.stubGlobal('fetch', async (request: Request) => {
    const type = request.headers.get('content-type') ?? '';
    let json: unknown = null;
    let form: Record<string, string[]> | null = null;
    if (type.startsWith('application/json')) json = JSON.parse(await request.text());
    if (type.startsWith('multipart/form-data')) {
      form = {};
      for (const [key, value] of (await request.formData()).entries()) (form[key] ??= []).push(typeof value === 'string' ? value : `file:${(value as File).name}`);
    }
    const url = new URL(request.url);
    sent.push({ method: request.method, path: url.pathname + url.search, auth: request.headers.get('authorization'), json, form });
    return new Response(JSON.stringify({ id: 1, success: true }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  setConfig({
    apiMain: 'https://api.test/main',
    apiContest: 'https://api.test/contest',
    apiMessages: 'https://api.test/messages',
    apiSupport: 'https://api.test/support',
    authorizeUrl: 'https://sso.test/authorize',
    clientId: 'test',
    widgetUrl: 'https://widget.test/w.js',
    messagingProject: 'grants-cabinet',
    signingMode: 'demo',
  });
  saveSession({ token: 'test-token', tokenExpireAt: null, renewToken: null });
}

export type Expected = Partial<Omit<Sent, 'auth'>> & { method: string; path: string };

export async function expectRequest(call: () => Promise<unknown>, expected: Expected) {
  const before = sent.length;
  await call();
  expect(sent.length).toBe(before + 1);
  const request = sent.at(-1)!;
  expect(request.auth).toBe('Bearer test-token');
  expect({ method: request.method, path: decodeURIComponent(request.path) }).toEqual({ method: expected.method, path: expected.path });
  if ('json' in expected) expect(request.json).toEqual(expected.json);
  if ('form' in expected) expect(request.form).toEqual(expected.form);
}

/** Runs the queryFn of a queryOptions object. */
export const read = (options: { queryFn?: unknown }) => (options.queryFn as () => Promise<unknown>)();
