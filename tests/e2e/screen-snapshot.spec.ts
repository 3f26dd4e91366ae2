import { expect, test, type Browser, type Page } from '@playwright/test';
import { dismissFirstDialog, prepareContext, QUESTIONNAIRE, ownServerForSpec, waitForServiceWorker } from './offline-support';

/**
 * Issue 19, offline repeat visit: the last look of a cabinet screen is kept on the device (src/lib/screen-snapshot.ts)
 * and painted by boot-frame.js before any of the app's code has run; the app's own screen replaces it. Proven in the
 * built app with its service worker: the app's code is taken out of the worker's cache while offline, so only the kept
 * picture can be what shows the menu and the tasks.
 */
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

const server = ownServerForSpec();

const keptScreens = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('cabinet-snapshot:')).sort());

/** The app keeps a settled screen a moment after it renders, and at once when the page is hidden. */
async function waitUntilKept(page: Page, address: string) {
  await expect.poll(() => keptScreens(page), { timeout: 20_000 }).toContain(`cabinet-snapshot:${address}`);
}

/** A signed-in browser on the spec's server (a desktop, or a phone with a touch screen), with a first screen open. */
async function openAs(browser: Browser, userId: number, address: string, device: 'desktop' | 'phone' = 'desktop') {
  const phone = device === 'phone';
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: phone ? { width: 375, height: 800 } : { width: 1440, height: 900 },
    hasTouch: phone,
    isMobile: phone,
  });
  await prepareContext(context, server.baseURL, userId);
  const page = await context.newPage();
  await page.goto(address);
  return { context, page };
}

test('offline, with the app’s code unavailable, the last look of «Мои задачи» — menu and tasks — is painted from the device; the app then replaces it', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await openAs(browser, 7, '/tasks');
  const firstTitle = page.getByTestId('task-row').first().locator('.cab-title-link');
  await expect(firstTitle).toBeVisible({ timeout: 30_000 });
  const title = (await firstTitle.textContent())!.trim();
  await waitForServiceWorker(page);
  await waitUntilKept(page, '/tasks');

  // Offline, and the app's entry chunk gone from the worker's cache: nothing of the app can run.
  await context.setOffline(true);
  const entry = await page.evaluate(async () => {
    const src = document.querySelector<HTMLScriptElement>('script[type="module"]')!.src;
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) if (request.url.split('?')[0] === src) await cache.delete(request);
    }
    return src;
  });
  expect(entry).toMatch(/\/assets\/index-.+\.js$/);
  await page.reload();
  const picture = page.locator('#boot-snapshot');
  await expect(picture.locator('nav[aria-label="Главное меню"]').getByText('Мои задачи')).toBeVisible();
  await expect(picture.getByText(title).first()).toBeVisible();
  // Drawn as the app draws it: the Chakra parts with the component styles kept beside the markup.
  await expect(picture.getByPlaceholder('Поиск по разделу')).toHaveCSS('border-top-width', '1px');
  await expect(picture.locator('[role="tab"]').first()).not.toHaveCSS('padding-left', '0px');
  // A picture, not the screen: inert, hidden from assistive technology, with no ids to be confused with the app's.
  await expect(picture).toHaveAttribute('aria-hidden', 'true');
  expect(await picture.evaluate((el) => (el as HTMLElement).inert)).toBe(true);
  expect(await picture.locator('[id]').count()).toBe(0);
  await expect(page.getByRole('navigation', { name: 'Главное меню' })).toHaveCount(0);
  await page.screenshot({ path: 'tests/screenshots/screen-snapshot-1440.png' });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(picture.getByText(title).first()).toBeVisible();
  await page.screenshot({ path: 'tests/screenshots/screen-snapshot-375.png' });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Back online: the app starts and its own screen takes the picture's place (one menu, one main area, clickable).
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('#boot-snapshot')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('html')).toHaveAttribute('data-boot', 'cabinet');
  await expect(page.locator('main')).toHaveCount(1);
  await page.getByTestId('task-row').first().locator('.cab-title-link').click();
  await expect(page).toHaveURL(/\/tasks\/\d+/);
  await context.close();
});

