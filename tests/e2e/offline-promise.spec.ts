import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { keptForOffline, pageNow } from './fixtures';
import { dismissFirstDialog, prepareContext, QUESTIONNAIRE, setFaults, stashAt, ownServerForSpec, tokenAt, waitForServiceWorker } from './offline-support';

/**
 * The offline promise as a person meets it (issue "Offline drafts keep their promise in a real browser"): the built app
 * with its service worker on a reference back end of its own, typed into with the keyboard, real reloads, real loss of
 * the connection, tabs closed the moment the indicator says «Все изменения сохранены», and a second, fresh browser
 * profile reading what reached the server.
 */
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

const SAVED = 'Все изменения сохранены';
const START_ERROR = 'Личный кабинет не может запуститься';
const GRANTEE = 7;

const server = ownServerForSpec();

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: false }).first();

/** Types like a person: focus, select what is there, type character by character. */
async function typeInto(page: Page, label: string, text: string) {
  const input = field(page, label);
  await input.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text, { delay: 5 });
}

/** Resolves the moment the questionnaire's indicator says «Все изменения сохранены» (checked on every frame). */
async function whenSaved(page: Page, timeout = 60_000) {
  await page.waitForFunction((text) => document.querySelector('[data-testid="save-state"]')?.textContent === text, SAVED, {
    polling: 'raf',
    timeout,
  });
}

const TRL = ['Идея (УГТ 1–2)', 'Лабораторный образец (УГТ 3–4)', 'Опытный образец (УГТ 5–6)', 'Готовый продукт (УГТ 7–9)'];
const TAGS = ['Импортозамещение', 'Экспортный потенциал', 'Социальная значимость'];
const trlGroup = (page: Page) => page.getByRole('radiogroup', { name: 'Уровень готовности технологии' });
const tagGroup = (page: Page) => page.getByRole('group', { name: 'Признаки проекта' });

/** The radio chosen and the boxes ticked, as the form shows them. */
async function choices(page: Page) {
  const trl = await trlGroup(page).getByRole('radio', { checked: true }).allTextContents();
  const tags: string[] = [];
  for (const tag of TAGS) if (await tagGroup(page).getByRole('checkbox', { name: tag }).isChecked()) tags.push(tag);
  return { trl: trl.join(''), tags };
}

/**
 * Chooses like a person with the keyboard: a click on the first level, the arrow keys to `TRL[round]`, Tab into the
 * boxes and Space on `TAGS[round - 1]` (the browser's own radios and checkboxes, components/plain-field.tsx).
 */
async function chooseWithKeyboard(page: Page, round: number) {
  await trlGroup(page).getByText(TRL[0]!).click();
  for (let i = 0; i < round; i++) await page.keyboard.press('ArrowDown');
  await expect(trlGroup(page).getByRole('radio', { name: TRL[round]! })).toBeChecked();
  for (let i = 0; i < round; i++) await page.keyboard.press('Tab');
  const tag = tagGroup(page).getByRole('checkbox', { name: TAGS[round - 1]! });
  await expect(tag).toBeFocused();
  const was = await tag.isChecked();
  await page.keyboard.press('Space');
  await expect(tag).toBeChecked({ checked: !was });
}

async function signedInContext(browser: Browser, userId: number): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1440, height: 900 } });
  await prepareContext(context, server.baseURL, userId);
  return context;
}

/** A second device: a fresh browser profile signs in and opens the questionnaire; what its fields show. */
async function secondDevice(browser: Browser, userId: number, labels: string[]): Promise<Record<string, unknown>> {
  const context = await signedInContext(browser, userId);
  const page = await context.newPage();
  await page.goto(QUESTIONNAIRE);
  await expect(page.getByTestId('save-state')).toBeVisible({ timeout: 30_000 });
  await dismissFirstDialog(page);
  const out: Record<string, unknown> = {};
  for (const label of labels) out[label] = await field(page, label).inputValue();
  out.choices = await choices(page);
  await context.close();
  return out;
}

test('offline reloads always start, and «Все изменения сохранены» only once the server holds every edit', async ({ browser }) => {
  test.setTimeout(300_000);
  const context = await signedInContext(browser, GRANTEE);
  let page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  await page.goto(QUESTIONNAIRE);
  await expect(page.getByTestId('save-state')).toBeVisible({ timeout: 30_000 });
  await dismissFirstDialog(page);
  await waitForServiceWorker(page);
  await page.reload();
  await expect(page.getByTestId('save-state')).toBeVisible({ timeout: 30_000 });
  await dismissFirstDialog(page);

  const labels = ['Название проекта', 'Торговая марка продукта', 'Юридический адрес'];
  const rounds = 3;
  for (let round = 1; round <= rounds; round++) {
    await typeInto(page, labels[0]!, `Проект раунда ${round}`);
    await whenSaved(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText(START_ERROR)).toHaveCount(0);
    await expect(page.getByTestId('save-state')).toBeVisible({ timeout: 30_000 });
    await dismissFirstDialog(page);
    await typeInto(page, labels[1]!, `Марка ${round}`);
    await typeInto(page, labels[2]!, `г. Томск, ул. Раунда, д. ${round}`);
    await chooseWithKeyboard(page, round);
    const chosen = await choices(page);
    await expect(page.getByTestId('save-state')).not.toHaveText(SAVED);
    await context.setOffline(false);
    // The person closes the tab the moment it says saved.
    await whenSaved(page);
    await page.close({ runBeforeUnload: false });
    const seen = await secondDevice(browser, GRANTEE, labels);
    expect(seen, `round ${round}`).toEqual({
      [labels[0]!]: `Проект раунда ${round}`,
      [labels[1]!]: `Марка ${round}`,
      [labels[2]!]: `г. Томск, ул. Раунда, д. ${round}`,
      choices: chosen,
    });
    page = await context.newPage();
    page.on('dialog', (d) => void d.accept());
    await page.goto(QUESTIONNAIRE);
    await expect(page.getByTestId('save-state')).toBeVisible({ timeout: 30_000 });
    await dismissFirstDialog(page);
  }
  await context.close();
});


