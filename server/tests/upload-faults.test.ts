import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import net from 'node:net';
import { createReferenceServer, type ReferenceServer } from '../app';
import { issueToken } from '../domains/auth';
import { freePort } from '../lib/free-port';
import { pointsOf } from '../lib/points';

/**
 * Uploads cut off by the network, through a real HTTP connection to the reference server: the lost answer (fault
 * dropAfterHandler), a slow line (fault uploadBytesPerSecond) and a client that leaves mid-body.
 */
let server: ReferenceServer;
let port = 0;
let token = '';
let pointId = 0;
const logged: { level: number; msg?: string }[] = [];
const BOUNDARY = '----upload-faults-boundary';

beforeAll(async () => {
  server = await createReferenceServer({ dataDir: null, testControl: true, logStream: { write: (line) => void logged.push(JSON.parse(line)) } });
  port = await freePort();
  await server.app.listen({ port, host: '127.0.0.1' });
  token = (await issueToken(server.services, 7)).result.token;
  // The demo grantee's START-2026 application returned for improvements (editable); ST_CHARTER takes PDF up to 100 MB.
  const [point] = await pointsOf(server.services).where({ _templateCode: 'START-2026', ownerId: 7 });
  pointId = point!.id;
}, 120_000);
afterAll(async () => {
  await server?.app.close();
  await server?.services.db.close();
});

const url = (path: string) => `http://127.0.0.1:${port}${path}`;