test('the app takes the picture’s place without restyling its own screen (the swap touches the picture only)', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await openAs(browser, 7, '/tasks');
  await expect(page.getByTestId('task-row').first()).toBeVisible({ timeout: 30_000 });
  await waitUntilKept(page, '/tasks');
  // The moment the picture goes, on the page's clock and in the trace, with how much of the app's screen was there.
  await page.addInitScript(() => {
    new MutationObserver((records, observer) => {
      if (!records.some((record) => record.oldValue === 'snapshot')) return;
      observer.disconnect();
      const rows = document.querySelectorAll('#root [data-testid="task-row"]').length;
      const busy = !!document.querySelector('#root [aria-busy="true"]');
      performance.mark('picture-gone', { detail: { rows, busy, elements: document.querySelectorAll('#root *').length } });
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-boot'], attributeOldValue: true });
  });
  const cdp = await context.newCDPSession(page);
  type TraceEvent = { name: string; ts: number; args?: { elementCount?: number } };
  /** One reload with a trace: the first style pass after the picture went, and the app's screen at that moment. */
  const tracedReload = async () => {
    const events: TraceEvent[] = [];
    const collect = (data: { value: unknown }) => events.push(...(data.value as TraceEvent[]));
    cdp.on('Tracing.dataCollected', collect);
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-boot', 'cabinet', { timeout: 30_000 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await done;
    cdp.off('Tracing.dataCollected', collect);
    const gone = events.find((event) => event.name === 'picture-gone');
    expect(gone, 'the picture was painted and then taken away').toBeTruthy();
    const at = await page.evaluate(() => (performance.getEntriesByName('picture-gone')[0] as PerformanceMark).detail as { rows: number; busy: boolean; elements: number });
    const pass = events.filter((event) => event.name === 'UpdateLayoutTree' && event.ts >= gone!.ts && event.args?.elementCount !== undefined).sort((a, b) => a.ts - b.ts)[0];
    expect(pass, 'a style pass after the picture went, with its element count').toBeTruthy();
    return { at, restyled: pass!.args!.elementCount! };
  };
  // The app lets the picture go once its screen has settled (rows drawn, the service message read), or after
  // RELEASE_AFTER_MS without that on a loaded machine: then the app is still drawing, and the first style pass after the
  // swap also styles its new content, which is not the swap's cost. Such a reload is told apart by the screen at the
  // moment the picture went and is tried again. (Before the banner was waited for, its late arrival in the swap's frame
  // counted 141 of 573 elements in 2 reloads of 6, and 1,199 in one run of the whole suite.)
  const settled = (at: { rows: number; busy: boolean }) => at.rows > 0 && !at.busy;
  let result = await tracedReload();
  for (let attempt = 1; attempt < 4 && !settled(result.at); attempt++) result = await tracedReload();
  expect(settled(result.at), `the app's screen had settled when the picture went, in one of 4 reloads (${JSON.stringify(result.at)})`).toBe(true);
  // Before: 1,217 elements, every one of the app's screen and more (visibility: hidden on #root is inherited, and the
  // picture's rules named the app's classes), ~50 ms at CPU 4×. Now 2: the clip of #root is all that changes.
  expect(result.restyled, `elements restyled by the swap (of ${result.at.elements} in the app when the picture went)`).toBeLessThan(result.at.elements / 10);
  await context.close();
});

/**
 * Opens `address` in a fresh context (a desktop, or a phone with a touch screen), waits until its look is kept, then
 * loads it again and again until a person's action — `input` at the point where the picture shows the box labelled
 * `label` — happened while the picture was still on screen, with the app's screen drawn behind it. Returns the page
 * and what the page showed at the person's first pointer event (`pointermove:snapshot`, `pointerdown:snapshot`).
 */
async function actOnPicture(browser: Browser, device: 'desktop' | 'phone', address: string, label: string, input: (page: Page, x: number, y: number) => Promise<void>) {
  const { context, page } = await openAs(browser, 8, address, device);
  await expect(page.locator('main article').first()).toBeVisible({ timeout: 30_000 });
  await waitUntilKept(page, address);
  // A phone's slower processor (CPU 4×): the moments between the app's screen being drawn and the swap are longer.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const seen = (event: Event) => {
      if (!('atInput' in window)) Object.assign(window, { atInput: `${event.type}:${document.documentElement.getAttribute('data-boot')}` });
    };
    for (const type of ['pointermove', 'pointerdown']) addEventListener(type, seen, { capture: true });
    // A screen that keeps changing a little once drawn (a late count, a chunk arriving) keeps the picture up to its 3 s
    // limit: the swap waits for a frame without changes. Here a node comes and goes in the shell every frame, so the
    // moment to act is seconds long, not the 100–300 ms of a quiet screen, and the Playwright round trips fit in it.
    const stir = () => {
      if (document.documentElement.getAttribute('data-boot') !== 'snapshot') return;
      document.querySelector('#root .cab-shell')?.appendChild(document.createComment('')).remove();
      requestAnimationFrame(stir);
    };
    requestAnimationFrame(stir);
  });
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.goto(address);
    // Where the picture shows the box, read in the first frame where the app's screen is drawn behind it, settled.
    const box = await page
      .waitForFunction(
        (text) => {
          if (document.documentElement.getAttribute('data-boot') !== 'snapshot') return 'gone';
          if (!document.querySelector('#root .cab-shell main article') || document.querySelector('#root [aria-busy="true"]')) return false;
          const rect = [...document.querySelectorAll('#boot-snapshot span')].find((span) => span.textContent === text)?.getBoundingClientRect();
          return rect?.width ? { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 } : 'gone';
        },
        label,
        { polling: 'raf', timeout: 30_000 },
      )
      .then((handle) => handle.jsonValue());
    if (typeof box !== 'object') continue;
    await input(page, box.x, box.y);
    const at = await page.evaluate(() => (window as unknown as { atInput?: string }).atInput ?? null);
    if (at?.endsWith(':snapshot')) return { context, page, at };
  }
  throw new Error('in 3 loads the picture always went before a person could act on it');
}