/** Screens of the grantee seen online, then opened offline by address: what each must show. */
const SEEN = [
  { path: '/tasks', shows: 'Отчёт о целевом использовании средств (просрочен)' },
  { path: '/projects', shows: 'Проекты' },
  { path: '/programs', shows: 'Конкурсы' },
  { path: '/diagnostics', shows: 'Диагностика' },
  { path: '/calendar', shows: 'Календарь' },
  { path: '/projects/1', shows: 'РИД' },
  // An editable task (its form) and a read-only one (the preview of what was submitted).
  { path: '/tasks/26', shows: 'Отчёт о целевом использовании средств (просрочен)', form: true, copies: 4 },
  { path: '/tasks/8', shows: 'Календарный план VR-платформы (на проверке)', copies: 2 },
  { path: QUESTIONNAIRE, shows: 'Название проекта', form: true, copies: 1 },
];

test('every screen seen online for two seconds opens offline by address, ten rounds in a row', async ({ browser }) => {
  test.setTimeout(600_000);
  const context = await signedInContext(browser, GRANTEE);
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  await page.goto('/tasks');
  await waitForServiceWorker(page);
  for (const screen of SEEN) {
    const since = await pageNow(page);
    await page.goto(screen.path);
    await expect(page.getByText(screen.shows).first()).toBeVisible({ timeout: 30_000 });
    // A task's title comes before its form: the person has seen the screen once the form is there too. (Leaving by
    // address before it came cuts its call off: the form was never seen, so offline it says it could not be loaded.)
    if (screen.form) await expect(page.getByTestId('save-state')).toBeVisible({ timeout: 30_000 });
    // The person stays a moment: what the screen showed is kept (query cache; questionnaire and task copies).
    await keptForOffline(page, since, { copies: screen.copies });
  }
  await context.setOffline(true);
  const failures: string[] = [];
  for (let round = 1; round <= 10; round++) {
    for (const screen of SEEN) {
      await page.goto(screen.path);
      const shown = page.getByText(screen.shows).first();
      const ok = await shown.waitFor({ state: 'visible', timeout: 15_000 }).then(
        () => true,
        () => false,
      );
      const broken = (await page.getByText(START_ERROR).count()) + (await page.getByText('Не удалось загрузить').count());
      // The form comes after the task's title (it waits for its draft): waited for, not sampled at the title's moment.
      const formOk = !screen.form || (await page.getByTestId('save-state').waitFor({ state: 'visible', timeout: 15_000 }).then(() => true, () => false));
      if (!ok || broken || !formOk) {
        const what = [!ok && 'not shown', broken && 'error shown', !formOk && 'no form'].filter(Boolean).join(', ');
        if (!failures.length) await page.screenshot({ path: test.info().outputPath('first-failure.png') });
        failures.push(`round ${round}: ${screen.path} (${what})`);
      }
    }
  }
  expect(failures).toEqual([]);
  await context.close();
});