async function faults(list: unknown[]) {
  const response = await fetch(url(`/__test/faults?token=${token}`), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(list) });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function listed(): Promise<string[]> {
  const response = await fetch(url(`/hosts/main/v2/projects/list-attach?filter[pointId]=${pointId}`), { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { fileName: string }[]).map((a) => a.fileName);
}

const storedFiles = async () => Number((await server.services.db.one<{ n: string }>('SELECT count(*) AS n FROM files'))!.n);

interface Form {
  path: string;
  fields: Record<string, string>;
  fileField: string;
  fileName: string;
  size: number;
}

/** A charter (ST_CHARTER) of the grantee's application, `size` bytes. */
const charter = (fileName: string, size: number): Form => ({
  path: '/hosts/main/v2/projects/upload-attach',
  fields: { attachCode: 'ST_CHARTER', pointId: String(pointId) },
  fileField: 'file',
  fileName,
  size,
});

function multipart(form: Form) {
  const fields = Object.entries(form.fields).flatMap(([name, value]) => [`--${BOUNDARY}`, `Content-Disposition: form-data; name="${name}"`, '', value]);
  const head = Buffer.from(
    [...fields, `--${BOUNDARY}`, `Content-Disposition: form-data; name="${form.fileField}"; filename="${form.fileName}"`, 'Content-Type: application/pdf', '', ''].join('\r\n'),
  );
  const file = Buffer.alloc(form.size, 0x41);
  file.write('%PDF-1.4\n');
  return Buffer.concat([head, file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

type Outcome = { status: number; body: string; ms: number } | { error: string; ms: number };

/** One upload on a connection of its own, as a browser sends it. */
function upload(form: Form): Promise<Outcome> {
  const body = multipart(form);
  const started = Date.now();
  return new Promise((resolve) => {
    const request = http.request(url(form.path), {
      method: 'POST',
      agent: false,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': body.length },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString(), ms: Date.now() - started }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message, ms: Date.now() - started }));
    request.end(body);
  });
}

/** The client sends the headers and part of the body, then destroys its socket. */
async function cutOff(form: Form, sent: number, afterMs: number) {
  const body = multipart(form);
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  socket.on('error', () => {});
  let answer = '';
  socket.on('data', (d: Buffer) => (answer += d.toString()));
  socket.write(
    `POST ${form.path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  socket.write(body.subarray(0, sent));
  await new Promise((r) => setTimeout(r, afterMs));
  socket.destroy();
  // Time for the server to notice the close and settle the request.
  await new Promise((r) => setTimeout(r, 300));
  return answer;
}

const errorsLogged = () => logged.filter((l) => l.level >= 50);

describe('uploads cut off by the network', () => {
  it('dropAfterHandler: the file is stored and attached, the client gets no answer', async () => {
    const before = await listed();
    await faults([{ match: 'attachUpload', dropAfterHandler: true, times: 1 }]);
    const lost = await upload(charter('lost-answer.pdf', 200_000));
    expect(lost).toMatchObject({ error: expect.stringMatching(/ECONNRESET|socket hang up/) });
    const after = await listed();
    expect(after.filter((n) => n === 'lost-answer.pdf')).toHaveLength(1);
    expect(after).toHaveLength(before.length + 1);
    // Used up: the next upload is answered as usual.
    expect(await upload(charter('answered.pdf', 1_000))).toMatchObject({ status: 200 });
    expect(server.violations).toEqual([]);
    expect(errorsLogged()).toEqual([]);
  });

  it('uploadBytesPerSecond: a 1 MiB upload at 200,000 B/s takes over 4 s and is stored', async () => {
    await faults([{ match: 'attachUpload', uploadBytesPerSecond: 200_000, times: 1 }]);
    const slow = await upload(charter('slow-line.pdf', 1_048_576));
    expect(slow).toMatchObject({ status: 200, body: expect.stringContaining('slow-line.pdf') });
    expect(slow.ms).toBeGreaterThanOrEqual(4_000);
    expect((await listed()).filter((n) => n === 'slow-line.pdf')).toHaveLength(1);
    const fast = await upload(charter('fast-line.pdf', 1_048_576));
    expect(fast).toMatchObject({ status: 200 });
    expect(fast.ms).toBeLessThan(slow.ms / 2);
  }, 30_000);

  it('uploadBytesPerSecond: a file past the operation\'s limit is refused with the same 413 as at full speed', async () => {
    const attorney: Form = { path: '/hosts/main/v2/projects/upload-attorney', fields: { pointId: String(pointId) }, fileField: 'attorneyFile', fileName: 'mchd.xml', size: 2_200_000 };
    const fast = await upload(attorney);
    await faults([{ match: 'attorneyUpload', uploadBytesPerSecond: 4_000_000, times: 1 }]);
    const slow = await upload(attorney);
    expect(fast).toMatchObject({ status: 413, body: expect.stringContaining('не более 2 МБ на файл') });
    expect(slow).toMatchObject({ status: 413, body: (fast as { body: string }).body });
    // Refused when the part grows past 2 MiB, read at 4 MB/s.
    expect(slow.ms).toBeGreaterThanOrEqual(400);
    expect(server.violations).toEqual([]);
  }, 30_000);

  it('a client that destroys its socket mid-body leaves nothing stored, and the server keeps answering', async () => {
    const [before, files] = [await listed(), await storedFiles()];
    // Read at full speed: the server waits for the rest of the body when the client leaves.
    expect(await cutOff(charter('cut-off.pdf', 1_000_000), 500_000, 200)).toBe('');
    // Through the slow line: the client leaves while the server is still reading (and waiting on the line).
    await faults([{ match: 'attachUpload', uploadBytesPerSecond: 100_000 }]);
    expect(await cutOff(charter('cut-off-slow.pdf', 1_000_000), 600_000, 1_000)).toBe('');
    await faults([]);
    expect(await listed()).toEqual(before);
    expect(await storedFiles()).toBe(files);
    expect(await upload(charter('after-cut-off.pdf', 1_000))).toMatchObject({ status: 200 });
    expect(server.violations).toEqual([]);
    expect(errorsLogged()).toEqual([]);
  }, 30_000);
});

describe('fault unreachable: no network for one sign-in', () => {
  it('closes the connection of that sign-in\'s requests before anything is handled; others and later requests are answered', async () => {
    await faults([{ match: '/v2/stash', unreachable: true }]);
    const hash = '7questionnaireSTART-2026';
    const write = () =>
      fetch(url('/hosts/main/v2/stash'), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ hash, field: 'unreachable|0|0', value: 'не дошло' }),
      });
    await expect(write()).rejects.toThrow();
    const other = (await issueToken(server.services, 8)).result.token;
    const theirs = await fetch(url('/hosts/main/v2/stash?hash=8questionnaireSTART-2026'), { headers: { authorization: `Bearer ${other}` } });
    expect(theirs.status).toBe(200);
    await fetch(url(`/__test/faults?token=${token}`), { method: 'DELETE' });
    const stash = await fetch(url(`/hosts/main/v2/stash?hash=${hash}`), { headers: { authorization: `Bearer ${token}` } });
    expect(((await stash.json()) as { values: Record<string, unknown> }).values['unreachable|0|0']).toBeUndefined();
    expect((await write()).status).toBe(200);
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
  });
});