test('a click or a tap while the picture still shows goes to the app’s screen, not into the picture', async ({ browser }) => {
  test.setTimeout(240_000);
  // The picture is inert and the app's screen is clipped away until the swap, so a click there went to nothing (the CI
  // run that found it: a reload, a filter's box clicked at once, the filter never set). Now the pointer coming or a
  // finger touching takes the picture away, and the press lands on the app's box.
  const mouse = await actOnPicture(browser, 'desktop', '/programs?mine=true', 'Есть задачи', (page, x, y) => page.mouse.click(x, y));
  expect(mouse.at, 'the mouse moved there first').toBe('pointermove:snapshot');
  await expect(mouse.page).toHaveURL(/tasks=true/);
  await expect(mouse.page.getByRole('checkbox', { name: 'Есть задачи' })).toBeChecked();
  await mouse.context.close();

  const finger = await actOnPicture(browser, 'phone', '/programs?mine=true', 'Есть задачи', (page, x, y) => page.touchscreen.tap(x, y));
  expect(finger.at, 'a touch, with no pointer moving before it').toBe('pointerdown:snapshot');
  await expect(finger.page).toHaveURL(/tasks=true/);
  await expect(finger.page.getByRole('checkbox', { name: 'Есть задачи' })).toBeChecked();
  await finger.context.close();
});

test('offline, a menu item clicked as soon as the app’s screen is drawn behind the picture opens: the picture does not wait for the service message’s retries', async ({ browser }) => {
  test.setTimeout(180_000);
  // The picture waits for the service message's first read, so that the banner does not push the screen down when it
  // arrives. Offline that read fails at once, and it was retried 1 s later: the picture stayed, and every click on it
  // went to nothing, for 0.8 s after the app's screen was ready (bench: the app's menu 290 ms → 1,460 ms after an
  // offline reload). A long retry delay makes that moment as long as the picture's 3 s limit, so a click cannot miss it.
  const { context, page } = await openAs(browser, 7, '/tasks');
  await expect(page.getByTestId('task-row').first()).toBeVisible({ timeout: 30_000 });
  await waitForServiceWorker(page);
  await waitUntilKept(page, '/tasks');
  await page.evaluate(() => localStorage.setItem('cabinet_retry_delay_ms', '20000'));
  await context.setOffline(true);
  await page.reload();
  // The first frame where the app's list is drawn behind the picture: where the picture shows «Архив» in the menu (the
  // menu, unlike the list, does not move when the app's offline notice comes above the list). Or the frame where the
  // picture has gone: it may go in the very frame the list is drawn in, never seen together — then it must not have
  // gone before the list (an empty screen between the two).
  const at = await page
    .waitForFunction(
      () => {
        const listDrawn = !!document.querySelector('#root [data-testid="task-row"]');
        if (document.documentElement.getAttribute('data-boot') !== 'snapshot') return listDrawn ? 'gone with the list drawn' : 'gone before the list';
        if (!listDrawn) return false;
        const link = [...document.querySelectorAll('#boot-snapshot nav a')].find((a) => a.textContent === 'Архив');
        const rect = link?.getBoundingClientRect();
        return rect?.width ? { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 } : 'no «Архив» in the picture';
      },
      null,
      { polling: 'raf', timeout: 30_000 },
    )
    .then((handle) => handle.jsonValue());
  if (at === 'gone with the list drawn') {
    // Clicked at once, where the menu shows «Архив» (the app's own menu now).
    const link = page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'Архив' });
    const box = (await link.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  } else {
    expect(at, 'the picture shows the menu until the app’s list is drawn').toEqual(expect.objectContaining({ x: expect.any(Number) }));
    const { x, y } = at as { x: number; y: number };
    await page.mouse.click(x, y);
  }
  await expect(page).toHaveURL(/\/tasks-archive$/);
  await context.close();
});

