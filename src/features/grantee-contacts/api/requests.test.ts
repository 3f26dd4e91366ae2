import { describe, expect, it, vi } from 'vitest';
import { setConfig } from '@/lib/config';
import { saveSession } from '@/lib/session';
import { granteeContactListQuery, granteeContactQuery } from './queries';
import { createGranteeContact, deleteGranteeContact, updateGranteeContact } from './grantee-contacts-records';
import { downloadGranteeContactsTemplate, exportGranteeContacts, importGranteeContacts } from './grantee-contacts-spreadsheets';

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

describe('grantee-contacts API modules', () => {
  it('lists a project\'s records, paged', () =>
    expectRequest(() => read(granteeContactListQuery({ projectId: 1 }, 2, 50)), { method: 'GET', path: '/main/v1/grantee-contacts?projectId=1&page=2&pageSize=50' }));
  it('reads one record', () => expectRequest(() => read(granteeContactQuery(7)), { method: 'GET', path: '/main/v1/grantee-contacts/7' }));
  it('creates, updates and deletes', async () => {
    await expectRequest(() => createGranteeContact({ projectId: 1, fio: 'Белова Марина Сергеевна' }), { method: 'POST', path: '/main/v1/grantee-contacts', json: { projectId: 1, fio: 'Белова Марина Сергеевна' } });
    await expectRequest(() => updateGranteeContact({ id: 7, input: { projectId: 1, fio: 'Белова Марина Сергеевна' } }), { method: 'PUT', path: '/main/v1/grantee-contacts/7', json: { projectId: 1, fio: 'Белова Марина Сергеевна' } });
    await expectRequest(() => deleteGranteeContact(7), { method: 'DELETE', path: '/main/v1/grantee-contacts/7' });
  });
  it('downloads the template and the export as Blob', async () => {
    await expectRequest(async () => expect(await downloadGranteeContactsTemplate()).toBeInstanceOf(Blob), { method: 'GET', path: '/main/v1/grantee-contacts/template' });
    await expectRequest(async () => expect(await exportGranteeContacts({ projectId: 1 })).toBeInstanceOf(Blob), { method: 'GET', path: '/main/v1/grantee-contacts/export?projectId=1' });
  });
  it('imports a spreadsheet as multipart', () => {
    const file = new File(['xlsx'], 'import.xlsx');
    return expectRequest(() => importGranteeContacts({ file, projectId: 1 }), { method: 'POST', path: '/main/v1/grantee-contacts/import', form: { file: ['file:import.xlsx'], projectId: ['1'] } });
  });
});
