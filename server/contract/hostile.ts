import { request as httpRequest } from 'node:http';
import { expect } from 'vitest';
import type { Harness } from './harness';
import { LAST_ADMIN_MESSAGE } from '../domains/users';
import { editablePoint } from './cases-screens';
import { unzip } from '../lib/zip';

/**
 * Hostile inputs of the security review: each must get a 4xx in the error shape of the specs (`message`, Russian),
 * never a 500 and never a contract violation. Raw requests (fetch / node:http), because the typed clients cannot
 * send most of them. Run by server/contract/contract.test.ts with the other contract cases.
 */
export interface HostileCase {
  name: string;
  run(h: Harness): Promise<void>;
}

interface Answer {
  status: number;
  body: { message?: string; errors?: { field?: string; message: string }[] } & Record<string, unknown>;
  text: string;
}

async function call(h: Harness, method: string, path: string, options: { token?: string; json?: unknown; raw?: string | Uint8Array | FormData; type?: string; authorization?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.authorization) headers.Authorization = options.authorization;
  else if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.type) headers['Content-Type'] = options.type;
  let body: RequestInit['body'];
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['Content-Type'] ??= 'application/json';
  } else if (options.raw !== undefined) body = options.raw as RequestInit['body'];
  const response = await fetch(`${h.baseUrl}/hosts/main${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: Answer['body'] = {};
  try {
    parsed = JSON.parse(text) as Answer['body'];
  } catch {
    // not JSON: the assertions below report it
  }
  return { status: response.status, body: parsed, text };
}

/** A 4xx with a message in Russian (the client shows `message`). */
function refused(answer: Answer, status: number | number[]) {
  const statuses = Array.isArray(status) ? status : [status];
  expect(statuses, `${answer.status}: ${answer.text.slice(0, 300)}`).toContain(answer.status);
  expect(answer.body.message, answer.text.slice(0, 300)).toMatch(/[а-яё]/i);
}

const stash = (hash: string, field: string, value: unknown, extra: Record<string, unknown> = {}) => ({ hash, field, value, ...extra });

/** Sends headers announcing `declared` bytes, then only a first chunk: how soon does the server answer? */
function answerBeforeBody(h: Harness, path: string, declared: number, headers: Record<string, string>): Promise<{ status: number; ms: number }> {
  const url = new URL(`${h.baseUrl}/hosts/main${path}`);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': String(declared), ...headers } },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, ms: Date.now() - started });
        req.destroy();
      },
    );
    req.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
    req.write(`{"hash":"7questionnaireBIG","field":"a","value":"${'x'.repeat(64 * 1024)}`);
    setTimeout(() => {
      req.destroy();
      resolve({ status: 0, ms: Date.now() - started });
    }, 5_000);
  });
}

