import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the built app served by the reference back end
 * (in-memory database, demo data, test controls on). Browser downloads are impossible here: see README.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    // A trace records DOM snapshots and screencast frames of every action: on a two-core machine that made whole runs
    // about a quarter slower (the same three specs: 227–233 s with a trace kept on failure, 164–195 s without or only
    // on the retry). In CI a failing test is retried, and the retry keeps its trace; locally there is no retry.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app registers a service worker; requests through it bypass page.route. Specs about the service worker and
    // offline behaviour (offline, pwa, loss) opt in with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu'],
    },
  },
  // The smoke test runs first: if the built app does not start, every other spec is skipped at once (tests/e2e/smoke.spec.ts).
  projects: [
    { name: 'smoke', testMatch: /smoke\.spec\.ts$/, use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
    { name: 'chromium', testIgnore: /smoke\.spec\.ts$/, dependencies: ['smoke'], use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
  ],
  webServer: {
    command: 'node_modules/.bin/tsx server/main.ts',
    url: `${baseURL}/config.json`,
    reuseExistingServer: false,
    // PGlite start plus the demo seed; generous because loaded machines are much slower than an idle one.
    timeout: 180_000,
    env: {
      PORT: String(port),
      DATA_DIR: ':memory:',
      TEST_CONTROL: '1',
      SIGNING_MODE: 'demo',
      ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}),
    },
  },
});
