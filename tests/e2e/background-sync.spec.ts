import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { dismissFirstDialog, ownServerForSpec, QUESTIONNAIRE, stashAt, tokenAt, waitForServiceWorker } from './offline-support';

/**
 * Edits sent after the tab is closed (issue "the service worker finishes the outbox when the connection returns, under
 * the right person's name only"; DESIGN.md "Background send"): the built app with its service worker on a reference
 * back end of its own. A person types offline and closes the cabinet; the connection comes back; the browser wakes the
 * worker with a sync event (fired here through the DevTools protocol, ServiceWorker.dispatchSyncEvent, as Chromium
 * does when the network returns); a fresh profile reads what reached the server.
 *
 * How the worker's network is cut: Playwright's context.setOffline reaches pages, not service workers. The reference
 * back end drops, as they arrive, the connections of every request carrying this test's token (fault `unreachable`,
 * scoped to the token): the worker's requests fail as with no network, other tests are untouched. Removing the fault
 * restores it.
 */
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

const server = ownServerForSpec();
const SAVED = 'Все изменения сохранены';
const SENT_NOTICE = 'Изменения, сделанные без сети, отправлены';

async function newApplicant(request: APIRequestContext): Promise<number> {
  const response = await request.post(`${server.baseURL}/__test/applicant`);
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { userId: number }).userId;
}

/**
 * A context signed in once: the token goes into local storage before the app first starts and never again (a sign-out
 * or a 401 must not bring it back on the next page).
 */
async function signedInOnce(browser: Browser, userId: number): Promise<{ context: BrowserContext; token: string }> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 900 } });
  const session = await tokenAt(context.request, server.baseURL, userId);
  await context.addInitScript((s) => {
    if (window.origin === 'null' || localStorage.getItem('__e2e_seeded')) return;
    localStorage.setItem('__e2e_seeded', '1');
    localStorage.setItem('cabinet_e2e_hooks', '1');
    localStorage.setItem('access_token', s.token);
    localStorage.setItem('access_token_expires', String(s.tokenExpireAt * 1000));
    localStorage.setItem('renew_token', s.renew_token);
  }, session);
  return { context, token: session.token };
}

async function cutWorkerNetwork(request: APIRequestContext, token: string, cut: boolean) {
  const url = `${server.baseURL}/__test/faults?token=${encodeURIComponent(token)}`;
  const response = cut ? await request.post(url, { data: [{ match: '/hosts/', unreachable: true }] }) : await request.delete(url);
  expect(response.ok()).toBeTruthy();
}

async function openForm(page: Page) {
  await page.goto(QUESTIONNAIRE);
  await expect(page.getByTestId('save-state')).toBeVisible({ timeout: 30_000 });
  await dismissFirstDialog(page);
}

async function typeInto(page: Page, label: string, text: string) {
  const input = page.getByRole('textbox', { name: label }).first();
  await input.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text, { delay: 5 });
}

/** The page registered the one-off sync (the worker is asked to send once the connection is back). */
async function syncRegistered(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => ((await navigator.serviceWorker.ready) as unknown as { sync: { getTags(): Promise<string[]> } }).sync.getTags()), {
      message: 'a Background Sync is registered',
      timeout: 20_000,
    })
    .toContain('cabinet-outbox');
}

/**
 * A page of the origin that is not the cabinet (the empty page the benchmark uses): the DevTools protocol needs a
 * target, and it hears the worker's report on the offline layer's channel.
 */
