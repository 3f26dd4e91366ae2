import { describe, expect, it, vi } from 'vitest';
import { setConfig } from '@/lib/config';
import { saveSession } from '@/lib/session';
import { ticketQuery } from './queries';
import { attachTicketSignature, createTicket, generateTicketBlank, runTicketAction } from './ticket-actions';

/**
 * Checks that every call of this feature's API modules sends the request the spec describes (method, path, query,
 * body, bearer token, binary answers as Blob) — without a server: fetch is replaced by a recorder.
 */
interface Sent {
  method: string;
  path: string;
  auth: string | null;
  json: unknown;
  form: Record<string, string[]> | null;
}
const sent: Sent[] = [];
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

type Expected = Partial<Omit<Sent, 'auth'>> & { method: string; path: string };

async function expectRequest(call: () => Promise<unknown>, expected: Expected) {
  const before = sent.length;
  await call();
  expect(sent.length).toBe(before + 1);
  const request = sent.at(-1)!;
  expect(request.auth).toBe('Bearer test-token');
  expect({ method: request.method, path: decodeURIComponent(request.path) }).toEqual({ method: expected.method, path: expected.path });
  if ('json' in expected) expect(request.json).toEqual(expected.json);
  if ('form' in expected) expect(request.form).toEqual(expected.form);
}

const read = (options: { queryFn?: unknown }) => (options.queryFn as () => Promise<unknown>)();

describe('tickets API modules', () => {
  it('reads a ticket', () => expectRequest(() => read(ticketQuery(4)), { method: 'GET', path: '/main/v1/projects/ticket/4' }));
  it('creates a ticket {projectId, status}', () =>
    expectRequest(() => createTicket({ projectId: 2, status: 'new' }), { method: 'POST', path: '/main/v1/projects/ticket', json: { projectId: 2, status: 'new' } }));
  it('generates the blank', () => expectRequest(() => generateTicketBlank(4), { method: 'PATCH', path: '/main/v1/projects/ticket/4/blank' }));
  it.each(['send', 'accept', 'reject', 'cancel', 'to-draft'])('runs the action %s', (action) =>
    expectRequest(() => runTicketAction({ id: 4, action }), { method: 'PATCH', path: `/main/v1/projects/ticket/4/${action}` }));
  it('attaches the signature {ticketId, fileId}', () =>
    expectRequest(() => attachTicketSignature({ ticketId: 4, fileId: 9 }), { method: 'POST', path: '/main/v1/projects/ticket-signature', json: { ticketId: 4, fileId: 9 } }));
});
