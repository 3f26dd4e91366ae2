import { expect, test, type Page } from '@playwright/test';
import { safeFileName } from '../../src/lib/file-name';
import { DEMO_IDS, ownServerBase, signInAt, startOwnServerAt, type OwnServer } from './own-server';
import { expectNothingExecuted, guardPage, type Guard } from './security-guards';
import { networkQuiet } from './fixtures';

/**
 * Hostile content (reliability: "HTML and scripts in every server-provided text never execute"). The test starts its
 * own reference back end (in-memory database) because it rewrites the demo data of every screen: other spec files run
 * against the shared server at the same time. POST /__test/hostile puts script, markup, CSS, bidi, zero-width, emoji,
 * overlong and path-trick payloads into every text the app shows (server/lib/hostile.ts). Then the test walks every
 * screen that shows such texts as several roles and checks: nothing ran (window.__pwned, dialogs), the CSP reported
 * nothing, no dangerous element is in the DOM, plain texts show the markup as text, rich texts keep safe formatting
 * and lose javascript: links, and downloads get safe file names.
 */
const OFFSET = 1300;
const BASE = ownServerBase(OFFSET);
test.use({ baseURL: BASE, serviceWorkers: 'block' });
test.describe.configure({ mode: 'serial' });
let server: OwnServer | null = null;
let report: { counts: Record<string, number>; payloads: number; plain: string[]; rich: string; fileNames: string[] };

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServerAt(OFFSET);
  const response = await fetch(`${BASE}/__test/hostile`, { method: 'POST' });
  expect(response.ok).toBeTruthy();
  report = (await response.json()) as typeof report;
});

test.afterAll(async () => {
  if (!server) return;
  const violations = await server.stop();
  server = null;
  // Hostile texts must not break the contract either (the specs say "string": anything goes, nothing breaks).
  expect(violations).toEqual([]);
});

type Who = keyof typeof DEMO_IDS;
const signInAs = (page: Page, who: Who) => signInAt(page, BASE, DEMO_IDS[who]);

const seen = { tagsAsText: 0, richSafe: 0, jsLinksDefused: 0, screens: 0, downloads: 0, fileNames: new Set<string>(), unicodeDownloads: new Set<string>() };

/** Plain texts: markup from the server is visible as literal text (escaped), not parsed. */
async function tagsShownAsText(page: Page): Promise<number> {
  return page.evaluate(() => (document.body.innerText.match(/<(img|script|svg|iframe|a|span) [^\n]{0,10}|<script>/g) ?? []).length);
}

async function check(page: Page, guard: Guard, where: string, options: { plain?: boolean; rich?: boolean } = {}) {
  // Let late effects (images, lazy handlers, widget) happen before looking.
  await networkQuiet(page);
  await expectNothingExecuted(page, guard, where);
  seen.screens += 1;
  if (options.plain) {
    await expect.poll(() => tagsShownAsText(page), { message: `${where}: hostile names are shown as text` }).toBeGreaterThan(0);
    seen.tagsAsText += await tagsShownAsText(page);
  }
  if (options.rich) {
    // Sanitised rich text keeps safe formatting and safe links, and keeps the text of defused javascript: links.
    await expect(page.locator('strong.hostile-safe').first(), `${where}: safe formatting kept`).toBeVisible();
    const safeLink = page.locator('a[href="https://example.org/rules"]').first();
    await expect(safeLink).toHaveAttribute('rel', /noopener/);
    const defused = page.locator('a.hostile-js');
    expect(await defused.count(), `${where}: javascript: links keep their text`).toBeGreaterThan(0);
    expect(await page.locator('a.hostile-js[href]').count(), `${where}: javascript: links refused`).toBe(0);
    seen.richSafe += await page.locator('strong.hostile-safe').count();
    seen.jsLinksDefused += await defused.count();
  }
}

