import AxeBuilder from '@axe-core/playwright';
import { chromium, expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dismissFirstDialog, ownServerForSpec, prepareContext, QUESTIONNAIRE, stashAt, tokenAt, waitForServiceWorker } from './offline-support';

/**
 * Files keep the promise typed values keep (issue "Attachments keep the offline promise"; DESIGN.md "Attachments
 * offline"): the built app with its service worker on a reference back end of its own, real file choosers
 * (setInputFiles), the real loss of the connection (context.setOffline), real reloads and a browser restart, and a
 * second, fresh browser profile reading what reached the server. Every test has a user of its own.
 */
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

const SAVED = 'Все изменения сохранены';
const WAITING_OFFLINE = 'Сохранён на устройстве — загрузится, когда появится соединение';
const NETWORK_TOAST = 'Нет соединения с сервером';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LAUNCH_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu'];

const server = ownServerForSpec();

/** A PDF of `size` bytes whose content says which file it is (compared byte for byte on the second device). */
function pdf(name: string, size = 200_000) {
  const head = Buffer.from(`%PDF-1.4\n% ${name} ${Date.now()}\n`);
  return { name, mimeType: 'application/pdf', buffer: Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]) };
}

async function newUser(request: APIRequestContext, kind: 'applicant' | 'task-owner'): Promise<number> {
  const response = await request.post(`${server.baseURL}/__test/${kind}`);
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { userId: number }).userId;
}

async function signedIn(browser: Browser, userId: number, options: { serviceWorkers?: 'allow' | 'block'; width?: number } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: options.width ?? 1440, height: 900 },
    serviceWorkers: options.serviceWorkers ?? 'allow',
  });
  await prepareContext(context, server.baseURL, userId);
  return context;
}

async function apiJson<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`${server.baseURL}/hosts/main${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path} → ${response.status()}`).toBeTruthy();
  return (await response.json()) as T;
}