for (const device of ['desktop', 'phone'] as const) {
  test(`${device}: offline, the picture shows the offline notice and no service message, as the app draws them, so nothing moves when the app takes its place`, async ({ browser }) => {
    test.setTimeout(180_000);
    const { context, page } = await openAs(browser, 7, '/tasks', device);
    await expect(page.getByTestId('task-row').first()).toBeVisible({ timeout: 30_000 });
    await waitForServiceWorker(page);
    await waitUntilKept(page, '/tasks');
    // A device without a connection: requests fail, and the browser says it is offline. The emulated connection does
    // not reach navigator.onLine in a page loaded while offline (it stays true here), so the page is told as a phone in
    // airplane mode tells it.
    await context.setOffline(true);
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
      // Where the picture showed the first task, the moment boot-frame.js puts it in the page. (Read at the parser's
      // «interactive» it was sometimes not there yet: boot-frame.js places it from a mutation observer's microtask, which
      // can come after that event when the body and the end of parsing fall in one task — still before the first paint.)
      const watch = new MutationObserver(() => {
        const picture = document.getElementById('boot-snapshot');
        if (!picture) return;
        watch.disconnect();
        const row = picture.querySelector('tbody tr');
        Object.assign(window, { pictureAt: row ? row.getBoundingClientRect().top : null, pictureNotice: !!picture.querySelector('.cab-offline-bar') });
      });
      watch.observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await expect(page.locator('#boot-snapshot')).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    const picture = await page.evaluate(() => {
      const seen = window as unknown as { pictureAt: number | null; pictureNotice: boolean };
      return { pictureAt: seen.pictureAt, pictureNotice: seen.pictureNotice };
    });
    expect(picture.pictureNotice, 'the picture shows the offline notice').toBe(true);
    // The service message was on screen when the picture was kept; offline the app cannot read it, nor shows it.
    await expect(page.getByTestId('service-banner')).toHaveCount(0);
    const appAt = (await page.getByTestId('task-row').first().boundingBox())!.y;
    expect(Math.abs(appAt - picture.pictureAt!), 'the first task is where the picture showed it').toBeLessThanOrEqual(1);
    await page.screenshot({ path: `tests/screenshots/offline-notice-${device === 'phone' ? 375 : 1440}.png` });
    await context.close();
  });
}

test('a screen with a form is never kept, and signing out forgets every kept screen', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await openAs(browser, 8, '/programs');
  await expect(page.locator('main article').first()).toBeVisible({ timeout: 30_000 });
  await waitUntilKept(page, '/programs');

  // A questionnaire: typed values are not in a page's markup, so an empty-looking form is never kept.
  await page.goto(QUESTIONNAIRE);
  await dismissFirstDialog(page);
  await page.getByLabel('Название проекта').fill('Проект, которого нет в картинке');
  // The keeper is fetched after the first screen: the check below means something only once it listens.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /screen-snapshot-capture/.test(entry.name))))
    .toBe(true);
  // Hiding the page keeps the screen on display at once (the handler runs inside dispatchEvent), so the answer is there
  // when evaluate returns; the settle timer goes through the same check (captureScreen, unit-tested with a form).
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  expect(await keptScreens(page)).not.toContain(`cabinet-snapshot:${QUESTIONNAIRE}`);

  await page.goto('/programs');
  await page.getByRole('button', { name: 'Выйти' }).click();
  // Edits not yet on the server make the app ask first; otherwise it signs out at once.
  const confirm = page.getByRole('dialog');
  await expect.poll(async () => /\/login/.test(page.url()) || (await confirm.isVisible()), { timeout: 30_000 }).toBe(true);
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: /Выйти/ }).click();
  await expect(page).toHaveURL(/\/login/, { timeout: 30_000 });
  expect(await keptScreens(page)).toEqual([]);
  await context.close();
});
