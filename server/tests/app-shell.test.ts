import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, type ReferenceServer } from '../app';

// The app shell of every address (index.html carries the theme's style sheet, ~60 KB raw): compressed like the assets
// when the browser takes it, as nginx's gzip_static does in production.
const script = `export const greeting = ${JSON.stringify('Привет, '.repeat(200))};\n`;
const html = `<!doctype html><html lang="ru"><head><style>${'.x{color:red}'.repeat(2000)}</style></head><body><div id="root"></div></body></html>`;
let dir: string;
let server: ReferenceServer;
let previous: string | undefined;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'app-shell-'));
  writeFileSync(path.join(dir, 'index.html'), html);
  writeFileSync(path.join(dir, 'index.html.gz'), gzipSync(html));
  writeFileSync(path.join(dir, 'index.html.br'), brotliCompressSync(html));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'screen-Ab12_cD3.js'), script);
  writeFileSync(path.join(dir, 'assets', 'screen-Ab12_cD3.js.gz'), gzipSync(script));
  writeFileSync(path.join(dir, 'assets', 'screen-Ab12_cD3.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dir, 'assets', 'plain-9f8e7d6c.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
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

type Answer = Awaited<ReturnType<ReferenceServer['app']['inject']>>;

/**
 * Asks with Accept-Encoding "gzip, deflate, br", "gzip, deflate" and none: brotli, gzip and plain answers that each
 * decode to `body`. Returns them (status and headers are each case's own).
 */
async function inEachEncoding(ask: (acceptEncoding: string | undefined, nth: number) => Promise<Answer>, body: string) {
  const [br, gz, plain] = await Promise.all(['gzip, deflate, br', 'gzip, deflate', undefined].map((encoding, nth) => ask(encoding, nth)));
  expect(br!.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(br!.rawPayload).toString()).toBe(body);
  expect(gz!.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gz!.rawPayload).toString()).toBe(body);
  expect(plain!.headers['content-encoding']).toBeUndefined();
  expect(plain!.body).toBe(body);
  for (const answer of [br!, gz!, plain!]) expect(answer.statusCode).toBe(200);
  return [br!, gz!, plain!];
}

describe('the reference back end serves the app shell', () => {
  it('brotli when the browser takes it, else gzip, else plain; always the same page', async () => {
    // Each encoding at another address: the shell is the same page for all.
    const answers = await inEachEncoding((encoding, nth) => open(['/tasks', '/programs/create/START-2026', '/login'][nth]!, encoding), html);
    for (const answer of answers) {
      expect(answer.headers['content-type']).toContain('text/html');
      expect(answer.headers.vary).toContain('Accept-Encoding');
    }
  });

  it('never answers an API path with the shell', async () => {
    expect((await open('/hosts/main/v1/nothing', 'br')).statusCode).toBe(404);
  });
});

const asset = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

describe('the reference back end serves the build’s named files (assets/) as nginx does', () => {
  it('brotli when the browser takes it, else gzip, else plain; the same script, cached for good', async () => {
    const answers = await inEachEncoding((encoding) => asset('/assets/screen-Ab12_cD3.js', encoding ? { 'accept-encoding': encoding } : {}), script);
    for (const answer of answers) {
      expect(answer.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.vary).toContain('Accept-Encoding');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
    // A file the build did not compress goes as it is.
    const svg = await asset('/assets/plain-9f8e7d6c.svg', { 'accept-encoding': 'br' });
    expect(svg.headers['content-encoding']).toBeUndefined();
    expect(svg.headers['content-type']).toBe('image/svg+xml');
  });

  it('answers a request that already has the file with 304', async () => {
    const first = await asset('/assets/screen-Ab12_cD3.js');
    const again = await asset('/assets/screen-Ab12_cD3.js', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('a name not in the build is 404, and found once the build writes it', async () => {
    expect((await asset('/assets/later-11aa22bb.js')).statusCode).toBe(404);
    writeFileSync(path.join(dir, 'assets', 'later-11aa22bb.js'), script);
    const found = await asset('/assets/later-11aa22bb.js');
    expect(found.statusCode).toBe(200);
    expect(found.body).toBe(script);
  });

  it('never reads outside the folder', async () => {
    // A file beside the build's folder, and the ways of naming it from assets/.
    const outside = path.join(path.dirname(dir), `${path.basename(dir)}-secret.txt`);
    writeFileSync(outside, 'secret');
    try {
      const name = path.basename(outside);
      for (const url of [`/assets/..%2F..%2F${name}`, `/assets/%2E%2E%2F%2E%2E%2F${name}`, `/assets/..%5C..%5C${name}`]) {
        const answer = await asset(url);
        expect(answer.statusCode, url).toBe(404);
        expect(answer.body).not.toContain('secret');
      }
    } finally {
      rmSync(outside, { force: true });
    }
  });
});