function multipartBody(boundary: string, parts: { name: string; fileName?: string; content: string | Buffer }[], end = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName ? `; filename="${part.fileName}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.fileName ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  if (end) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

// eslint-disable-next-line no-control-regex -- control and bidi-override characters are what must not remain
const UNSAFE_IN_NAME = /[\u0000-\u001f\u202a-\u202e/\\]|^(con|nul)\./i;

export const hostileCases: HostileCase[] = [
  {
    name: "staff never receive another user's token or renew token (usersGet, userSearch, usersList)",
    async run(h) {
      const admin = await h.token('admin');
      const { rows } = await h.s.db.pg.query<{ token: string; renew_token: string }>('SELECT token, renew_token FROM tokens WHERE user_id = 2');
      const secrets = rows.flatMap((r) => [r.token, r.renew_token]);
      expect(secrets.length).toBeGreaterThan(0);
      for (const role of ['manager', 'monitor', 'monitorExt', 'admin'] as const) {
        const token = await h.token(role);
        for (const path of ['/v1/users/2', '/v1/user?id=2', '/v1/users?filter[id]=2']) {
          const answer = await call(h, 'GET', path, { token });
          expect(answer.status, `${role} ${path}`).toBe(200);
          for (const secret of secrets) expect(answer.text, `${role} ${path} leaks a token`).not.toContain(secret);
          expect(answer.text).not.toMatch(/"(token|renew_token)"/);
          expect(answer.text).toContain('"tokenExpireAt"');
        }
      }
      expect(admin).toBeTruthy();
    },
  },
  {
    name: 'the last administrator cannot lose the administrator role (422); with a second administrator it can',
    async run(h) {
      const admin = await h.token('admin');
      const answer = await call(h, 'POST', '/v1/users/setgroups', { token: admin, json: { user_id: 2, groups: [1] } });
      refused(answer, 422);
      expect(answer.body.message).toBe(LAST_ADMIN_MESSAGE);
      expect((await call(h, 'GET', '/v1/users/2', { token: admin })).body.groups).toEqual([2]);
      // Another administrator first: then the role can go (and is given back).
      expect((await call(h, 'POST', '/v1/users/setgroups', { token: admin, json: { user_id: 131, groups: [2] } })).status).toBe(200);
      expect((await call(h, 'POST', '/v1/users/setgroups', { token: admin, json: { user_id: 2, groups: [1] } })).status).toBe(200);
      const second = await h.token(131);
      expect((await call(h, 'POST', '/v1/users/setgroups', { token: second, json: { user_id: 2, groups: [2] } })).status).toBe(200);
      expect((await call(h, 'POST', '/v1/users/setgroups', { token: admin, json: { user_id: 131, groups: [8] } })).status).toBe(200);
    },
  },
  {
    name: 'the Bearer scheme is case-insensitive (RFC 7235)',
    async run(h) {
      const token = await h.token('grantee');
      for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
        expect((await call(h, 'GET', '/v1/users/info', { authorization: `${scheme} ${token}` })).status, scheme).toBe(200);
      }
      refused(await call(h, 'GET', '/v1/users/info', { authorization: `Basic ${token}` }), 401);
    },
  },
  {
    name: 'an anonymous 100 MB body is answered 401 from its headers, before the body is read',
    async run(h) {
      const answer = await answerBeforeBody(h, '/v2/stash', 100 * 1024 * 1024, {});
      expect(answer.status).toBe(401);
      expect(answer.ms).toBeLessThan(4_000);
    },
  },
  {
    name: 'a signed-in stash write past its 3 MiB limit is refused with 413 from Content-Length',
    async run(h) {
      const answer = await answerBeforeBody(h, '/v2/stash', 100 * 1024 * 1024, { Authorization: `Bearer ${await h.token('grantee')}` });
      expect(answer.status).toBe(413);
      const full = await call(h, 'POST', '/v2/stash', { token: await h.token('grantee'), json: stash('7questionnaireBIG', 'a', 'ж'.repeat(1_700_000)) });
      refused(full, 413);
      expect(full.body.message).toContain('не более 3 МБ');
    },
  },
  {
    name: 'stash: seq of 2^63 or 1e300, NUL characters, a lone surrogate, deep JSON, a 100 KB field name, a 10 KB hash',
    async run(h) {
      const token = await h.token('grantee');
      const post = (raw: string) => call(h, 'POST', '/v2/stash', { token, raw, type: 'application/json' });
      refused(await post('{"hash":"7questionnaireH","field":"a","value":1,"seq":9223372036854775808}'), [400, 422]);
      refused(await post('{"hash":"7questionnaireH","field":"a","value":1,"seq":1e300}'), [400, 422]);
      refused(await post('{"hash":"7questionnaireH","field":"a","value":"a\\u0000b"}'), 400);
      refused(await post('{"hash":"7questionnaireH","field":"a\\u0000","value":"x"}'), 400);
      refused(await post('{"hash":"7questionnaire\\u0000H","field":"a","value":"x"}'), 400);
      refused(await post('{"hash":"7questionnaireH","field":"a","value":{"k\\u0000":1}}'), 400);
      refused(await post('{"hash":"7questionnaireH","field":"a","value":"\\ud800"}'), 400);
      refused(await post('{"hash":"7questionnaireH","field":"a","value":"\\udc00x"}'), 400);
      refused(await post(`{"hash":"7questionnaireH","field":"a","value":${'['.repeat(10_000)}${']'.repeat(10_000)}}`), 400);
      refused(await post(JSON.stringify(stash('7questionnaireH', 'f'.repeat(100 * 1024), 'x'))), 422);
      refused(await post(JSON.stringify(stash(`7questionnaire${'h'.repeat(10 * 1024)}`, 'a', 'x'))), 422);
      refused(await call(h, 'GET', `/v2/stash?hash=7questionnaire${'h'.repeat(10 * 1024)}`, { token }), 400);
      refused(await call(h, 'GET', '/v2/stash?hash=7questionnaire%00H', { token }), 400);
      refused(await call(h, 'DELETE', `/v2/stash/field?hash=7questionnaireH&field=a&seq=9223372036854775808`, { token }), 400);
      refused(await post('{"hash":"7questionnaireH",'), 400);
      refused(await call(h, 'POST', '/v2/stash', { token, raw: 'hash=1', type: 'text/xml' }), 400);
      // A surrogate pair (emoji) is fine.
      expect((await post(JSON.stringify(stash('7questionnaireH', 'a', 'ок 😀')))).status).toBe(200);
    },
  },
  {
    name: 'ids past the integer range answer 400, not 500',
    async run(h) {
      const token = await h.token('admin');
      refused(await call(h, 'GET', '/v1/users/99999999999', { token }), 400);
      refused(await call(h, 'GET', '/v1/users/1e300', { token }), 400);
    },
  },
  {
    name: 'notes: a note or a point of another user answers 404/403 (declared in the spec)',
    async run(h) {
      const mine = await call(h, 'GET', '/v2/projects/notes', { token: await h.token('grantee') });
      const noteId = (mine.body as unknown as { id: number }[])[0]!.id;
      const other = await h.token('user');
      refused(await call(h, 'POST', '/v2/projects/notes', { token: other, json: { id: noteId, name: 'чужой' } }), [403, 404]);
      const points = await call(h, 'GET', '/v2/projects/project-point?pageSize=1', { token: await h.token('grantee') });
      const pointId = (points.body as unknown as { items: { id: number }[] }).items[0]!.id;
      refused(await call(h, 'POST', '/v2/projects/notes', { token: other, json: { pointId } }), [403, 404]);
      refused(await call(h, 'POST', '/v2/projects/notes', { token: other, json: { id: 2147483647, name: 'нет' } }), 404);
    },
  },
  {
    name: 'file names: bidi overrides, control characters, device names and 370 characters are cleaned in storage, zip entries and Content-Disposition',
    async run(h) {
      const token = await h.token('grantee');
      const { pointId } = await editablePoint(h, 'Контрактный тест: имена файлов');
      const boundary = 'namesboundary';
      const long = `${'д'.repeat(370)}.pdf`;
      const names = { 'Выписка\u202Efdp.pdf': 'Выпискаfdp.pdf', 'CON.pdf': '_CON.pdf', 'ctl\u0001\u0007.pdf': 'ctl.pdf', '..\\..\\boot.pdf': 'boot.pdf' };
      const stored: string[] = [];
      for (const name of [...Object.keys(names), long]) {
        const body = multipartBody(boundary, [
          { name: 'attachCode', content: 'ATT_KM_BUSINESS_PLAN' },
          { name: 'pointId', content: String(pointId) },
          { name: 'file', fileName: name, content: '%PDF-1.4 имя' },
        ]);
        const answer = await call(h, 'POST', '/v2/projects/upload-attach', { token, raw: body, type: `multipart/form-data; boundary=${boundary}` });
        expect(answer.status, answer.text.slice(0, 300)).toBe(200);
        stored.push(String(answer.body.fileName));
        const download = await fetch(`${h.baseUrl}/hosts/main/v2/projects/download-attach/${String(answer.body.id)}`, { headers: { Authorization: `Bearer ${token}` } });
        const disposition = decodeURIComponent(download.headers.get('content-disposition')!.split("UTF-8''")[1]!);
        expect(disposition).toBe(answer.body.fileName);
      }
      expect(stored.slice(0, 4)).toEqual(Object.values(names));
      expect(Array.from(stored[4]!)).toHaveLength(200);
      expect(stored[4]!.endsWith('д.pdf')).toBe(true);
      const listed = await call(h, 'GET', `/v2/projects/list-attach?filter[pointId]=${pointId}`, { token });
      for (const file of listed.body as unknown as { fileName: string; originalFileName?: string | null }[]) {
        for (const name of [file.fileName, file.originalFileName ?? '']) expect(name).not.toMatch(UNSAFE_IN_NAME);
      }
      // Raw names already in the database (stored before the cleaning) leave the zip cleaned too.
      await h.s.db.pg.query(`UPDATE docs SET data = jsonb_set(data, '{originalFileName}', to_jsonb($2::text)) WHERE collection = 'attachments' AND (data->>'_pointId')::int = $1`, [pointId, 'Счёт\u202Efdp.exe']);
      const zip = await fetch(`${h.baseUrl}/hosts/main/v2/projects/zip/${pointId}`, { headers: { Authorization: `Bearer ${token}` } });
      expect(zip.status).toBe(200);
      const entries = [...unzip(Buffer.from(await zip.arrayBuffer())).keys()];
      expect(entries).toContain('Счётfdp.exe');
      expect(entries).toContain('Счётfdp (2).exe');
      for (const entry of entries) expect(entry).not.toMatch(UNSAFE_IN_NAME);
    },
  },
  {
    name: 'uploads: a file past the limit of the call (413), 25 file parts (413), a broken multipart boundary (400)',
    async run(h) {
      const token = await h.token('grantee');
      const boundary = 'hostileboundary';
      const type = `multipart/form-data; boundary=${boundary}`;
      const attorney = multipartBody(boundary, [
        { name: 'pointId', content: '1' },
        { name: 'attorneyFile', fileName: 'мчд.xml', content: Buffer.alloc(2 * 1024 * 1024 + 10, 'a') },
      ]);
      const big = await call(h, 'POST', '/v2/projects/upload-attorney', { token, raw: attorney, type });
      refused(big, 413);
      expect(big.body.message).toContain('не более 2 МБ');
      const many = multipartBody(boundary, [
        { name: 'pointId', content: '1' },
        ...Array.from({ length: 25 }, (_, i) => ({ name: 'file', fileName: `f${i}.txt`, content: 'x' })),
      ]);
      refused(await call(h, 'POST', '/v2/projects/upload-attach', { token, raw: many, type }), 413);
      // A file larger than the JSON limit but within the file limit of its call is taken.
      const { pointId } = await editablePoint(h, 'Контрактный тест: большой файл');
      const large = multipartBody(boundary, [
        { name: 'attachCode', content: 'ATT_KM_BUSINESS_PLAN' },
        { name: 'pointId', content: String(pointId) },
        { name: 'file', fileName: 'план.pdf', content: Buffer.concat([Buffer.from('%PDF-1.4 '), Buffer.alloc(5 * 1024 * 1024, 'a')]) },
      ]);
      const taken = await call(h, 'POST', '/v2/projects/upload-attach', { token, raw: large, type });
      expect(taken.status, taken.text.slice(0, 300)).toBe(200);
      const broken = multipartBody(boundary, [{ name: 'file', fileName: 'a.txt', content: 'abc' }], false);
      refused(await call(h, 'POST', '/v2/projects/upload-attach', { token, raw: broken, type }), 400);
      refused(await call(h, 'POST', '/v2/projects/upload-attach', { token, raw: attorney, type: 'multipart/form-data; boundary=other' }), 400);
      refused(await call(h, 'POST', '/v2/projects/upload-attach', { token, raw: attorney, type: 'multipart/form-data' }), 400);
    },
  },
];