/** Attachment names of the signed-in user's read-only points (active and archived; previews), by point id. */
async function attachmentsByPoint(page: Page, token: string): Promise<Map<number, string[]>> {
  const headers = { Authorization: `Bearer ${token}` };
  const result = new Map<number, string[]>();
  for (const kind of ['', '/archive']) {
    const list = (await (await page.request.get(`/hosts/main/v2/projects/project-point${kind}?pageSize=100`, { headers })).json()) as { items: { id: number; canEdit?: boolean }[] };
    for (const point of list.items.filter((p) => p.canEdit !== true)) {
      const files = (await (await page.request.get(`/hosts/main/v2/projects/list-attach?filter[pointId]=${point.id}`, { headers })).json()) as
        | { fileName: string; originalFileName?: string | null }[]
        | { items: { fileName: string; originalFileName?: string | null }[] };
      const items = Array.isArray(files) ? files : files.items;
      if (items.length) result.set(point.id, items.map((f) => f.originalFileName ?? f.fileName));
    }
  }
  return result;
}

/**
 * Downloads every attached file of the preview: the server names it safely (RFC 6266/5987 filename*, no path
 * separators, control or bidi characters) and the browser saves it under exactly that Unicode name.
 */
async function downloadEach(page: Page) {
  const files = page.getByTestId('attached-file');
  const count = await files.count();
  for (let i = 0; i < count; i++) {
    const responseWait = page.waitForResponse((r) => r.url().includes('/download-attach/'));
    const downloadWait = page.waitForEvent('download');
    await files.nth(i).getByRole('button').first().click();
    const disposition = (await responseWait).headers()['content-disposition'] ?? '';
    const download = await downloadWait;
    expect(disposition).toMatch(/^attachment; filename="[^"/\\]*"; filename\*=UTF-8''[^/\\'"]+$/);
    const star = decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1]!);
    // eslint-disable-next-line no-control-regex -- control characters must not reach the saved name
    expect(star).not.toMatch(/[/\\<>:"|?*\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]|^(con|nul|prn|aux)\./i);
    expect(download.suggestedFilename()).toBe(star);
    seen.downloads += 1;
    if (/[^\x20-\x7e]/.test(star)) seen.unicodeDownloads.add(star);
  }
}

test('the back end rewrote every kind of text', () => {
  expect(report.counts.plain).toBeGreaterThan(100);
  expect(report.counts.rich).toBeGreaterThan(10);
  expect(report.counts.file).toBeGreaterThan(10);
  expect(report.counts.person).toBeGreaterThan(10);
});

test('grantee: competitions, competition details, questionnaire', async ({ page }) => {
  const guard = await guardPage(page);
  await signInAs(page, 'grantee');

  await page.goto('/programs');
  await expect(page.getByRole('link', { name: 'Подробнее' }).first()).toBeVisible({ timeout: 30_000 });
  await check(page, guard, '/programs', { plain: true });

  await page.goto('/programs/START-2026');
  await expect(page.getByTestId('competition-description')).toBeVisible({ timeout: 30_000 });
  await check(page, guard, '/programs/START-2026', { plain: true, rich: true });
  await page.getByRole('tab', { name: /Задачи/ }).click();
  await check(page, guard, '/programs/START-2026 tasks');

  await page.goto('/programs/create/START-2026');
  await expect(page.getByText('Введенные данные сохраняются автоматически')).toBeVisible({ timeout: 30_000 });
  // The first dialog opens after 1.5 s (SPEC §2) and shows the questionnaire description (rich text).
  const first = page.getByRole('dialog');
  await expect(first).toBeVisible();
  await check(page, guard, 'questionnaire first dialog', { rich: true });
  await page.keyboard.press('Escape');
  await expect(first).toBeHidden();
  await check(page, guard, '/programs/create/START-2026', { plain: true, rich: true });
});

