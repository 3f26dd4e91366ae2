/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import { bundleStats } from './scripts/bundle-stats.mjs';
import { bootPreload } from './scripts/boot-preload.mjs';
import { cssText, systemCssPlugin } from './scripts/system-css.mjs';
import { lazySystemGlobals } from './scripts/lazy-system-globals.mjs';
import { tokenSnapshotPlugin } from './scripts/token-snapshot.mjs';
import { reactSentinels } from './scripts/react-sentinels.mjs';
import { PLANNING, screenChunks } from './scripts/screen-chunks.mjs';
import { emotionLayersContract } from './scripts/emotion-layers-contract.mjs';
import { compileHints } from './scripts/compile-hints.mjs';
import { SW_OUTBOX_FILE, swOutboxPlugin } from './scripts/sw-outbox.mjs';

// Same-origin prefixes of the reference back end; the dev server proxies them to it.
const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:8080';
const proxied = ['/hosts', '/sso', '/widget', '/config.json', '/files'];

const appVersion = process.env.APP_VERSION ?? new Date().toISOString();

// BUILD_PATCHES_OFF=token-snapshot,react-sentinels (names, comma-separated): the build without those patches of other
// packages, so that what each one buys can be measured against the usual build (docs/dependency-upgrades.md).
// Unset, the build is the usual one. The names:
// - system-css, lazy-system-globals, token-snapshot, react-sentinels: the plugins below.
//   system-css off: index.html keeps the layer order and the classes of src/app/hot-styles.ts (the app's own CSS, its
//   lists are drawn with those classes) but not the system's global styles (reset, base, tokens), and Chakra's provider
//   gets the whole system (src/app/theme.ts `renderedSystem`), so it inserts them at run time as without the patch.
//   lazy-system-globals keeps working then (`_global` is a getter, read by the provider's first render).
// - lodash, react-overlays, use-sync-external-store: the resolve.alias entries of those names.
// - emotion-layers: src/app/emotion-layers.ts' `KeepLayerBlocks` renders nothing (emotion inserts its rules as it does).
// None needs another to build or run; an unknown name fails the build.
const PATCHES = [
  'system-css',
  'lazy-system-globals',
  'token-snapshot',
  'react-sentinels',
  'lodash',
  'react-overlays',
  'use-sync-external-store',
  'emotion-layers',
];
const patchesOff = new Set((process.env.BUILD_PATCHES_OFF ?? '').split(',').map((name) => name.trim()).filter(Boolean));
for (const name of patchesOff) {
  if (!PATCHES.includes(name)) throw new Error(`BUILD_PATCHES_OFF: no patch named "${name}" (${PATCHES.join(', ')})`);
}
const patch = <T,>(name: string, ...value: T[]): T[] => (patchesOff.has(name) ? [] : value);

/** BUILD_PATCHES_OFF=system-css: the usual style sheet of index.html without the system's global styles. */
const withoutSystemGlobals = () => [
  {
    name: 'system-css-off:html',
    async transformIndexHtml(html: string) {
      const { getSystem } = await import('./src/app/theme');
      const globals = cssText([getSystem()._global]);
      if (!html.includes(globals)) throw new Error('BUILD_PATCHES_OFF=system-css: the global styles are not in index.html');
      return html.replace(globals, '');
    },
  },
  {
    name: 'system-css-off:provider',
    enforce: 'pre' as const,
    transform(code: string, id: string) {
      if (id.split('?')[0] !== fileURLToPath(new URL('./src/app/theme.ts', import.meta.url))) return null;
      const withoutGlobals = ', _global: { value: [], enumerable: true }';
      if (!code.includes(withoutGlobals)) throw new Error('BUILD_PATCHES_OFF=system-css: src/app/theme.ts renderedSystem changed');
      return { code: code.replace(withoutGlobals, ''), map: null };
    },
  },
];

/** BUILD_PATCHES_OFF=emotion-layers: the signed-in layout without the tape of layer blocks. */
const withoutEmotionLayers = () => ({
  name: 'emotion-layers-off',
  enforce: 'pre' as const,
  load(id: string) {
    if (id.split('?')[0] !== fileURLToPath(new URL('./src/app/emotion-layers.ts', import.meta.url))) return null;
    return 'export const KeepLayerBlocks = () => null;';
  },
});