async function downloadBytes(request: APIRequestContext, token: string, id: number): Promise<Buffer> {
  const response = await request.get(`${server.baseURL}/hosts/main/v2/projects/download-attach/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBeTruthy();
  return Buffer.from(await response.body());
}

/** A task of the user by its name (a task owner's copies of the demo grantee's tasks get ids of their own). */
async function taskId(request: APIRequestContext, token: string, name: string): Promise<number> {
  const list = await apiJson<{ items: { id: number; name: string }[] }>(request, token, `/v2/projects/project-point?filter[name]=${encodeURIComponent(name)}&pageSize=50`);
  const found = list.items.find((p) => p.name === name);
  expect(found, `task «${name}»`).toBeTruthy();
  return found!.id;
}

const FIN_REPORT = 'Отчёт о целевом использовании средств (просрочен)';
const REGISTER = 'Реестр платёжных документов';

/** A task owner of the test's own, signed in, with a page for the financial report's task form (not opened yet). */
async function finReportOwner(browser: Browser, request: APIRequestContext, options: { serviceWorkers?: 'allow' | 'block' } = {}) {
  const userId = await newUser(request, 'task-owner');
  const session = await tokenAt(request, server.baseURL, userId);
  const id = await taskId(request, session.token, FIN_REPORT);
  const context = await signedIn(browser, userId, options);
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  return { userId, session, id, context, page, address: `/tasks/${id}` };
}

/** An applicant of the test's own on START-2026, its worker in control of the page. */
async function applicantOnQuestionnaire(browser: Browser, request: APIRequestContext, options: { width?: number } = {}) {
  const userId = await newUser(request, 'applicant');
  const context = await signedIn(browser, userId, options);
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  await openControlled(page, QUESTIONNAIRE);
  return { userId, context, page };
}

/** A second device: a fresh profile of the user opens the form and shows the file exactly once. */
async function secondDeviceShowsOnce(browser: Browser, userId: number, address: string, name: string) {
  const second = await signedIn(browser, userId);
  const other = await second.newPage();
  await openForm(other, address);
  await expect(uploaded(other, name)).toHaveCount(1);
  await second.close();
}

/** After an offline reload the kept file is still at its field, still waiting. */
async function stillKeptAfterOfflineReload(page: Page, name: string) {
  await page.reload();
  await expect(page.getByTestId('save-state')).toBeVisible({ timeout: 30_000 });
  await expect(kept(page, name)).toContainText(WAITING_OFFLINE);
  await expect(page.getByTestId('save-state')).not.toHaveText(SAVED);
}

/** The files the server lists for the report's attachment. */
async function registerFiles(request: APIRequestContext, token: string, pointId: number) {
  return apiJson<{ id: number; fileName: string }[]>(request, token, `/v2/projects/list-attach?filter[pointId]=${pointId}&filter[attachCode]=FN_ATT_REGISTER`);
}

/** Opens a form (questionnaire or task) as a person does and waits until it can be used. */
async function openForm(page: Page, address: string) {
  await page.goto(address);
  await expect(page.getByTestId('save-state')).toBeVisible({ timeout: 30_000 });
  await dismissFirstDialog(page);
}

/** The first visit registers the worker; after one reload it controls the page (offline start). */
async function openControlled(page: Page, address: string) {
  await openForm(page, address);
  await waitForServiceWorker(page);
  await page.reload();
  await expect(page.getByTestId('save-state')).toBeVisible({ timeout: 30_000 });
  await dismissFirstDialog(page);
}

/** Serious and critical axe findings within the file rows (a screen reader hears their state, progress and actions). */
async function axeOfKeptFiles(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('[data-testid="kept-file"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const kept = (page: Page, name: string) => page.getByTestId('kept-file').filter({ hasText: name });
const uploaded = (page: Page, name: string) => page.getByRole('button', { name: `Скачать ${name}` });

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible({ timeout: 15_000 });
}

/** Rows of the device's file queue (IndexedDB), read as the app keeps them. */
async function queueOnDevice(page: Page): Promise<{ name: string; state: string }[]> {
  return page.evaluate(
    () =>
      new Promise<{ name: string; state: string }[]>((resolve) => {
        const open = indexedDB.open('cabinet-offline');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('uploads')) return resolve([]);
          const all = db.transaction('uploads').objectStore('uploads').getAll();
          all.onsuccess = () => resolve((all.result as { name: string; state: string }[]).map((r) => ({ name: r.name, state: r.state })));
          all.onerror = () => resolve([]);
        };
        open.onerror = () => resolve([]);
      }),
  );
}

async function blobsOnDevice(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('cabinet-offline');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('uploadBlobs')) return resolve(0);
          const count = db.transaction('uploadBlobs').objectStore('uploadBlobs').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => resolve(0);
        };
        open.onerror = () => resolve(0);
      }),
  );
}

test('questionnaire: a file chosen offline is kept, survives an offline reload, uploads by itself once, and a second device has it', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const { userId, context, page } = await applicantOnQuestionnaire(browser, request);
  const file = pdf('Устав.pdf', 300_000);

  await goOffline(context, page);
  await page.getByLabel('Устав организации: выбрать файл').setInputFiles(file);
  await expect(kept(page, 'Устав.pdf')).toContainText(WAITING_OFFLINE);
  // Defect 1 of the issue: the file was refused with a network toast under a strip promising the opposite.
  await expect(page.getByText(NETWORK_TOAST)).toHaveCount(0);
  await expect(page.getByTestId('save-state')).not.toHaveText(SAVED);
  expect(await queueOnDevice(page)).toEqual([{ name: 'Устав.pdf', state: 'pending' }]);
  await page.screenshot({ path: test.info().outputPath('kept-offline-1440.png') });

  // An offline reload: the file is still there, still waiting.
  await stillKeptAfterOfflineReload(page, 'Устав.pdf');

  // Back online: it goes by itself; only then «Все изменения сохранены».
  await context.setOffline(false);
  await expect(uploaded(page, 'Устав.pdf')).toBeVisible({ timeout: 30_000 });
  await expect(kept(page, 'Устав.pdf')).toHaveCount(0);
  await expect(page.getByTestId('save-state')).toHaveText(SAVED, { timeout: 30_000 });
  expect(await queueOnDevice(page)).toEqual([]);
  expect(await blobsOnDevice(page)).toBe(0);

  // What reached the server: the field's value in the draft, and the very bytes picked.
  const session = await tokenAt(context.request, server.baseURL, userId);
  const stash = await stashAt(context.request, server.baseURL, session.token, `${userId}questionnaireSTART-2026`);
  const ref = stash.values['ST_CHARTER|0|0'] as { id: number; fileName: string };
  expect(ref).toMatchObject({ fileName: 'Устав.pdf' });
  expect((await downloadBytes(context.request, session.token, ref.id)).equals(file.buffer)).toBe(true);
  await context.close();

  // A second device: a fresh profile opens the questionnaire and shows the file once.
  await secondDeviceShowsOnce(browser, userId, QUESTIONNAIRE, 'Устав.pdf');
});

test('task form: an attachment chosen offline reaches the point once; a second device lists it', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const { userId, session, id, context, page, address } = await finReportOwner(browser, request);
  await openControlled(page, address);
  const file = pdf('Реестр.pdf', 250_000);

  await goOffline(context, page);
  await page.getByLabel(`${REGISTER}: выбрать файл`).setInputFiles(file);
  await expect(kept(page, 'Реестр.pdf')).toContainText(WAITING_OFFLINE);
  await stillKeptAfterOfflineReload(page, 'Реестр.pdf');

  await context.setOffline(false);
  await expect(uploaded(page, 'Реестр.pdf')).toBeVisible({ timeout: 30_000 });
  await expect(kept(page, 'Реестр.pdf')).toHaveCount(0);
  await expect(page.getByTestId('save-state')).toHaveText(SAVED, { timeout: 30_000 });

  const listed = await registerFiles(request, session.token, id);
  expect(listed.map((f) => f.fileName)).toEqual(['Реестр.pdf']);
  expect((await downloadBytes(request, session.token, listed[0]!.id)).equals(file.buffer)).toBe(true);
  // Offline again right after: the kept copy of the task's file list has it too (it opens offline with it).
  await goOffline(context, page);
  await page.reload();
  await expect(uploaded(page, 'Реестр.pdf')).toBeVisible({ timeout: 30_000 });
  await context.close();

  await secondDeviceShowsOnce(browser, userId, address, 'Реестр.pdf');
});

test('an upload dropped as a lost connection resumes by itself, with no second pick, and lands once', async ({ browser, request }) => {
  test.setTimeout(180_000);
  // Requests through a service worker bypass page routing: this context blocks the worker, so the route sees them.
  const { session, id, context, page, address } = await finReportOwner(browser, request, { serviceWorkers: 'block' });
  let dropped = 0;
  await page.route('**/v2/projects/upload-attach', async (route) => {
    if (dropped++ === 0) return route.abort('internetdisconnected');
    return route.continue();
  });
  await openForm(page, address);
  await page.getByLabel(`${REGISTER}: выбрать файл`).setInputFiles(pdf('cut2.pdf'));
  // Defect 2 of the issue: a red row with only «Заменить файл», nothing retried. Now it stays kept and goes again.
  await expect(uploaded(page, 'cut2.pdf')).toBeVisible({ timeout: 45_000 });
  expect(dropped).toBe(2);
  await expect(kept(page, 'cut2.pdf')).toHaveCount(0);
  const listed = await registerFiles(request, session.token, id);
  expect(listed.map((f) => f.fileName)).toEqual(['cut2.pdf']);
  await context.close();
});

test('a slow upload shows its progress, is cut off by a real loss of the connection, and finishes by itself once', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const { session, id, context, page, address } = await finReportOwner(browser, request);
  await openControlled(page, address);
  // How the upload is slowed: the reference back end reads this user's upload bodies at 1 MB/s (fault
  // uploadBytesPerSecond), so the browser's send buffer fills and XHR progress follows the server's reading. A 16 MB
  // file: the first ~4 MB go at once into the kernel's buffers on loopback, the rest at the server's pace.
  const token = await page.evaluate(() => localStorage.getItem('access_token')!);
  const faults = await request.post(`${server.baseURL}/__test/faults?token=${encodeURIComponent(token)}`, { data: [{ match: 'attachUpload', uploadBytesPerSecond: 1_000_000 }] });
  expect(faults.ok()).toBeTruthy();
  await page.getByLabel(`${REGISTER}: выбрать файл`).setInputFiles(pdf('slow.pdf', 16 * 1024 * 1024));
  const row = kept(page, 'slow.pdf');
  const bar = row.getByRole('progressbar');
  const seen = new Set<number>();
  await expect
    .poll(
      async () => {
        const value = Number((await bar.getAttribute('aria-valuenow', { timeout: 1_000 }).catch(() => null)) ?? -1);
        if (value >= 0 && value < 100) seen.add(value);
        return seen.size;
      },
      { timeout: 60_000, intervals: [200] },
    )
    .toBeGreaterThanOrEqual(2);
  // «42 % — 1,3 из 3,0 МБ» (non-breaking spaces keep the figures with their units).
  await expect(row).toContainText(/\d+\s%\s— [\d,]+ из\s16,0\sМБ/);
  await expect(row.getByRole('button', { name: 'Отменить загрузку файла slow.pdf' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('uploading-1440.png') });
  expect(await axeOfKeptFiles(page)).toEqual([]);
  // The connection goes in the middle of the upload (Chromium fails requests in flight when it goes offline).
  await context.setOffline(true);
  await expect(row).toContainText(WAITING_OFFLINE, { timeout: 30_000 });
  await request.delete(`${server.baseURL}/__test/faults?token=${encodeURIComponent(token)}`);
  await context.setOffline(false);
  await expect(uploaded(page, 'slow.pdf')).toBeVisible({ timeout: 60_000 });
  const listed = await registerFiles(request, session.token, id);
  expect(listed.map((f) => f.fileName)).toEqual(['slow.pdf']);
  await context.close();
});

test('a tab closed in the middle of an upload: the next page sends the kept copy, and the server keeps it once', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const owner = await finReportOwner(browser, request);
  const { session, id, context, address } = owner;
  let page = owner.page;
  await openControlled(page, address);
  // Slowed as above (the server reads this user's uploads at 1 MB/s), so the tab is surely closed mid-upload.
  const token = await page.evaluate(() => localStorage.getItem('access_token')!);
  await request.post(`${server.baseURL}/__test/faults?token=${encodeURIComponent(token)}`, { data: [{ match: 'attachUpload', uploadBytesPerSecond: 1_000_000 }] });
  await page.getByLabel(`${REGISTER}: выбрать файл`).setInputFiles(pdf('closed-mid-upload.pdf', 12 * 1024 * 1024));
  await expect(kept(page, 'closed-mid-upload.pdf').getByRole('progressbar')).toBeVisible({ timeout: 30_000 });
  await page.close({ runBeforeUnload: false });
  await request.delete(`${server.baseURL}/__test/faults?token=${encodeURIComponent(token)}`);
  page = await context.newPage();
  await openForm(page, address);
  await expect(uploaded(page, 'closed-mid-upload.pdf')).toBeVisible({ timeout: 60_000 });
  await expect(kept(page, 'closed-mid-upload.pdf')).toHaveCount(0);
  const listed = await registerFiles(request, session.token, id);
  expect(listed.map((f) => f.fileName)).toEqual(['closed-mid-upload.pdf']);
  await context.close();
});

for (const drops of [1, 2]) {
  test(`the lost answer (${drops === 1 ? 'the browser resends by itself' : 'the client sees the connection die'}): the point ends with one attachment`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const { session, id, context, page, address } = await finReportOwner(browser, request);
    await openControlled(page, address);
    // The reference back end stores the file, then drops the connection without answering (fault dropAfterHandler).
    // Once: Chromium resends a POST whose reused keep-alive connection closed without an answer, by itself — the
    // server gets the file twice from one request. Twice: that resend is dropped too, and the page sees a lost
    // connection after its body went.
    const token = await page.evaluate(() => localStorage.getItem('access_token')!);
    const faults = await request.post(`${server.baseURL}/__test/faults?token=${encodeURIComponent(token)}`, { data: [{ match: 'attachUpload', dropAfterHandler: true, times: drops }] });
    expect(faults.ok()).toBeTruthy();
    const uploads: string[] = [];
    context.on('request', (r) => {
      if (r.url().includes('/v2/projects/upload-attach')) uploads.push(r.url());
    });
    await page.getByLabel(`${REGISTER}: выбрать файл`).setInputFiles(pdf('answer-lost.pdf'));
    await expect(uploaded(page, 'answer-lost.pdf')).toBeVisible({ timeout: 45_000 });
    await expect(kept(page, 'answer-lost.pdf')).toHaveCount(0);
    const listed = await registerFiles(request, session.token, id);
    expect(listed.map((f) => f.fileName)).toEqual(['answer-lost.pdf']);
    // The page sent the file once: the server's list said it had it.
    expect(uploads).toHaveLength(1);
    await expect(uploaded(page, 'answer-lost.pdf')).toHaveCount(1);
    await context.close();
  });
}

test('a device without room says so plainly, keeps nothing half-written, and the form goes on', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const userId = await newUser(request, 'applicant');
  const context = await signedIn(browser, userId);
  const page = await context.newPage();
  // How the device is made small: the origin's quota set to 5 MB through the DevTools protocol before the app first
  // stores anything (Chromium keeps an origin's quota once its storage is in use). The app's shell, its caches and
  // the draft fit; a 6 MB file does not: IndexedDB refuses it with QuotaExceededError when it commits (Chromium's own
  // check, which counts what the origin stored lazily: a file that would only just overflow may still be taken).
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: server.baseURL, quotaSize: 5 * 1024 * 1024 });
  await openForm(page, QUESTIONNAIRE);
  await page.getByLabel('Устав организации: выбрать файл').setInputFiles(pdf('Большой устав.pdf', 6 * 1024 * 1024));
  const message = 'Недостаточно места на устройстве: файл «Большой устав.pdf» не сохранён';
  await expect(page.locator('[data-slot^="ST_CHARTER|"]').getByRole('alert')).toContainText(message);
  await expect(page.getByRole('alert').filter({ hasText: message }).first()).toBeVisible();
  await expect(kept(page, 'Большой устав.pdf')).toHaveCount(0);
  await expect(uploaded(page, 'Большой устав.pdf')).toHaveCount(0);
  expect(await queueOnDevice(page)).toEqual([]);
  expect(await blobsOnDevice(page)).toBe(0);
  // The form is still usable: a typed value is saved.
  const name = page.getByRole('textbox', { name: 'Название проекта' });
  await name.click();
  await page.keyboard.type('Проект при полном устройстве');
  await expect(page.getByTestId('save-state')).toHaveText(SAVED, { timeout: 30_000 });
  // And a file that fits is kept and uploaded as usual.
  await page.getByLabel('Устав организации: выбрать файл').setInputFiles(pdf('Малый устав.pdf', 100_000));
  await expect(uploaded(page, 'Малый устав.pdf')).toBeVisible({ timeout: 30_000 });
  await page.locator('[data-slot^="ST_CHARTER|"]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('device-full-1440.png') });
  await context.close();
});

test('a second tab on the same form shows the same waiting file; sign-out names it and then purges it', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { context, page } = await applicantOnQuestionnaire(browser, request);
  const other = await context.newPage();
  await openForm(other, QUESTIONNAIRE);
  await goOffline(context, page);
  await page.getByLabel('Устав организации: выбрать файл').setInputFiles(pdf('Устав из первой вкладки.pdf'));
  await expect(kept(page, 'Устав из первой вкладки.pdf')).toContainText(WAITING_OFFLINE);
  await expect(kept(other, 'Устав из первой вкладки.pdf')).toContainText(WAITING_OFFLINE);
  await other.close();

  await page.getByRole('button', { name: 'Выйти' }).click();
  const warning = page.getByRole('alertdialog', { name: 'Выйти из кабинета?' });
  await expect(warning).toBeVisible({ timeout: 15_000 });
  await expect(warning).toContainText('Среди них файл «Устав из первой вкладки.pdf»: он не загружен на сервер.');
  await page.screenshot({ path: test.info().outputPath('sign-out-files-1440.png') });
  await warning.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });
  await expect.poll(() => queueOnDevice(page)).toEqual([]);
  expect(await blobsOnDevice(page)).toBe(0);
  await context.close();
});

test('recognition offline: the field says it starts when the connection returns; back online the review opens', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { context, page } = await applicantOnQuestionnaire(browser, request);
  await goOffline(context, page);
  await page.getByLabel('Смета расходов: выбрать файл').setInputFiles({ name: 'смета.csv', mimeType: 'text/csv', buffer: Buffer.from('Оборудование;100000\nМатериалы;50000\n') });
  await expect(kept(page, 'смета.csv')).toContainText('распознавание начнётся, когда появится соединение');
  await expect(page.getByText(NETWORK_TOAST)).toHaveCount(0);
  await context.setOffline(false);
  const review = page.getByRole('dialog', { name: 'Результаты распознавания' });
  await expect(review).toBeVisible({ timeout: 30_000 });
  await review.getByRole('button', { name: 'Принять и добавить' }).click();
  await expect(review).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Запрашиваемая сумма гранта' })).toHaveValue('150000');
  await expect(kept(page, 'смета.csv')).toHaveCount(0);

  // Left waiting while the person was elsewhere: «Распознать» when they come back.
  await goOffline(context, page);
  await page.getByLabel('Смета расходов: выбрать файл').setInputFiles({ name: 'смета-2.csv', mimeType: 'text/csv', buffer: Buffer.from('Оборудование;200000\n') });
  await expect(kept(page, 'смета-2.csv')).toBeVisible();
  await page.goto('/tasks');
  await context.setOffline(false);
  await openForm(page, QUESTIONNAIRE);
  await expect(page.getByRole('dialog', { name: 'Результаты распознавания' })).toHaveCount(0);
  await kept(page, 'смета-2.csv').getByRole('button', { name: 'Распознать' }).click();
  const again = page.getByRole('dialog', { name: 'Результаты распознавания' });
  await expect(again).toBeVisible({ timeout: 30_000 });
  await again.getByRole('button', { name: 'Отменить загрузку' }).click();
  await expect(kept(page, 'смета-2.csv')).toHaveCount(0);
  await context.close();
});

test('a browser restart: a file kept offline in a closed browser goes once the browser runs again online', async () => {
  test.setTimeout(240_000);
  const profile = mkdtempSync(path.join(tmpdir(), 'files-profile-'));
  const launch = () =>
    chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: LAUNCH_ARGS, baseURL: server.baseURL, locale: 'ru-RU', viewport: { width: 1440, height: 900 }, serviceWorkers: 'allow' });
  let context = await launch();
  try {
    const userId = await newUser(context.request, 'applicant');
    await prepareContext(context, server.baseURL, userId);
    let page = context.pages()[0] ?? (await context.newPage());
    await openControlled(page, QUESTIONNAIRE);
    await goOffline(context, page);
    const file = pdf('После перезапуска.pdf');
    await page.getByLabel('Устав организации: выбрать файл').setInputFiles(file);
    await expect(kept(page, 'После перезапуска.pdf')).toContainText(WAITING_OFFLINE);
    await context.close();

    context = await launch();
    page = context.pages()[0] ?? (await context.newPage());
    await openForm(page, QUESTIONNAIRE);
    await expect(uploaded(page, 'После перезапуска.pdf')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('save-state')).toHaveText(SAVED, { timeout: 30_000 });
    const session = await tokenAt(context.request, server.baseURL, userId);
    const stash = await stashAt(context.request, server.baseURL, session.token, `${userId}questionnaireSTART-2026`);
    const ref = stash.values['ST_CHARTER|0|0'] as { id: number };
    expect((await downloadBytes(context.request, session.token, ref.id)).equals(file.buffer)).toBe(true);
  } finally {
    await context.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  }
});

test('phone width: a kept file and an upload in progress fit the screen', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const userId = await newUser(request, 'applicant');
  const context = await signedIn(browser, userId, { width: 375 });
  const page = await context.newPage();
  await openControlled(page, QUESTIONNAIRE);
  await goOffline(context, page);
  await page.getByLabel('Устав организации: выбрать файл').setInputFiles(pdf('Устав с очень длинным названием организации-заявителя.pdf'));
  const row = kept(page, 'Устав с очень длинным');
  await expect(row).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  const box = (await row.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('kept-offline-375.png') });
  expect(await axeOfKeptFiles(page)).toEqual([]);
  await context.close();
});
