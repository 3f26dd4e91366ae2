import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, type ReferenceServer } from '../app';

// The app shell of every address (index.html carries the theme's style sheet, ~60 KB raw): compressed like the assets
// when the browser takes it, as nginx's gzip_static does in production.
const html = `<!doctype html><html lang="ru"><head><style>${'.x{color:red}'.repeat(2000)}</style></head><body><div id="root"></div></body></html>`;
let dir: string;
let server: ReferenceServer;
let previous: string | undefined;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'app-shell-'));
  writeFileSync(path.join(dir, 'index.html'), html);
  writeFileSync(path.join(dir, 'index.html.gz'), gzipSync(html));
  writeFileSync(path.join(dir, 'index.html.br'), brotliCompressSync(html));
  previous = process.env.DIST_DIR;
  process.env.DIST_DIR = dir;
  server = await createReferenceServer({ dataDir: null, serveApp: true });
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (previous === undefined) delete process.env.DIST_DIR;
  else process.env.DIST_DIR = previous;
  rmSync(dir, { recursive: true, force: true });
});

const open = (url: string, encoding?: string) =>
  server.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(encoding !== undefined && { 'accept-encoding': encoding }) } });

describe('the reference back end serves the app shell', () => {
  it('brotli when the browser takes it, else gzip, else plain; always the same page', async () => {
    const br = await open('/tasks', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(html);
    const gz = await open('/programs/create/START-2026', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(html);
    const plain = await open('/login');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
    for (const answer of [br, gz, plain]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toContain('text/html');
      expect(answer.headers.vary).toContain('Accept-Encoding');
    }
  });

  it('never answers an API path with the shell', async () => {
    expect((await open('/hosts/main/v1/nothing', 'br')).statusCode).toBe(404);
  });
});
