import { chromium, expect, test, type Browser, type BrowserContext, type Page, type Route } from '@playwright/test';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expectThroughout, keptForOffline, pageNow, screenshot, signIn, tokenFor } from './fixtures';
import { hook, prepareContext, setFaults, startOwnServer, waitForHook, waitForServiceWorker } from './offline-support';

/**
 * The installable PWA (DESIGN.md "Offline drafts"): Chrome finds no installability errors, the service worker serves
 * the shell and seen screens offline, API and sign-on URLs never get the shell, a new build is offered with
 * "Доступна новая версия" / "Обновить" only once edits are sent and no field is being edited, and a lazy chunk that
 * fails after a deploy reloads the page once.
 */
// These specs are about the service worker: it must run (the project default blocks it for page.route).
test.use({ serviceWorkers: 'allow' });
const LAUNCH_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu'];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

test('Chrome reports no installability errors and the manifest is complete', async ({ baseURL }) => {
  // A new profile on a loaded machine precaches the whole build (104 files) while the other worker's tests run.
  test.setTimeout(120_000);
  // The default context is incognito ("in-incognito"): installability is checked in a persistent profile.
  const profile = mkdtempSync(path.join(tmpdir(), 'pwa-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: LAUNCH_ARGS,
    baseURL,
    locale: 'ru-RU',
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    // Notes when the browser offers installation (the app keeps the event for its own action).
    await context.addInitScript(() => {
      window.addEventListener('beforeinstallprompt', () => ((window as unknown as { installOffered: boolean }).installOffered = true));
    });
    // The sign-in page: the browser offers installation, the page does not (issue 19: the offer belongs to the cabinet,
    // once a screen has been stayed on; on a phone it covered the bottom of the sign-in screen and was its LCP).
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as { installOffered?: boolean }).installOffered ?? false), { timeout: 20_000 }).toBe(true);
    await expectThroughout(() => page.getByRole('button', { name: 'Установить приложение' }).count(), (n) => expect(n, 'install offer on the sign-in page').toBe(0), 5_000);

    const session = await tokenFor(context.request, 'grantee');
    await page.evaluate((s) => {
      localStorage.setItem('access_token', s.token);
      localStorage.setItem('access_token_expires', String(s.tokenExpireAt * 1000));
    }, session);
    await page.goto('/programs');
    await expect(page.getByRole('heading', { name: 'Текущие конкурсы' })).toBeVisible();
    await waitForServiceWorker(page, 60_000);

    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors, { timeout: 20_000 })
      .toEqual([]);
    const { errors, data } = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; data: string };
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data) as {
      name: string; short_name: string; lang: string; start_url: string; scope: string; display: string; theme_color: string; background_color: string; description: string;
      icons: { src: string; sizes: string; purpose?: string }[];
      screenshots: { src: string; sizes: string; form_factor: string }[];
    };
    expect(manifest).toMatchObject({ lang: 'ru', start_url: '/', scope: '/', display: 'standalone', theme_color: '#1f4fa3', background_color: '#ffffff' });
    expect(manifest.name).toContain('Личный кабинет');
    expect(manifest.short_name).toBe('Кабинет');
    expect(manifest.description.length).toBeGreaterThan(20);
    for (const [sizes, purpose] of [['192x192', 'any'], ['512x512', 'any'], ['512x512', 'maskable']]) {
      expect(manifest.icons.some((i) => i.sizes === sizes && (i.purpose ?? 'any') === purpose), `${sizes} ${purpose}`).toBe(true);
    }
    expect(manifest.screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
    // Every icon and screenshot is a real image of the declared size.
    for (const image of [...manifest.icons, ...manifest.screenshots]) {
      const response = await context.request.get(image.src);
      expect(response.status(), image.src).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^image\//);
      if (image.sizes !== 'any') {
        const [w, h] = image.sizes.split('x').map(Number);
        const size = await page.evaluate(async (src) => {
          const img = new Image();
          img.src = src;
          await img.decode();
          return [img.naturalWidth, img.naturalHeight];
        }, image.src);
        expect(size, image.src).toEqual([w, h]);
      }
    }

    // The browser offers installation: the in-app action appears ("Не сейчас" puts it away).
    const install = page.getByRole('button', { name: 'Установить приложение' });
    await expect(install).toBeVisible({ timeout: 20_000 });
    await screenshot(page, 'pwa-install-action');
    await page.getByRole('button', { name: 'Не сейчас' }).click();
    await expect(install).toBeHidden();
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a page that loads while the worker activates is taken by it at once, not only at its next load', async ({ page, context }) => {
  test.setTimeout(120_000);
  // A first visit: the sign-in page registers the worker after its first screen.
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  await page.waitForFunction(async () => !!(await navigator.serviceWorker.getRegistration())?.installing, null, { timeout: 30_000, polling: 50 });
  // The next page's request leaves now (no worker yet to answer it) and its answer comes once the worker has activated
  // and claimed the pages then open, as when a person moves on while a slow phone still precaches.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/programs', async (route) => {
    await held;
    await route.continue();
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const navigation = page.goto('/programs');
  await expect
    .poll(() => worker.evaluate(() => (self as unknown as { registration: ServiceWorkerRegistration }).registration.active?.state ?? 'none'), { timeout: 60_000 })
    .toBe('activated');
  release();
  await navigation;
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  // Before: still uncontrolled after 15 s (and its calls bypassed the worker until a reload).
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 15_000 }).toBe(true);
});