// Recipe files of the cabinet screens (src/app/theme-cabinet.ts): kept out of the startup chunk, they load with the
// first signed-in screen. `fieldSlotRecipe` → theme/recipes/field.js, `nativeSelectSlotRecipe` → native-select.js.
const cabinetRecipeFiles = new Set(
  [...readFileSync(new URL('./src/app/theme-cabinet.ts', import.meta.url), 'utf8').matchAll(/^\s+(\w+?)(?:Slot)?Recipe,$/gm)].map(
    ([, name = '']) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.js`,
  ),
);
const isCabinetRecipe = (id: string) => /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]recipes[\\/]/.test(id) && cabinetRecipeFiles.has(id.split(/[\\/]/).pop()!);

/** The signed-in layout's first-load modules (bootPreload's `cabinet`). */
const CABINET_ROOTS = ['src/app/theme-cabinet.ts', 'src/routes/_cabinet.tsx?tsr-split=component'];
/** Modules a screen imports at once besides its route's component (bootPreload and scripts/screen-chunks.mjs). */
const SCREEN_EXTRA = { '_cabinet/calendar': ['src/features/calendar/components/calendar-screen.tsx'] };
// The chunks of each screen's first load by the screens that load them (scripts/screen-chunks.mjs); the cabinet
// layout's recipes come with every signed-in screen.
const screens = screenChunks({ extra: { ...SCREEN_EXTRA, _cabinet: ['src/app/theme-cabinet.ts'] } });

// The lodash functions react-big-calendar imports (its ES build: `import chunk from 'lodash/chunk'`, …).
const RBC_LODASH = ['chunk', 'defaults', 'findIndex', 'isEqual', 'mapValues', 'omit', 'range', 'sortBy', 'transform'];

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // react-big-calendar's lodash functions (CommonJS lodash: ~20 KiB gzip of the calendar chunk) as plain ES
      // functions for the calls it makes (src/features/calendar/vendor/lodash/README.md). Only the nine it imports.
      ...patch('lodash', {
        find: new RegExp(`^lodash/(${RBC_LODASH.join('|')})$`),
        replacement: fileURLToPath(new URL('./src/features/calendar/vendor/lodash/$1.ts', import.meta.url)),
      }),
      // Its "ещё N" popup (react-overlays + @popperjs/core) is off in the calendar screen (popup={false}): never drawn.
      ...patch('react-overlays', { find: /^react-overlays$/, replacement: fileURLToPath(new URL('./src/features/calendar/vendor/react-overlays-off.ts', import.meta.url)) }),
      // The router's store selector (@tanstack/react-store) asks for the React 17 shim of useSyncExternalStore; React 19
      // has the hook, and the package's own non-shim build uses it: the shim's fallback leaves the first-load JS.
      ...patch('use-sync-external-store', { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' }),
    ],
  },
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/route-tree.gen.ts' }),
    react(),
    bundleStats(),
    // The theme's global styles and list classes, resolved at build time into index.html (scripts/system-css.mjs).
    systemCssPlugin(),
    ...(patchesOff.has('system-css') ? withoutSystemGlobals() : []),
    // …so Chakra's system does not work that CSS out again at run time (scripts/lazy-system-globals.mjs).
    ...patch('lazy-system-globals', ...lazySystemGlobals()),
    // …nor builds its token dictionary again: it is made at build time from the same theme (scripts/token-snapshot.mjs).
    ...patch('token-snapshot', tokenSnapshotPlugin()),
    // React DOM's thrown-by-identity values made without a recorded stack (scripts/react-sentinels.mjs).
    ...patch('react-sentinels', reactSentinels()),
    // The signed-in layout's tape of layer blocks (src/app/emotion-layers.ts): what it relies on, proved before the build.
    ...(patchesOff.has('emotion-layers') ? [withoutEmotionLayers()] : [emotionLayersContract()]),
    screens.plugin,
    // boot.js (index.html): the config request and the current route's chunks start while the main chunk downloads.
    bootPreload({
      cabinet: CABINET_ROOTS,
      extra: SCREEN_EXTRA,
    }),
    // The startup chunk compiled on a background thread while it downloads, not function by function on the main
    // thread as the app starts (scripts/compile-hints.mjs).
    compileHints((chunk) => chunk.isEntry),
    // Service worker (DESIGN.md "Offline drafts"): precached shell and route chunks, update offered by a prompt
    // (src/lib/pwa), the manifest is public/manifest.webmanifest. Not in the first build scripts/screen-chunks.mjs reads.
    !process.env[PLANNING] &&
    // The worker's Background Sync script (src/sw-outbox.ts), loaded by the generated worker below.
    swOutboxPlugin(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      includeManifestIcons: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        globIgnores: ['**/screenshots/**', '**/docs/**'],
        navigateFallback: '/index.html',
        // API hosts, sign-on, widget, files, runtime config and test controls never fall back to the shell.
        navigateFallbackDenylist: [/^\/hosts\//, /^\/sso\//, /^\/widget\//, /^\/files\//, /^\/config\.json/, /^\/__test\//],
        cleanupOutdatedCaches: true,
        // The first visit is controlled at once (offline-ready without a reload); later versions still wait for the prompt.
        clientsClaim: true,
        // …and a page that appeared just after that claim, when the app asks (public/sw-claim.js).
        // …and sends the outbox by Background Sync once the tab is gone (src/sw-outbox.ts, DESIGN.md "Background send").
        importScripts: ['sw-claim.js', SW_OUTBOX_FILE],
        runtimeCaching: [
          {
            // Runtime config: network first, the last good copy when offline (DESIGN.md "Runtime configuration").
            urlPattern: ({ url }) => url.origin === self.location.origin && url.pathname === '/config.json',
            handler: 'NetworkFirst',
            options: { cacheName: 'runtime-config', networkTimeoutSeconds: 5, expiration: { maxEntries: 1 } },
          },
          {
            // A chunk that is not precached (another build's): SPEC §9 "Script chunk load time-out 120000 ms".
            urlPattern: ({ url, request }) => url.origin === self.location.origin && request.destination === 'script' && url.pathname.startsWith('/assets/'),
            handler: async ({ request }) => {
              const controller = new AbortController();
              const timer = setTimeout(() => controller.abort(), 120_000);
              try {
                return await fetch(request, { signal: controller.signal });
              } finally {
                clearTimeout(timer);
              }
            },
          },
          {
            // Footer documents (user agreement, privacy policy, guide): readable offline once opened.
            urlPattern: ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/docs/'),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'footer-docs', expiration: { maxEntries: 10 } },
          },
        ],
      },
    }),
  ],
  server: { proxy: Object.fromEntries(proxied.map((p) => [p, backend])) },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Browsers of an es2022 build all support <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // Chakra's config helpers (defineConfig, defineRecipe, …) return their argument: marked pure, the default theme
      // object in '@chakra-ui/react/theme' is dropped and only the recipes src/app/theme.ts lists stay in the bundle.
      // react-big-calendar's ES build imports dayjs plugins at the top for its dayjs localizer, which the app never calls:
      // CommonJS modules count as having side effects, so without this they stay in the calendar chunk unused.
      treeshake: {
        manualPureFunctions: ['defineConfig', 'defineRecipe', 'defineSlotRecipe'],
        moduleSideEffects: (id) => (/[\\/]node_modules[\\/]dayjs[\\/]/.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          // Everything the app needs before its first screen (React, router, query, Chakra's styled system, the app
          // shell code) in one chunk instead of ~30 small shared chunks: one request and ~6 KiB less gzip. Without
          // recursive dependencies, so the cabinet recipes that '@chakra-ui/react/theme' re-exports stay out.
          groups: [
            { name: 'startup', tags: ['$initial'], includeDependenciesRecursively: false, test: (id) => !isCabinetRecipe(id) },
            screens.group,
          ],
        },
      },
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.mjs'],
    environment: 'node',
    testTimeout: 20000,
    // Vitest runs files in one worker less than the cores: one on a two-core machine, where most of the time is spent
    // waiting on PGlite and PostgreSQL. Two workers there: 297 → 173–207 s for the whole suite (same machine, one after
    // the other, load average 2–3).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
