import { expect, test, type Page } from '@playwright/test';
import { apiGet, expectNoContractViolations, screenshot, signIn, tokenFor } from './fixtures';

/**
 * Failures are simulated per page (page.route), not with the server's shared fault list: tests of other files run at
 * the same time and would see (or clear) shared faults.
 */
async function failCalls(page: Page, urlPattern: string | RegExp, status: number, message: string) {
  await page.route(urlPattern, (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ name: 'Error', message, status, code: 0 }) }),
  );
}

/** SPEC §2 "Projects": the table, the project page with its tabs, the two requests and the external widget. */

const projectTabs = (page: Page) => page.getByRole('tablist');

async function tasksBadge(page: Page): Promise<number> {
  const badge = page.getByRole('tab', { name: /Задачи/ }).getByTestId('tasks-count');
  await expect(badge).toBeVisible();
  return Number(await badge.textContent());
}

test.describe('projects table', () => {
  test('lists the grantee’s projects and opens one from its row; the back arrow returns', async ({ page }) => {
    await signIn(page, 'grantee');
    await page.goto('/projects');
    await expect(page.getByRole('heading', { level: 1, name: 'Проекты' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Проекты' });
    for (const header of ['ID', 'Проект', 'Конкурс', 'Статус']) await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    // Only the projects the grantee owns or works in (owner of 1, 3, 6; member of 4).
    const row = table.getByRole('row', { name: /Нейросетевая платформа диагностики/ });
    await expect(row).toContainText('«Старт» 2026');
    await expect(row).toContainText('Реализация');
    await expect(table.getByRole('row', { name: /Умная теплица/ })).toHaveCount(0);
    await expect(table.getByRole('row', { name: /Цифровой двойник цеха/ })).toBeVisible();
    await screenshot(page, 'projects-table-1440');

    // A click anywhere on the row (here: the status cell) opens the project.
    await row.getByRole('cell', { name: 'Реализация' }).click();
    await expect(page).toHaveURL(/\/projects\/1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Нейросетевая платформа диагностики' })).toBeVisible();
    await page.getByRole('button', { name: 'Назад к списку проектов' }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expectNoContractViolations(page.request);
  });

  test('pages through all projects for a manager (20 a page)', async ({ page }) => {
    const { token } = await signIn(page, 'manager');
    // Other demo data may add projects: the expected rows come from the API.
    const { _meta } = await apiGet<{ _meta: { totalCount: number } }>(page.request, token, '/hosts/main/v1/projects?pageSize=1');
    expect(_meta.totalCount).toBeGreaterThanOrEqual(26);
    await page.goto('/projects');
    const rows = page.getByRole('table', { name: 'Проекты' }).locator('tbody tr');
    await expect(rows).toHaveCount(20);
    await page.getByRole('button', { name: 'Страница 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows).toHaveCount(Math.min(20, _meta.totalCount - 20));
    await expect(page.getByRole('row', { name: /Онлайн-тренажёр по программированию/ })).toBeVisible();
    await page.getByRole('button', { name: 'Предыдущая страница' }).click();
    await expect(rows).toHaveCount(20);
    await expect(page.getByRole('row', { name: /Нейросетевая платформа диагностики/ })).toBeVisible();
  });

  test('a failing list shows the error toast', async ({ page }) => {
    await signIn(page, 'grantee');
    await failCalls(page, /\/hosts\/main\/v1\/projects\?/, 500, 'Сервис проектов временно недоступен');
    await page.goto('/projects');
    await expect(page.getByRole('alert').filter({ hasText: 'Сервис проектов временно недоступен' })).toBeVisible();
    // In place of the table: a plain message and "Повторить" (not "Нет данных", which would say there are none).
    await expect(page.getByRole('alert').filter({ hasText: 'Не удалось загрузить список проектов.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Повторить' })).toBeVisible();
    await expect(page.getByText('Нет данных')).toHaveCount(0);
  });

  test('is usable on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, 'grantee');
    await page.goto('/projects');
    await expect(page.getByRole('row', { name: /Биоразлагаемая упаковка/ })).toBeVisible();
    await screenshot(page, 'projects-table-375');
    await page.getByRole('link', { name: 'Биоразлагаемая упаковка' }).click();
    await expect(page).toHaveURL(/\/projects\/3$/);
    await expect(page.getByRole('button', { name: 'Запрос на РИД' })).toBeVisible();
    await screenshot(page, 'project-page-375');
  });
});

test.describe('project page', () => {
  test('shows every tab of a project with a plan', async ({ page }) => {
    await signIn(page, 'grantee');
    await page.goto('/projects/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Нейросетевая платформа диагностики' })).toBeVisible();
    const tabs = projectTabs(page);
    await expect(tabs.getByRole('tab')).toHaveText([/^Задачи\d+$/, 'Сведения о проекте', 'Сведения о конкурсе', 'План мероприятий', 'РИД']);

    // Задачи: the project's tasks; the owner assigns the responsible user.
    expect(await tasksBadge(page)).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Назначить пользователя' }).first()).toBeVisible();
    await screenshot(page, 'project-tasks-1440');

    // Сведения о проекте.
    await tabs.getByRole('tab', { name: 'Сведения о проекте' }).click();
    await expect(page).toHaveURL(/tab=info/);
    const info = page.getByRole('tabpanel');
    await expect(info.getByText('Разработка программно-аппаратного комплекса')).toBeVisible();
    for (const text of ['Реализация', 'ООО «НейроТех»', '5406789123', '4512ГС1/78231']) await expect(info.getByText(text, { exact: true })).toBeVisible();
    const download = page.waitForEvent('download');
    await info.getByRole('button', { name: 'Скачать файл Договор о предоставлении гранта.pdf' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Договор о предоставлении гранта.pdf');
    const bytes = await (await file.createReadStream()).toArray();
    expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe('%PDF-');
    await screenshot(page, 'project-info-1440');

    // Сведения о конкурсе.
    await tabs.getByRole('tab', { name: 'Сведения о конкурсе' }).click();
    const competition = page.getByRole('tabpanel');
    await expect(competition.getByText('«Старт» 2026', { exact: true })).toBeVisible();
    await expect(competition.getByText('START-2026', { exact: true })).toBeVisible();
    await expect(competition.getByText('Портфель «Технологическое предпринимательство»')).toBeVisible();
    await screenshot(page, 'project-competition-1440');

    // План мероприятий: past, active and future stages with their notes and dot colours.
    await tabs.getByRole('tab', { name: 'План мероприятий' }).click();
    const stages = page.getByRole('tabpanel').locator('[data-phase]');
    await expect(stages).toHaveCount(4);
    await expect(stages.nth(0)).toHaveAttribute('data-phase', 'past');
    await expect(stages.nth(0)).toContainText(/завершился (.+ назад|вчера)/);
    await expect(stages.nth(2)).toHaveAttribute('data-phase', 'active');
    await expect(stages.nth(2)).toContainText(/(осталось|остался) \d+ (месяц|месяца|месяцев|год|года|лет|день|дня|дней)/);
    await expect(stages.nth(3)).toHaveAttribute('data-phase', 'future');
    await expect(stages.nth(3)).toContainText(/начнется через/);
    await expect(stages.nth(3)).toContainText('Этап 4. Клинические испытания');
    const dotColour = (i: number) => stages.nth(i).getByTestId('plan-dot').evaluate((el) => getComputedStyle(el).backgroundColor);
    const [past, , active, future] = [await dotColour(0), await dotColour(1), await dotColour(2), await dotColour(3)];
    expect(past).toBe('rgb(161, 161, 170)'); // gray.400
    expect(future).toBe('rgb(34, 197, 94)'); // green.500
    expect(active).toBe('rgb(31, 79, 163)'); // brand.solid
    await screenshot(page, 'project-plan-1440');

    // РИД.
    await tabs.getByRole('tab', { name: 'РИД' }).click();
    await expect(page.getByTestId('rid-card')).toHaveCount(10);
    await expectNoContractViolations(page.request);
  });

  test('a project without a plan and without request flags shows neither', async ({ page }) => {
    await signIn(page, 'grantee');
    // Project 4 belongs to another owner; the grantee is one of its users.
    await page.goto('/projects/4?tab=plan');
    await expect(page.getByRole('heading', { level: 1, name: 'Цифровой двойник цеха' })).toBeVisible();
    await expect(projectTabs(page).getByRole('tab', { name: 'План мероприятий' })).toHaveCount(0);
    await expect(projectTabs(page).getByRole('tab', { name: /Задачи/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'Запрос на изменение' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Запрос на РИД' })).toHaveCount(0);
    // Not the owner: no assigning.
    await expect(page.getByRole('button', { name: 'Назначить пользователя' })).toHaveCount(0);
  });

  test('a project the user may not see goes to access denied, an unknown one to not found', async ({ page }) => {
    await signIn(page, 'grantee');
    await page.goto('/projects/2');
    await expect(page).toHaveURL(/\/access-denied\/403$/);
    await page.goto('/projects/9999');
    await expect(page.getByText('Страница не найдена')).toBeVisible();
    await page.goto('/projects/abc');
    await expect(page.getByText('Страница не найдена')).toBeVisible();
  });

  test('the «Задачи» count is asked for beside the project, once, and the page is drawn with it', async ({ page }) => {
    // Issue 19: the count used to be asked for only after the page had drawn, and its answer drew the whole page again.
    await signIn(page, 'grantee');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/hosts\/main\/v1\/projects\/1$/, async (route) => {
      await held;
      await route.continue();
    });
    // The app's own calls (the project widget's frame asks for the count too, after the page has loaded).
    const countCalls: string[] = [];
    page.on('request', (request) => {
      if (request.frame() === page.mainFrame() && /project-point\/count\?filter(\[|%5B)projectId(\]|%5D)=1$/.test(request.url())) countCalls.push(request.url());
    });
    await page.goto('/projects/1?tab=rid');
    await expect.poll(() => countCalls.length, { message: 'the count is asked for while the project is still on its way' }).toBe(1);
    await expect(page.getByRole('heading', { level: 1, name: 'Нейросетевая платформа диагностики' })).toHaveCount(0);
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Нейросетевая платформа диагностики' })).toBeVisible();
    expect(await tasksBadge(page)).toBeGreaterThan(0);
    await expect(page.getByTestId('rid-card').first()).toBeVisible();
    await expect(page.getByTestId('project-widget')).toHaveAttribute('data-state', 'mounted');
    expect(countCalls, 'asked for once').toHaveLength(1);
  });

  test('sends both requests after confirmation; cancelling sends nothing', async ({ page }) => {
    await signIn(page, 'grantee');
    // Project 9: nothing else in the suite adds tasks there, so the badge counts exactly these two requests.
    await page.goto('/projects/9');
    await expect(page.getByRole('heading', { level: 1, name: 'Голосовой помощник для МФЦ' })).toBeVisible();
    const before = await tasksBadge(page);

    await page.getByRole('button', { name: 'Запрос на изменение' }).click();
    let dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Вы уверены что хотите отправить запрос на изменение?');
    expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(450);
    await screenshot(page, 'project-request-dialog-1440');
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Запрос на изменение' }).click();
    dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Запрос успешно отправлен' })).toBeVisible();
    await expect.poll(() => tasksBadge(page)).toBe(before + 1);

    await page.getByRole('button', { name: 'Запрос на РИД' }).click();
    dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Вы уверены что хотите отправить запрос на РИД?');
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Запрос успешно отправлен' }).last()).toBeVisible();
    await expect.poll(() => tasksBadge(page)).toBe(before + 2);
    await expect(page.getByRole('link', { name: /Запрос на регистрацию РИД/ }).first()).toBeVisible();
    await expectNoContractViolations(page.request);
  });

  test('a refused request shows the server’s message', async ({ page }) => {
    await signIn(page, 'grantee');
    await page.goto('/projects/9');
    await failCalls(page, '**/hosts/main/v2/projects/change-point-type', 422, 'Запрос на РИД по этому проекту сейчас недоступен');
    await page.getByRole('button', { name: 'Запрос на РИД' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Отправить' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Запрос на РИД по этому проекту сейчас недоступен' })).toBeVisible();
    await expect(page.getByRole('alertdialog')).toBeHidden();
  });
});

/** The widget's document inside the project page (a frame sandboxed to scripts only, widget-loader.ts). */
const widgetFrame = (page: Page) => page.frameLocator('[data-testid="project-widget"] iframe');

/** A widget that tries to take everything within its reach and prints what it got. */
const NOSY_WIDGET = `window.ProjectWidget = { init: function (o) {
  function grab(read) { try { var v = read(); return v === undefined || v === null || v === '' ? 'empty' : String(v); } catch (e) { return 'blocked'; } }
  var seen = {
    projectId: o.projectId,
    token: o.token,
    localStorage: grab(function () { return JSON.stringify(Object.keys(localStorage).map(function (k) { return [k, localStorage.getItem(k)]; })); }),
    sessionStorage: grab(function () { return JSON.stringify(Object.keys(sessionStorage)); }),
    cookie: grab(function () { return document.cookie; }),
    indexedDB: grab(function () { indexedDB.open('grants-cabinet'); return 'opened'; }),
    appDocument: grab(function () { return window.parent.document.body.innerText; }),
    appStorage: grab(function () { return window.parent.localStorage.getItem('renew_token'); }),
  };
  var out = document.createElement('pre');
  out.setAttribute('data-testid', 'widget-report');
  out.textContent = JSON.stringify(seen);
  o.element.appendChild(out);
} };`;

test.describe('external project widget', () => {
  test('is started after the page loads with the project id and the stored token', async ({ page }) => {
    const session = await signIn(page, 'grantee');
    const widgetCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v2/projects/rid/project/1') && request.headers()['authorization'] === `Bearer ${session.token}`) widgetCalls.push(request.url());
    });
    await page.goto('/projects/1');
    await expect(page.getByTitle('Сводка по проекту')).toBeVisible();
    const widget = widgetFrame(page).getByRole('region', { name: 'Сводка по проекту' });
    await expect(widget).toBeVisible();
    await expect(widget).toHaveAttribute('data-project-id', '1');
    await expect(widget).toContainText('Сводка по проекту №1');
    await expect(widget).toContainText(/«Нейросетевая платформа диагностики» · задач: \d+ · РИД: 10/);
    await expect(widgetFrame(page).locator('script[data-project-widget]')).toHaveAttribute('data-project-id', '1');
    expect(widgetCalls.length).toBeGreaterThan(0);
    // The frame takes the widget's height: nothing cut, no inner scroll bar.
    const frameBox = (await page.getByTitle('Сводка по проекту').boundingBox())!;
    const widgetBox = (await widget.boundingBox())!;
    expect(frameBox.height).toBeGreaterThanOrEqual(widgetBox.height);
    await screenshot(page, 'project-widget-1440');

    // Another project: a fresh frame with the new id.
    await page.getByRole('button', { name: 'Назад к списку проектов' }).click();
    await page.getByRole('link', { name: 'Биоразлагаемая упаковка' }).click();
    await expect(widgetFrame(page).getByRole('region', { name: 'Сводка по проекту' })).toContainText('Сводка по проекту №3');
    await expect(page.locator('[data-testid="project-widget"] iframe')).toHaveCount(1);
  });

  test('gets the project id and the access token only: no storage, cookies, drafts or page of the app, also during «Войти как»', async ({ page }) => {
    await page.route('**/widget/project-widget.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: NOSY_WIDGET }));
    // «Войти как» needs a user with a live token (SPEC §2 users table).
    await tokenFor(page.request, 'grantee');
    const admin = await signIn(page, 'admin');
    await page.goto('/users?id=7');
    await page.getByTestId('user-row-7').getByRole('button', { name: /Войти как/ }).click();
    await expect(page.getByRole('region', { name: 'Вход от имени пользователя' })).toBeVisible();
    const stored = await page.evaluate(() => ({ token: localStorage.getItem('access_token'), renew: localStorage.getItem('renew_token') }));
    expect(stored.token).toBeTruthy();

    await page.getByRole('link', { name: 'Проекты' }).first().click();
    await page.getByRole('link', { name: 'Нейросетевая платформа диагностики' }).click();
    const report = widgetFrame(page).getByTestId('widget-report');
    await expect(report).toBeVisible({ timeout: 30_000 });
    const text = (await report.textContent())!;
    expect(JSON.parse(text)).toEqual({
      projectId: 1,
      token: stored.token,
      localStorage: 'blocked',
      sessionStorage: 'blocked',
      cookie: 'blocked',
      indexedDB: 'blocked',
      appDocument: 'blocked',
      appStorage: 'blocked',
    });
    // Neither the administrator's own session nor any renew token is anywhere in what the widget could see.
    expect(text).not.toContain(admin.token);
    expect(text).not.toContain(admin.renew_token);
    if (stored.renew) expect(text).not.toContain(stored.renew);
    // The app itself still holds its session and keeps working.
    await expect(page.getByRole('heading', { level: 1, name: 'Нейросетевая платформа диагностики' })).toBeVisible();
  });

  for (const [name, fulfil] of [
    ['answers 500', { status: 500, body: 'ошибка' }],
    ['throws while loading', { status: 200, contentType: 'text/javascript', body: 'throw new Error("виджет сломан");' }],
    ['throws in init', { status: 200, contentType: 'text/javascript', body: 'window.ProjectWidget = { init() { throw new Error("init сломан"); } };' }],
    ['defines nothing', { status: 200, contentType: 'text/javascript', body: 'void 0;' }],
  ] as const) {
    test(`a widget that ${name} leaves the page working`, async ({ page }) => {
      await signIn(page, 'grantee');
      await page.route('**/widget/project-widget.js', (route) => route.fulfill(fulfil));
      await page.goto('/projects/1');
      await expect(page.getByRole('heading', { level: 1, name: 'Нейросетевая платформа диагностики' })).toBeVisible();
      // The failed widget's frame is removed.
      await expect(page.locator('[data-testid="project-widget"] iframe')).toHaveCount(0);
      await expect(page.getByTestId('project-widget')).toBeHidden();
      await projectTabs(page).getByRole('tab', { name: 'Сведения о проекте' }).click();
      await expect(page.getByRole('tabpanel').getByText('5406789123', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Запрос на изменение' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Отмена' }).click();
    });
  }
});

test('API: who sees which project', async ({ request }) => {
  const ids = async (account: Parameters<typeof tokenFor>[1], page = 1) => {
    const { token } = await tokenFor(request, account);
    const body = await apiGet<{ items: { id: number }[]; _meta: { totalCount: number } }>(request, token, `/hosts/main/v1/projects?page=${page}&pageSize=100`);
    return { ids: body.items.map((p) => p.id), total: body._meta.totalCount };
  };
  // Owners and project users see their projects…
  const grantee = await ids('grantee');
  expect(grantee.ids).toEqual(expect.arrayContaining([1, 3, 4, 6, 7, 9]));
  expect(grantee.ids).not.toContain(2);
  expect(grantee.ids).not.toContain(5);
  const user = await ids('user');
  expect(user.ids).toEqual(expect.arrayContaining([2, 5, 8]));
  expect(user.ids).not.toContain(1);
  // …managers, monitors and experts see all of them; an administrator has no projects.
  const all = (await ids('manager')).total;
  expect(all).toBeGreaterThanOrEqual(26);
  for (const staff of ['monitor', 'monitorExternal', 'expert'] as const) expect((await ids(staff)).total).toBe(all);
  expect((await ids('admin')).total).toBe(0);

  const { token } = await tokenFor(request, 'user');
  const denied = await request.get('/hosts/main/v1/projects/1', { headers: { Authorization: `Bearer ${token}` } });
  expect(denied.status()).toBe(403);
  const file = await request.get('/hosts/main/v1/projects/1/files/1', { headers: { Authorization: `Bearer ${token}` } });
  expect(file.status()).toBe(403);
  await expectNoContractViolations(request);
});
