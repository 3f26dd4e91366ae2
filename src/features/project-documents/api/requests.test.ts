import { describe, expect, it, vi } from 'vitest';
import { setConfig } from '@/lib/config';
import { saveSession } from '@/lib/session';
import { projectCommentsQuery } from './queries';
import { createProject, runProjectAction, updateProject, type ProjectActionInput } from './project-lifecycle';
import { addProjectComment } from './project-comments';
import { downloadProjectDocument, downloadProjectProgram, downloadProjectTemplate, downloadProjectsExport } from './project-exports';
import { parseIndicators } from './indicator-parser';
import type { IndicatorKind } from './types';

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

describe('project documents API modules', () => {
  it('creates and updates a project', async () => {
    await expectRequest(() => createProject({ name: 'Датчик', templateCode: 'START-2026' }), { method: 'POST', path: '/main/v1/projects', json: { name: 'Датчик', templateCode: 'START-2026' } });
    await expectRequest(() => updateProject({ id: 3, changes: { contractNo: '25-1' } }), { method: 'PUT', path: '/main/v1/projects/3', json: { contractNo: '25-1' } });
  });
  it.each<[ProjectActionInput, string, string, unknown]>([
    [{ id: 3, action: 'accept' }, 'PATCH', '/main/v1/projects/3/accept', null],
    [{ id: 3, action: 'reject', comment: 'Нет сметы' }, 'PATCH', '/main/v1/projects/3/reject', { comment: 'Нет сметы' }],
    [{ id: 3, action: 'send-for-approval', comment: 'Прошу согласовать' }, 'PATCH', '/main/v1/projects/3/send-for-approval', { comment: 'Прошу согласовать' }],
    [{ id: 3, action: 'review' }, 'POST', '/main/v1/projects/3/review', { comment: '' }],
  ])('runs %j', (input, method, path, json) => expectRequest(() => runProjectAction(input), { method, path, json }));
  it('reads and adds comments', async () => {
    await expectRequest(() => read(projectCommentsQuery(3)), { method: 'GET', path: '/main/v1/projects/3/comments' });
    await expectRequest(() => addProjectComment({ projectId: 3, comment: 'Готово' }), { method: 'POST', path: '/main/v1/projects/3/comments', json: { comment: 'Готово' } });
  });
  it('downloads exports and templates as Blob', async () => {
    await expectRequest(async () => expect(await downloadProjectsExport()).toBeInstanceOf(Blob), { method: 'GET', path: '/main/v1/projects/export' });
    await expectRequest(() => downloadProjectDocument(3), { method: 'GET', path: '/main/v1/projects/export-document?projectId=3' });
    await expectRequest(() => downloadProjectProgram(3), { method: 'GET', path: '/main/v1/projects/export-program?projectId=3' });
    await expectRequest(() => downloadProjectTemplate('summary'), { method: 'GET', path: '/main/v1/projects/template?templateType=summary' });
  });
  it.each<IndicatorKind>(['summary', 'years', 'performance', 'implementation-plan', 'additional-need'])('uploads to the %s parser', (kind) =>
    expectRequest(() => parseIndicators({ kind, file: new File(['x'], 'показатели.xlsx'), projectId: 3 }), {
      method: 'POST',
      path: `/main/v1/projects/indicator-parser/${kind}`,
      form: { file: ['file:показатели.xlsx'], projectId: ['3'] },
    }));
});
