// Builds the service worker's Background Sync script (src/sw-outbox.ts → <outDir>/sw-outbox.js): one classic script
// (IIFE), since the worker Workbox generates loads it with importScripts (vite.config.ts). It is the same code the page
// runs (src/lib/offline), bundled on its own, so the worker drains the outbox by the page's rules, not by a copy of them.
import { build } from 'vite';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SW_OUTBOX_FILE = 'sw-outbox.js';

/** Vite plugin: after the app's bundle is written, the worker's script is built beside it. */
export function swOutboxPlugin() {
  let outDir = 'dist';
  return {
    name: 'cabinet-sw-outbox',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      sequential: true,
      order: 'pre',
      async handler() {
        await buildSwOutbox(outDir);
      },
    },
  };
}

export async function buildSwOutbox(outDir) {
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    publicDir: false,
    define: { __APP_VERSION__: JSON.stringify(process.env.APP_VERSION ?? 'sw'), 'process.env.NODE_ENV': JSON.stringify('production') },
    resolve: {
      alias: [
        { find: '@', replacement: path.join(ROOT, 'src') },
        { find: /^react$/, replacement: path.join(ROOT, 'scripts/sw-stubs/react.mjs') },
      ],
    },
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      lib: { entry: path.join(ROOT, 'src/sw-outbox.ts'), formats: ['iife'], name: 'cabinetOutbox', fileName: () => SW_OUTBOX_FILE },
    },
  });
}