test('one edit the server keeps refusing is shown at its field and never holds back the others', async ({ browser }) => {
  test.setTimeout(180_000);
  const USER = 8;
  // The reference back end refuses this one value with a 500, as any back end can for one value.
  await setFaults(await (await browser.newContext()).request, server.baseURL, [{ match: '/v2/stash', method: 'POST', status: 500, bodyIncludes: 'ЯДОВИТОЕ' }]);
  const context = await signedInContext(browser, USER);
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  await page.goto(QUESTIONNAIRE);
  await expect(page.getByTestId('save-state')).toBeVisible({ timeout: 30_000 });
  await dismissFirstDialog(page);
  await typeInto(page, 'Название проекта', 'ЯДОВИТОЕ название');
  await typeInto(page, 'Торговая марка продукта', 'Марка рядом');

  // Another draft of the same person, edited afterwards: it reaches the server at once.
  await page.goto('/tasks/36');
  const taskField = page.locator('form').getByRole('textbox').first();
  await expect(taskField).toBeVisible({ timeout: 30_000 });
  const taskFieldName = await taskField.getAttribute('id');
  await taskField.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Теплица: план уточнён', { delay: 5 });
  const token = await page.evaluate(() => localStorage.getItem('access_token')!);
  await expect
    .poll(async () => Object.values((await stashAt(page.request, server.baseURL, token, `${USER}questionnaire36`)).values), { timeout: 15_000 })
    .toContain('Теплица: план уточнён');
  expect(taskFieldName).toBeTruthy();
  // The field beside the refused one went through too.
  const startedValues = async () => Object.values((await stashAt(page.request, server.baseURL, token, `${USER}questionnaireSTART-2026`)).values);
  await expect.poll(startedValues, { timeout: 15_000 }).toContain('Марка рядом');
  expect(await startedValues()).not.toContain('ЯДОВИТОЕ название');

  // Back on the questionnaire: after a few refusals the field and the indicator say so; nothing was dropped.
  await page.goto(QUESTIONNAIRE);
  await dismissFirstDialog(page);
  await expect(field(page, 'Название проекта')).toHaveValue('ЯДОВИТОЕ название');
  const notice = page.getByTestId('failing-edit');
  await expect(notice).toContainText('Сервер не принимает изменение', { timeout: 60_000 });
  await expect(page.getByTestId('failing-edits')).toContainText('Сервер не принимает 1 изменение');
  await expect(page.getByTestId('save-state')).toHaveText('1 изменение ожидает отправки');

  // The server takes it again: «Повторить» sends it at once.
  await setFaults(page.request, server.baseURL, []);
  await notice.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByTestId('save-state')).toHaveText(SAVED, { timeout: 15_000 });
  await expect(page.getByTestId('failing-edit')).toHaveCount(0);
  expect(Object.values((await stashAt(page.request, server.baseURL, token, `${USER}questionnaireSTART-2026`)).values)).toContain('ЯДОВИТОЕ название');
  await context.close();
});

test('the very first screen a fresh device opens is kept: the questionnaire opened from a link reopens offline', async ({ browser }) => {
  test.setTimeout(180_000);
  // A user whose device has never run the cabinet: the questionnaire is the first screen, loaded before the offline
  // layer has proved who is signed in.
  const context = await signedInContext(browser, 8);
  const page = await context.newPage();
  await page.goto(QUESTIONNAIRE);
  await expect(page.getByText('Название проекта').first()).toBeVisible({ timeout: 30_000 });
  await waitForServiceWorker(page);
  await keptForOffline(page, 0, { copies: 1 });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Название проекта').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Не удалось открыть страницу')).toHaveCount(0);
  await context.close();
});

test('actions that need the server are refused offline in plain words, never promised and dropped after a reload', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await signedInContext(browser, GRANTEE);
  const page = await context.newPage();
  const since = await pageNow(page);
  await page.goto('/tasks/17');
  const toEdit = page.getByRole('button', { name: 'Вернуться к редактированию' });
  await expect(toEdit).toBeEnabled({ timeout: 30_000 });
  await waitForServiceWorker(page);
  await keptForOffline(page, since);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Отозванный план диагностики').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('offline-actions')).toHaveText('Нет соединения — действие недоступно');
  await expect(toEdit).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Отменить отзыв' })).toBeDisabled();
  await expect(page.getByText('Действие будет выполнено')).toHaveCount(0);

  // Back online after a reload: nothing happened behind the person's back, and the action works now.
  await context.setOffline(false);
  await page.reload();
  await expect(toEdit).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByTestId('offline-actions')).toHaveCount(0);
  await toEdit.click();
  await expect(page.getByText('Точка возвращена к редактированию')).toBeVisible({ timeout: 15_000 });
  await context.close();
});

test('the offline banner covers neither the service message nor the page title', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await browser.newContext({ baseURL: server.baseURL });
  const adminToken = (await tokenAt(admin.request, server.baseURL, 2)).token;
  const notice = 'Плановые работы на портале в субботу с 10:00 до 12:00';
  const saved = await admin.request.post(`${server.baseURL}/hosts/main/v2/projects/maintance`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { switch: 1, message: notice },
  });
  expect(saved.ok()).toBeTruthy();
  const context = await signedInContext(browser, GRANTEE);
  const page = await context.newPage();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/tasks');
    await expect(page.getByTestId('service-banner')).toContainText(notice, { timeout: 30_000 });
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`offline-banner-${width}.png`) });
    const boxes = await Promise.all(
      [page.getByTestId('offline-banner'), page.getByTestId('service-banner'), page.getByRole('heading', { level: 1 }).first()].map((l) => l.boundingBox()),
    );
    const [banner, service, title] = boxes;
    const overlap = (a: typeof banner, b: typeof banner) =>
      !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap(banner, service), `offline banner over the service message at ${width} px`).toBe(false);
    expect(overlap(banner, title), `offline banner over the page title at ${width} px`).toBe(false);
    await context.setOffline(false);
  }
  await admin.request.post(`${server.baseURL}/hosts/main/v2/projects/maintance`, { headers: { Authorization: `Bearer ${adminToken}` }, data: { switch: 0, message: notice } });
  await admin.close();
  await context.close();
});