async function anchorPage(context: BrowserContext): Promise<{ page: Page; cdp: CDPSession; registrationId: string }> {
  const page = await context.newPage();
  await page.goto('/empty.html');
  await page.evaluate(() => {
    const w = window as unknown as { __drained: unknown[] };
    w.__drained = [];
    new BroadcastChannel('cabinet-offline').onmessage = (event) => {
      if ((event.data as { t?: string }).t === 'worker-drained') w.__drained.push((event.data as { result: unknown }).result);
    };
  });
  const cdp = await context.newCDPSession(page);
  const registrations = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
      const mine = event.registrations.find((r) => r.scopeURL.startsWith(server.baseURL) && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { page, cdp, registrationId: await registrations };
}

interface Drained {
  userId: number | null;
  edits: number;
  files: number;
  left: number;
  ms: number;
  skipped?: string;
  paused?: boolean;
}

/** Reports of the worker heard since the anchor page opened (Chromium may also fire the sync by itself on reconnect). */
const reports = (anchor: { page: Page }) => anchor.page.evaluate(() => (window as unknown as { __drained: Drained[] }).__drained);

/** Fires the sync event as the browser does when the connection returns, and waits for the worker's report. */
async function fireSync(anchor: { page: Page; cdp: CDPSession; registrationId: string }): Promise<Drained> {
  const before = (await reports(anchor)).length;
  await anchor.cdp.send('ServiceWorker.dispatchSyncEvent', { origin: server.baseURL, registrationId: anchor.registrationId, tag: 'cabinet-outbox', lastChance: false });
  await expect.poll(async () => (await reports(anchor)).length, { timeout: 60_000 }).toBeGreaterThan(before);
  return (await reports(anchor)).at(-1)!;
}

/** What a second device sees: a fresh profile opens the questionnaire and reads the fields. */
async function secondDevice(browser: Browser, userId: number, labels: string[]): Promise<Record<string, string>> {
  const { context } = await signedInOnce(browser, userId);
  const page = await context.newPage();
  await openForm(page);
  const out: Record<string, string> = {};
  for (const label of labels) out[label] = await page.getByRole('textbox', { name: label }).first().inputValue();
  await context.close();
  return out;
}

const LABELS = ['Название проекта', 'Торговая марка продукта', 'Юридический адрес'];

/**
 * A person on the questionnaire, its worker in control, and then no connection: the page offline, the worker's
 * requests dropped by the reference back end.
 */
async function offlineOnForm(browser: Browser, request: APIRequestContext, userId: number) {
  const { context, token } = await signedInOnce(browser, userId);
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  await openForm(page);
  await waitForServiceWorker(page);
  await cutWorkerNetwork(request, token, true);
  await context.setOffline(true);
  return { context, token, page };
}

test('typed offline, every cabinet page closed: the worker sends it all when the connection returns, and says so once', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const userId = await newApplicant(request);
  const on = await offlineOnForm(browser, request, userId);
  const { context, token } = on;
  let page = on.page;
  const values = { [LABELS[0]!]: 'Проект, набранный в поезде', [LABELS[1]!]: 'Марка без сети', [LABELS[2]!]: 'г. Томск, ул. Вокзальная, д. 1' };
  for (const [label, text] of Object.entries(values)) await typeInto(page, label, text);
  // And a document: kept on the device, uploaded by the worker too (without progress: a worker has no XHR).
  const charter = { name: 'Устав из поезда.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(150_000, 0x20)]) };
  await page.getByLabel('Устав организации: выбрать файл').setInputFiles(charter);
  await expect(page.getByTestId('kept-file').filter({ hasText: charter.name })).toBeVisible();
  await expect(page.getByTestId('save-state')).not.toHaveText(SAVED);
  await syncRegistered(page);
  // The person closes the cabinet (the worker stays; a non-cabinet page of the origin is kept for the protocol).
  const anchor = await anchorPage(context);
  await page.close({ runBeforeUnload: false });

  // The connection returns, for the pages and the worker; the browser fires the sync.
  await cutWorkerNetwork(request, token, false);
  await context.setOffline(false);
  const started = Date.now();
  const drained = await fireSync(anchor);
  const tookMs = Date.now() - started;
  const all = await reports(anchor);
  console.log(`background sync on loopback: ${JSON.stringify(all)}, the fired event → its report ${tookMs} ms`);
  test.info().annotations.push({ type: 'background-sync', description: JSON.stringify({ events: all, tookMs }) });
  expect(drained).toMatchObject({ userId, left: 0 });
  // Sent by the worker (by this event, or by one Chromium fired itself as the connection returned), not by a page.
  expect(all.reduce((sum, r) => sum + r.edits, 0)).toBeGreaterThanOrEqual(3);
  expect(all.reduce((sum, r) => sum + r.files, 0)).toBe(1);

  const stash = await stashAt(request, server.baseURL, token, `${userId}questionnaireSTART-2026`);
  expect(Object.values(stash.values)).toEqual(expect.arrayContaining(Object.values(values)));
  expect(await secondDevice(browser, userId, LABELS)).toEqual(values);
  const ref = stash.values['ST_CHARTER|0|0'] as { id: number; fileName: string };
  expect(ref).toMatchObject({ fileName: charter.name });
  const bytes = await request.get(`${server.baseURL}/hosts/main/v2/projects/download-attach/${ref.id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(Buffer.from(await bytes.body()).equals(charter.buffer)).toBe(true);

  // The cabinet opened afterwards says so, once.
  page = await context.newPage();
  await page.goto('/tasks');
  await expect(page.getByTestId('worker-sent')).toHaveText(new RegExp(SENT_NOTICE));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(2_000);
  await expect(page.getByTestId('worker-sent')).toHaveCount(0);
  await context.close();
});

test('the token expired before the sync: nothing is sent and nothing lost; after sign-in the page sends it', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const userId = await newApplicant(request);
  const { context, token, page } = await offlineOnForm(browser, request, userId);
  await typeInto(page, LABELS[0]!, 'Проект с истёкшим токеном');
  await syncRegistered(page);
  const anchor = await anchorPage(context);
  await page.close({ runBeforeUnload: false });

  // Nine hours later on the server's clock: the token (8 hours) has expired there.
  await request.post(`${server.baseURL}/__test/clock`, { data: { offsetMs: 9 * 3_600_000 } });
  try {
    await cutWorkerNetwork(request, token, false);
    await context.setOffline(false);
    const drained = await fireSync(anchor);
    expect(drained).toMatchObject({ edits: 0, paused: true });
    expect(drained.left).toBeGreaterThanOrEqual(1);
    const stash = await stashAt(request, server.baseURL, (await tokenAt(request, server.baseURL, userId)).token, `${userId}questionnaireSTART-2026`);
    expect(Object.values(stash.values)).not.toContain('Проект с истёкшим токеном');

    // The person comes back: the expired session sends them to sign in; after it the page sends the kept edit.
    const back = await context.newPage();
    back.on('dialog', (d) => void d.accept());
    await back.goto(QUESTIONNAIRE);
    await expect(back).toHaveURL(/\/login/, { timeout: 30_000 });
    // Signed in again (the provider's code exchange, as /callback does): a new token in place.
    const signedIn = await tokenAt(request, server.baseURL, userId);
    await back.evaluate((s) => {
      localStorage.setItem('access_token', s.token);
      localStorage.setItem('access_token_expires', String(s.tokenExpireAt * 1000));
      localStorage.setItem('renew_token', s.renew_token);
    }, signedIn);
    await openForm(back);
    await expect(back.getByTestId('save-state')).toHaveText(SAVED, { timeout: 30_000 });
    const fresh = await tokenAt(request, server.baseURL, userId);
    const after = await stashAt(request, server.baseURL, fresh.token, `${userId}questionnaireSTART-2026`);
    expect(Object.values(after.values)).toContain('Проект с истёкшим токеном');
  } finally {
    await request.post(`${server.baseURL}/__test/clock`, { data: { offsetMs: 0 } });
    await context.close();
  }
});

test('another person signed in on the device: the first person\'s edits never go with the second person\'s token', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const first = await newApplicant(request);
  const second = await newApplicant(request);
  const on = await offlineOnForm(browser, request, first);
  const { context, token } = on;
  let page = on.page;
  await typeInto(page, LABELS[0]!, 'Черновик первого заявителя');
  await syncRegistered(page);
  await page.close({ runBeforeUnload: false });

  // Someone else signs in on this device (a sign-in link, another tab): their token takes the place of the first one's.
  await context.setOffline(false);
  const other = await tokenAt(request, server.baseURL, second);
  page = await context.newPage();
  await page.goto('/empty.html');
  await page.evaluate((s) => {
    localStorage.setItem('access_token', s.token);
    localStorage.setItem('access_token_expires', String(s.tokenExpireAt * 1000));
    localStorage.setItem('renew_token', s.renew_token);
  }, other);
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  // The worker's copy of the session is the second person's once the server has said whose the token is.
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<number | null>((resolve) => {
              const open = indexedDB.open('cabinet-offline');
              open.onsuccess = () => {
                const get = open.result.transaction('meta').objectStore('meta').get('worker-session');
                get.onsuccess = () => resolve((get.result?.value as { userId?: number } | undefined)?.userId ?? null);
                get.onerror = () => resolve(null);
              };
              open.onerror = () => resolve(null);
            }),
        ),
      { timeout: 20_000 },
    )
    .toBe(second);
  const anchor = await anchorPage(context);
  await page.close({ runBeforeUnload: false });
  await cutWorkerNetwork(request, token, false);

  const drained = await fireSync(anchor);
  expect(drained).toMatchObject({ userId: second, edits: 0 });
  const stash = await stashAt(request, server.baseURL, token, `${first}questionnaireSTART-2026`);
  expect(Object.values(stash.values)).not.toContain('Черновик первого заявителя');
  // The first person's edit is still on the device, theirs to send when they sign in again.
  const left = await anchor.page.evaluate(
    (userId) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('cabinet-offline');
        open.onsuccess = () => {
          const all = open.result.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => resolve((all.result as { userId: number; state: string }[]).filter((r) => r.userId === userId && r.state !== 'acknowledged').length);
        };
      }),
    first,
  );
  expect(left).toBeGreaterThanOrEqual(1);
  await context.close();
});
