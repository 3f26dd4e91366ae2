/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath, URL } from 'node:url';

// Same-origin prefixes of the reference back end; the dev server proxies them to it.
const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:8080';
const proxied = ['/hosts', '/sso', '/widget', '/config.json', '/files'];

const appVersion = process.env.APP_VERSION ?? new Date().toISOString();

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/route-tree.gen.ts' }),
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        navigateFallback: '/index.html',
        // API hosts, sign-on and runtime config never fall back to the shell.
        navigateFallbackDenylist: [/^\/hosts\//, /^\/sso\//, /^\/widget\//, /^\/files\//, /^\/config\.json/],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  server: { proxy: Object.fromEntries(proxied.map((p) => [p, backend])) },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 600 },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20000,
  },
});