test('offline: /tasks and a seen questionnaire reload from the cache; API and sign-on URLs never get the shell', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signIn(page, 'grantee');
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { name: 'Мои задачи' })).toBeVisible();
  await waitForServiceWorker(page);
  const firstTask = page.getByRole('link').filter({ hasText: /\S/ }).first();
  await expect(firstTask).toBeVisible();
  const since = await pageNow(page);
  await page.goto('/programs/create/START-2026');
  await expect(page.getByTestId('save-state')).toHaveText('Все изменения сохранены');
  await keptForOffline(page, since, { copies: 1 });

  await context.setOffline(true);
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { name: 'Мои задачи' })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toContainText('Нет соединения');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Мои задачи' })).toBeVisible();
  await expect(page.getByText('Список пуст')).toHaveCount(0);

  await page.goto('/programs/create/START-2026');
  await expect(page.getByTestId('save-state')).toBeVisible();
  await expect(page.locator('main input, main textarea').first()).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('save-state')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 20_000 });

  // Navigation fallback deny list: these answer from the server, never with the app shell.
  for (const url of ['/hosts/main/v1/users/info', '/sso/authorize', '/__test/violations', '/config.json']) {
    const response = await page.goto(url);
    expect(response, url).not.toBeNull();
    expect(await page.locator('#root').count(), url).toBe(0);
  }
});