test('grantee: tasks, task previews with hostile file names and their downloads, calendar', async ({ page }) => {
  const guard = await guardPage(page);
  const token = await signInAs(page, 'grantee');

  await page.goto('/tasks');
  await expect(page.getByRole('table').first()).toBeVisible({ timeout: 30_000 });
  await check(page, guard, '/tasks', { plain: true });

  // Points whose attachments carry the hostile file names (found through the API).
  const byName = await attachmentsByPoint(page, token);
  const wanted = ['Смета «итог» 😀 №1.pdf', 'CON.txt', `<img src=x onerror="window.__pwned='file'">.pdf`, 'имя\u0001\u001f.pdf'];
  const points = [...new Set(wanted.map((name) => [...byName].find(([, names]) => names.includes(name))?.[0]).filter((id) => id !== undefined))];
  expect(points.length, 'points with hostile attachment names').toBeGreaterThanOrEqual(2);
  for (const id of points) {
    await page.goto(`/tasks/${id}`);
    await expect(page.getByTestId('attached-file').first()).toBeVisible({ timeout: 30_000 });
    await check(page, guard, `/tasks/${id}`, { plain: true });
    // The UI shows each name as text through the one cleaning (src/lib/file-name.ts): Unicode intact; control and
    // bidi-override characters, paths, <>:"|?* and device names defused — the name the download is saved under.
    const shown = await page.getByTestId('attached-file').allInnerTexts();
    for (const name of byName.get(id)!) {
      const expected = safeFileName(name);
      expect(shown.some((text) => text.includes(expected)), `«${expected}» shown`).toBe(true);
      seen.fileNames.add(name);
    }
    await downloadEach(page);
    await check(page, guard, `/tasks/${id} after downloads`);
  }

  await page.goto('/calendar');
  const event = page.locator('.rbc-event').first();
  await expect(event).toBeVisible({ timeout: 30_000 });
  await check(page, guard, '/calendar', { plain: true });
  await event.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check(page, guard, '/calendar event dialog', { plain: true });
});

