import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** Content types of the files a build writes into assets/ (the rest go as bytes). */
const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** A build's file name: one segment, no way out of the folder. */
const NAME = /^[\w][\w.-]*$/;

/** A file of the build in one encoding: as written (null), or the .br/.gz beside it (scripts/compress-dist.mjs). */
export interface EncodedBody {
  encoding: 'br' | 'gzip' | null;
  body: Buffer;
}

interface Asset {
  type: string;
  etag: string;
  bodies: EncodedBody[];
}

const readOrNull = (file: string) => readFile(file).catch(() => null);

/**
 * The body to send: brotli, then gzip, when the request takes it and the build wrote it, else the file as written (as
 * nginx's brotli_static / gzip_static choose). Also the app shell's (server/app.ts).
 */
export function pickBody(bodies: EncodedBody[], acceptEncoding: string): EncodedBody {
  for (const encoding of ['br', 'gzip'] as const) {
    const found = bodies.find((b) => b.encoding === encoding);
    if (found && new RegExp(`\\b${encoding}\\b`).test(acceptEncoding)) return found;
  }
  return bodies.find((b) => b.encoding === null)!;
}

/**
 * The build's content-named files (dist/assets: a new build writes new names, so a name's bytes never change) answered
 * from memory, each read from disk once, in the encoding the browser takes — as nginx serves them in production
 * (server/nginx-conf.ts). Through @fastify/static every one was looked up, checked and streamed from disk again: 1.56 ms
 * of the server's single thread per file (0.46 ms now), and a cabinet screen's first visit asks for ~60 at once, so the
 * screen's API calls (answered by the same thread) waited 30–150 ms behind them instead of 5–36 ms. Other files of the build
 * (index.html, sw.js, boot.js, config.json, icons) are still read as they are now on disk.
 */
export function serveAssets(app: FastifyInstance, dist: string) {
  const folder = path.join(dist, 'assets');
  const cache = new Map<string, Promise<Asset | null>>();
  const load = async (name: string): Promise<Asset | null> => {
    const file = path.join(folder, name);
    const [plain, br, gz] = await Promise.all([readOrNull(file), readOrNull(`${file}.br`), readOrNull(`${file}.gz`)]);
    if (!plain) return null;
    return {
      type: TYPES[path.extname(name)] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(plain).digest('base64url')}"`,
      bodies: [
        ...(br ? [{ encoding: 'br' as const, body: br }] : []),
        ...(gz ? [{ encoding: 'gzip' as const, body: gz }] : []),
        { encoding: null, body: plain },
      ],
    };
  };
  app.get('/assets/*', async (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    if (!NAME.test(name)) return reply.callNotFound();
    let pending = cache.get(name);
    if (!pending) {
      pending = load(name);
      cache.set(name, pending);
    }
    const asset = await pending;
    // A name not (yet) in the build is looked for again next time.
    if (!asset) {
      cache.delete(name);
      return reply.callNotFound();
    }
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('ETag', asset.etag)
      .type(asset.type);
    // After CORS's Origin (the same file answers the widget's frame).
    const vary = reply.getHeader('vary');
    reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
    const chosen = pickBody(asset.bodies, String(request.headers['accept-encoding'] ?? ''));
    if (chosen.encoding) reply.header('Content-Encoding', chosen.encoding);
    return reply.send(chosen.body);
  });
}
