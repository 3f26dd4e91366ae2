// Writes .gz and .br beside every text asset of a build, so the reference server sends them precompressed
// (what a production CDN does) and the network log shows real transfer sizes.
import { readdir, readFile, writeFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'dist');
const TEXT = /\.(js|mjs|css|html|json|svg|webmanifest|txt|xml)$/;
let count = 0;
async function walk(current) {
  for (const entry of await readdir(current, { withFileTypes: true })) {
    const full = path.join(current, entry.name);
    if (entry.isDirectory()) await walk(full);
    else if (TEXT.test(entry.name) && (await stat(full)).size > 512) {
      const body = await readFile(full);
      await writeFile(`${full}.gz`, gzipSync(body, { level: 9 }));
      await writeFile(`${full}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      count++;
    }
  }
}
await walk(dir);
console.log(`precompressed ${count} assets in ${path.relative(process.cwd(), dir) || '.'}`);