test('grantee: projects, project tabs, widget, shell (bell, profile, feedback, banner)', async ({ page }) => {
  const guard = await guardPage(page);
  await signInAs(page, 'grantee');

  await page.goto('/projects');
  await expect(page.getByRole('table', { name: 'Проекты' })).toBeVisible({ timeout: 30_000 });
  await check(page, guard, '/projects', { plain: true });

  await page.goto('/projects/1');
  await expect(page.getByRole('tablist')).toBeVisible({ timeout: 30_000 });
  // The external widget renders the hostile project name as text.
  await expect(page.frameLocator('[data-testid="project-widget"] iframe').getByText('Сводка по проекту')).toBeVisible();
  await check(page, guard, '/projects/1 tasks + widget', { plain: true });
  for (const tab of ['Сведения о проекте', 'Сведения о конкурсе', 'План мероприятий', 'РИД']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expect(page.getByRole('tabpanel')).not.toBeEmpty();
    await check(page, guard, `/projects/1 ${tab}`, { plain: tab !== 'Сведения о конкурсе', rich: tab === 'Сведения о конкурсе' });
  }
  // Service-message banner (plain text).
  await expect(page.getByText(/Плановые технические работы/).first()).toBeVisible();

  // Bell popup: notification messages.
  await page.getByTestId('notification-bell').click();
  await expect(page.getByRole('dialog', { name: 'Новые уведомления' })).toBeVisible();
  await check(page, guard, 'notifications popup', { plain: true });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Новые уведомления' })).toHaveCount(0);

  // User-data drawer: own name and company. Each panel is named: a closing one stays in the page while it animates out.
  await page.getByRole('button', { name: /Данные пользователя/ }).click();
  await expect(page.getByRole('dialog', { name: 'Данные пользователя' })).toBeVisible();
  await check(page, guard, 'user-data drawer');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Данные пользователя' })).toHaveCount(0);

  // Feedback dialog: theme names from the server.
  await page.getByRole('button', { name: 'Задать вопрос' }).click();
  const dialog = page.getByRole('dialog', { name: 'Задать вопрос' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox').first().click();
  await check(page, guard, 'feedback themes', { plain: true });
});

test('manager: assign-user dialog with hostile user names; RID cards', async ({ page }) => {
  const guard = await guardPage(page);
  await signInAs(page, 'manager');
  await page.goto('/projects/1');
  await expect(page.getByRole('tablist')).toBeVisible({ timeout: 30_000 });
  await check(page, guard, 'manager /projects/1', { plain: true });
  await page.goto('/projects/1?tab=rid');
  await check(page, guard, 'manager RID tab', { plain: true });
});

test('grantee: project owner assigns a user (names from the server)', async ({ page }) => {
  const guard = await guardPage(page);
  await signInAs(page, 'grantee');
  await page.goto('/projects/1');
  const assign = page.getByRole('button', { name: 'Назначить пользователя' }).or(page.getByRole('link', { name: 'Назначить пользователя' }));
  await expect(assign.first()).toBeVisible({ timeout: 30_000 });
  await assign.first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const select = page.getByRole('dialog').getByRole('combobox').first();
  await select.click();
  await check(page, guard, 'assign dialog', { plain: true });
});

test('administrator: users and roles, service message form', async ({ page }) => {
  const guard = await guardPage(page);
  await signInAs(page, 'admin');
  await page.goto('/users');
  await expect(page.getByRole('table').first()).toBeVisible({ timeout: 30_000 });
  await check(page, guard, '/users', { plain: true });
  await page.goto('/service-message');
  const message = page.getByRole('textbox', { name: 'Сообщение' });
  await expect(message).toBeVisible({ timeout: 30_000 });
  await expect(message).toHaveValue(/<img src=x onerror=|<script>|<svg onload|<iframe|javascript:|position:fixed|Плановые/);
  await check(page, guard, '/service-message');
});

test('expert: expertise list', async ({ page }) => {
  const guard = await guardPage(page);
  await signInAs(page, 'expert');
  await page.goto('/tasks');
  await expect(page.getByRole('table').first()).toBeVisible({ timeout: 30_000 });
  await check(page, guard, 'expert /tasks', { plain: true });
});

test('demo sign-on page escapes the hostile user names', async ({ page }) => {
  const guard = await guardPage(page);
  await page.goto('/sso/authorize?redirect_uri=/callback');
  await expect(page.getByRole('button').first()).toBeVisible();
  await check(page, guard, '/sso/authorize', { plain: true });
});

test('phone width: long, unbroken and markup texts wrap inside the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const token = await signInAs(page, 'grantee');
  const preview = [...(await attachmentsByPoint(page, token)).keys()][0]!;
  for (const [path, ready] of [
    ['/tasks', page.getByRole('table').first()],
    [`/tasks/${preview}`, page.getByTestId('attached-file').first()],
    ['/projects/1', page.getByRole('tablist')],
    ['/projects/1?tab=info', page.getByRole('tablist')],
    ['/programs', page.getByRole('link', { name: 'Подробнее' }).first()],
    ['/programs/START-2026', page.getByTestId('competition-description')],
  ] as const) {
    await page.goto(path);
    await expect(ready).toBeVisible({ timeout: 30_000 });
    await networkQuiet(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path}: no horizontal scroll at 375 px`).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `tests/screenshots/hostile-375${path.replace(/[/?=]/g, '-')}.png` });
  }
});

test('summary: payloads × places', () => {
  // Printed for the report; the assertions are above.
  const summary = {
    textsRewritten: report.counts,
    distinctPayloads: report.payloads,
    screensChecked: seen.screens,
    tagsShownAsText: seen.tagsAsText,
    richSafeFormattingKept: seen.richSafe,
    javascriptLinksDefused: seen.jsLinksDefused,
    hostileFileNamesShown: seen.fileNames.size,
    downloadsChecked: seen.downloads,
    unicodeDownloads: [...seen.unicodeDownloads],
  };
  console.log(`hostile content: ${JSON.stringify(summary)}`);
  expect(seen.screens).toBeGreaterThan(15);
  expect(seen.downloads).toBeGreaterThanOrEqual(3);
  // The Unicode name (Cyrillic, guillemets, emoji, №) is shown and saved intact.
  expect(seen.fileNames.has('Смета «итог» 😀 №1.pdf')).toBe(true);
  expect(seen.unicodeDownloads.has('Смета «итог» 😀 №1.pdf')).toBe(true);
});