test('a new build is offered with a prompt that waits for unsent edits and a focused field', async ({ browser }) => {
  test.setTimeout(420_000);
  // A deploy directory of its own: the "new build" is published into it while the app is open.
  const deploy = mkdtempSync(path.join(tmpdir(), 'pwa-deploy-'));
  cpSync(path.resolve(process.env.DIST_DIR ?? 'dist'), deploy, { recursive: true });
  const server = await startOwnServer({ distDir: deploy });
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 800 } });
  try {
    await prepareContext(context, server.baseURL);
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto('/tasks');
    await waitForHook(page);
    await waitForServiceWorker(page);
    await expect(page.getByRole('heading', { name: 'Мои задачи' })).toBeVisible();

    // Edits the server refuses for now (500): they stay unsent.
    await setFaults(page.request, server.baseURL, [{ match: '/v2/stash', status: 500 }]);
    const hash = '7questionnaireUPDATE';
    await hook.set(page, hash, 'projectName|0|0', 'Проект, который нельзя потерять');
    await expect.poll(async () => (await hook.state(page, hash)).pending).toBe(1);

    // Publish build 2: a changed shell and the worker's precache revision for it.
    const marker = `build-2-${Date.now()}`;
    const indexFile = path.join(deploy, 'index.html');
    writeFileSync(indexFile, readFileSync(indexFile, 'utf8').replace('</head>', `<meta name="cabinet-build" content="${marker}"></head>`));
    const swFile = path.join(deploy, 'sw.js');
    const sw = readFileSync(swFile, 'utf8');
    const updated = sw.replace(/(\{url:"index\.html",revision:")[^"]+(")/, `$1${marker}$2`);
    expect(updated).not.toBe(sw);
    writeFileSync(swFile, updated);
    // The build ships precompressed copies that the server prefers: a deploy replaces those too.
    for (const file of [indexFile, swFile]) for (const ext of ['.gz', '.br']) rmSync(file + ext, { force: true });
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect.poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting), { timeout: 30_000 }).toBe(true);

    // Held: an edit is unsent.
    const prompt = page.getByTestId('update-prompt');
    await expectThroughout(() => prompt.isVisible(), (shown) => expect(shown, 'no update prompt over an unsent edit').toBe(false), 1_000);
    await setFaults(page.request, server.baseURL, []);
    await expect.poll(async () => (await hook.state(page, hash)).status, { timeout: 60_000 }).toBe('saved');
    await expect(prompt).toContainText('Доступна новая версия');
    await screenshot(page, 'pwa-update-prompt-desktop');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'pwa-update-prompt-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Held: a field is being edited.
    await page.getByPlaceholder('Поиск по разделу').focus();
    await expect(prompt).toBeHidden();
    await page.getByRole('heading', { name: 'Мои задачи' }).click();
    await expect(prompt).toBeVisible();

    await prompt.getByRole('button', { name: 'Обновить' }).click();
    // The page reloads into build 2 (an evaluate during the reload throws: read again).
    const build = () => page.evaluate(() => document.querySelector('meta[name="cabinet-build"]')?.getAttribute('content') ?? '').catch(() => '');
    await expect.poll(build, { timeout: 30_000 }).toBe(marker);
    await expect(page.getByRole('heading', { name: 'Мои задачи' })).toBeVisible();
    await expect(prompt).toBeHidden();
  } finally {
    await context.close();
    await server.stop();
    rmSync(deploy, { recursive: true, force: true });
  }
});

/**
 * Opens /tasks signed in, without a service worker (requests reach page.route), with every request for `script` of
 * the first document failed by `fail`; returns how many failed and how many documents the page loaded.
 */
async function openTasksWithScriptFailing(browser: Browser, baseURL: string | undefined, script: RegExp, fail: (route: Route) => Promise<void>) {
  const context: BrowserContext = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const page: Page = await context.newPage();
  await signIn(page, 'grantee');
  const seen = { failed: 0, documents: 0 };
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) seen.documents++;
  });
  await page.route(script, async (route) => {
    if (seen.documents >= 2) return route.continue();
    seen.failed++;
    return fail(route);
  });
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { name: 'Мои задачи' })).toBeVisible({ timeout: 30_000 });
  await context.close();
  return seen;
}

test('the app\'s entry script failing to load does not leave the page on its frame: it reloads once and starts', async ({ browser, baseURL }) => {
  // Seen once in the chaos run: a tab opened right after another was closed got its entry script's request aborted
  // (net::ERR_ABORTED) and stayed on the cabinet frame, with no message. Here every request for the entry script of
  // the first document is aborted.
  const seen = await openTasksWithScriptFailing(browser, baseURL, /\/assets\/index-[^/]*\.js$/, (route) => route.abort('aborted'));
  expect(seen.failed).toBeGreaterThanOrEqual(1);
  expect(seen.documents).toBe(2);
});

test('a lazy chunk that fails after a deploy reloads the page once', async ({ browser, baseURL }) => {
  // The old build's chunk is gone until the page reloads into the new build: every request for it fails until then, so
  // a retry that got it would not hide a missing reload. How many requests that is depends on timing and the browser:
  // boot.js fetches the chunk ahead (modulepreload); Chromium 150 here then failed the app's import from its module map
  // with no second request (one failure, then the reload), where earlier CI runs saw the import fetched again.
  const seen = await openTasksWithScriptFailing(browser, baseURL, /\/assets\/_cabinet_tasks\.index-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  expect(seen.failed).toBeGreaterThanOrEqual(1);
  expect(seen.documents).toBe(2);
});
