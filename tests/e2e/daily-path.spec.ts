import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiGet, expectNoContractViolations, screenshot, signIn } from './fixtures';
import { QUESTIONNAIRE, dismissFirstDialog } from './offline-support';
import { signInAsUserId } from './user-sessions';

/**
 * Issue 17: the grantee's daily path. A second application is an explicit choice; the calendar shows deadlines
 * readably and a list on phones; the expert's tabs count what their lists show and name each expertise's project;
 * task tabs, the projects table and task dates fit a 375 px phone.
 */

const MAIN = '/hosts/main/v2/projects';

interface ListItem {
  id: number;
  name: string;
  ownerId?: number | null;
  status: { name: string; code1C: string };
}

/** Nothing sticks out of a 375 px screen and the page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no horizontal page scroll').toBeLessThanOrEqual(375);
}

async function expectInsideViewport(locator: Locator, width: number) {
  const box = await locator.boundingBox();
  expect(box, 'the element is rendered').not.toBeNull();
  expect(box!.x, 'starts inside the screen').toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, 'ends inside the screen').toBeLessThanOrEqual(width + 0.5);
}

test.afterEach(async ({ request }) => {
  await expectNoContractViolations(request);
});

test.describe('another application to the same competition', () => {
  test('«Подать заявку» offers the grantee’s applications first; a new one is an explicit choice', async ({ page }) => {
    const { token } = await signIn(page, 'grantee');
    const mine = (await apiGet<{ items: ListItem[] }>(page.request, token, `${MAIN}/project-point?pageSize=100&filter[templateCode]=START-2026`)).items.filter(
      (p) => p.ownerId === 7,
    );
    expect(mine.length, 'the demo grantee has applications to «Старт» 2026').toBeGreaterThanOrEqual(2);

    await page.goto('/programs/START-2026');
    await page.getByRole('link', { name: 'Подать заявку' }).click();
    const dialog = page.getByRole('dialog', { name: 'У вас уже есть заявки на этот конкурс' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/programs\/START-2026$/);
    for (const point of mine) {
      const row = dialog.getByRole('listitem').filter({ hasText: `ID: ${point.id}` });
      await expect(row.getByRole('link', { name: point.name })).toBeVisible();
      await expect(row).toContainText(point.status.name);
    }
    await screenshot(page, 'apply-again-1440');

    // Continuing one opens it.
    const draft = mine.find((p) => p.status.code1C === 'FILLING') ?? mine[0]!;
    await dialog.getByRole('listitem').filter({ hasText: `ID: ${draft.id}` }).getByRole('link', { name: draft.name }).click();
    await expect(page).toHaveURL(new RegExp(`/tasks/${draft.id}$`));

    // Starting another is its own clearly labelled button.
    await page.goto('/programs/START-2026');
    await page.getByRole('link', { name: 'Подать заявку' }).click();
    await dialog.getByRole('button', { name: 'Начать новую заявку' }).click();
    await expect(page).toHaveURL(/\/programs\/create\/START-2026$/);
  });

  test('on a phone the offer fits the screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, 'grantee');
    await page.goto('/programs/START-2026');
    await page.getByRole('link', { name: 'Подать заявку' }).click();
    const dialog = page.getByRole('dialog', { name: 'У вас уже есть заявки на этот конкурс' });
    await expect(dialog.getByRole('button', { name: 'Начать новую заявку' })).toBeVisible();
    await expectInsideViewport(dialog.getByRole('button', { name: 'Начать новую заявку' }), 375);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'apply-again-375');
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await expect(dialog).toBeHidden();
  });

  test('without applications to the competition «Подать заявку» opens the form at once', async ({ page }) => {
    await signIn(page, 'user');
    await page.goto('/programs/CIFRA-2026');
    await page.getByRole('link', { name: 'Подать заявку' }).click();
    await expect(page).toHaveURL(/\/programs\/create\/CIFRA-2026$/);
  });
});

test.describe('continue where you left off', () => {
  test('a returning visit opens the questionnaire at the field last edited', async ({ page }) => {
    // A user of its own: nobody else types into this draft.
    await signInAsUserId(page, 110);
    await page.goto(QUESTIONNAIRE);
    await dismissFirstDialog(page);
    const field = page.getByRole('textbox', { name: /^Торговая марка продукта/ });
    await field.click();
    await page.keyboard.type('Продолжу отсюда');
    await expect(page.getByTestId('save-state')).toHaveText('Все изменения сохранены');
    await page.reload();
    await expect(field).toHaveValue('Продолжу отсюда');
    await expect(field).toBeFocused();
    await expect(field).toBeInViewport();
    await screenshot(page, 'questionnaire-continue-1440');
  });

  test('drafts and the competition’s offer show when each draft was last saved', async ({ page }) => {
    const { token } = await signIn(page, 'grantee');
    const notes = await apiGet<{ name: string; savedAt?: string | null }[]>(page.request, token, `${MAIN}/notes`);
    expect(notes.every((n) => !!n.savedAt), 'every draft has a time of last save').toBe(true);
    await page.goto('/tasks?kind=notes');
    const drafts = page.getByTestId('draft-row');
    await expect(drafts.first()).toBeVisible({ timeout: 30_000 });
    await expect(drafts).toHaveCount(notes.length);
    for (const row of await drafts.all()) await expect(row.getByTestId('draft-saved-at')).toHaveText(/^Сохранён \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} МСК$/);
    await screenshot(page, 'drafts-saved-at-1440');

    // «Старт» 2026: the application with a draft says when it was saved.
    await page.goto('/programs/START-2026');
    await page.getByRole('link', { name: 'Подать заявку' }).click();
    const dialog = page.getByRole('dialog', { name: 'У вас уже есть заявки на этот конкурс' });
    await expect(dialog.getByTestId('draft-saved-at').first()).toHaveText(/^Черновик сохранён \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} МСК$/);
  });
});

test.describe('calendar with real data', () => {
  test('month view: each task once, on its deadline; a crowded day opens a readable list inside the screen', async ({ page }) => {
    await signIn(page, 'grantee');
    await page.goto('/calendar');
    await expect(page.locator('.rbc-month-row .rbc-event').first()).toBeVisible({ timeout: 30_000 });
    // Long tasks are not repeated on every week row.
    const names = await page.locator('.rbc-month-row .rbc-event').evaluateAll((els) => els.map((el) => el.textContent ?? ''));
    const repeated = names.filter((name, i) => names.indexOf(name) !== i);
    expect(repeated, 'no task is drawn twice in the month').toEqual([]);
    await expect(page.getByText('Задачи показаны в день срока')).toBeVisible();
    // No wall of «ещё N».
    const more = await page.locator('.rbc-show-more').allTextContents();
    for (const text of more) expect(Number(text.replace(/\D/g, '')), text).toBeLessThanOrEqual(5);
    await screenshot(page, 'calendar-deadlines-1440');

    // A crowded day: today often is (SPEC §9: tasks without dates get the last four days, ending today), but whether its
    // tasks overflow the cell depends on the date (a month of five weeks has taller rows than one of six): the first
    // month from this one, back and forth, with a day holding more than fits.
    await page.setViewportSize({ width: 1024, height: 700 });
    const showMore = page.locator('.rbc-show-more').first();
    for (const step of ['Назад', 'Вперёд', 'Вперёд', 'Назад', 'Назад', 'Назад', 'Вперёд', 'Вперёд', 'Вперёд', 'Вперёд']) {
      if (await showMore.isVisible()) break;
      await page.getByRole('button', { name: step, exact: true }).click();
      await page.waitForTimeout(300);
    }
    await expect(showMore).toBeVisible();
    await showMore.click();
    const list = page.getByRole('dialog', { name: /^Задачи на / });
    await expect(list).toBeVisible();
    await expectInsideViewport(list, 1024);
    const titles = list.getByRole('button', { name: /.+/ }).filter({ hasNotText: 'Закрыть' });
    expect(await titles.count()).toBeGreaterThan(1);
    // Full titles: wrapped, never cut.
    const cut = await titles.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
    expect(cut).toEqual([]);
    await screenshot(page, 'calendar-day-list-1024');
    const first = (await titles.first().locator('p').first().textContent())!.trim();
    await titles.first().click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: first })).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Подробнее' })).toBeVisible();
  });

  test('a phone opens the calendar as a list of deadlines', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, 'grantee');
    await page.goto('/calendar');
    await expect(page.getByRole('button', { name: 'Список', pressed: true })).toBeVisible({ timeout: 30_000 });
    const entry = page.getByRole('button', { name: /Отчёт по этапу 1: упаковка \(доработка\)/ });
    await expect(entry).toBeVisible();
    await expectInsideViewport(entry, 375);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'calendar-agenda-375');
    await entry.click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Подробнее' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Закрыть' }).click();
    // The month stays one tap away.
    await page.getByRole('button', { name: 'Месяц', exact: true }).click();
    await expect(page.locator('.rbc-month-view')).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});

test.describe('expert', () => {
  test('the expertise tab counts its rows and each expertise names its project', async ({ page }) => {
    const { token } = await signIn(page, 'expert');
    const expertise = await apiGet<{ items: ListItem[]; _meta: { totalCount: number } }>(page.request, token, `${MAIN}/project-point/expert?pageSize=100`);
    await page.goto('/tasks?kind=expert');
    const rows = page.getByTestId('task-row');
    await expect(rows).toHaveCount(expertise._meta.totalCount);
    await expect(page.getByRole('tab', { name: /^Экспертиза/ }).getByTestId('tab-count')).toHaveText(String(expertise._meta.totalCount));
    const glove = rows.filter({ hasText: 'Экспертиза заявки № 1042' });
    await expect(glove.getByRole('cell').nth(1)).toContainText('Сенсорная перчатка для реабилитации');
    for (const cell of await rows.locator('td:nth-child(2)').all()) await expect(cell).not.toHaveText('—');
    await screenshot(page, 'tasks-expertise-projects-1440');

    // The expertises are the expert's tasks: «Все» holds them, and those awaiting the expert «Требуют действий».
    const all = await apiGet<{ count: number }>(page.request, token, `${MAIN}/project-point/count`);
    const active = await apiGet<{ count: number }>(page.request, token, `${MAIN}/project-point/active-count`);
    expect(all.count).toBeGreaterThan(expertise._meta.totalCount);
    expect(active.count).toBeGreaterThan(0);
    await page.getByRole('tab', { name: /^Все/ }).click();
    await expect(page.getByRole('tab', { name: /^Все/ }).getByTestId('tab-count')).toHaveText(String(all.count));
    await expect(page.getByRole('tab', { name: /^Требуют действий/ }).getByTestId('tab-count')).toHaveText(String(active.count));
    await expect(rows.filter({ hasText: 'Экспертиза заявки № 1042' })).toBeVisible();
    await page.getByRole('tab', { name: /^Требуют действий/ }).click();
    await expect(rows.filter({ hasText: 'Экспертиза заявки № 1057' })).toBeVisible();
  });
});

test.describe('phone, 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('every task tab is reachable on the screen', async ({ page }) => {
    await signIn(page, 'grantee');
    await page.goto('/tasks');
    await expect(page.getByTestId('task-row').first()).toBeVisible({ timeout: 30_000 });
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(5);
    for (const tab of await tabs.all()) await expectInsideViewport(tab, 375);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'tasks-tabs-375');
    await page.getByRole('tab', { name: 'Черновики' }).click();
    await expect(page).toHaveURL(/kind=notes/);
  });

  test('projects are cards with their status on the screen', async ({ page }) => {
    await signIn(page, 'grantee');
    await page.goto('/projects');
    const row = page.getByRole('row', { name: /Нейросетевая платформа диагностики/ });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expectInsideViewport(row.getByRole('cell').last(), 375);
    await expect(row.getByRole('cell').last()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'projects-cards-375');
  });

  test('«МСК» stays beside the deadline in a competition’s tasks', async ({ page }) => {
    await signIn(page, 'grantee');
    await page.goto('/programs/START-2026?tab=tasks');
    const row = page.getByTestId('task-row').first();
    await expect(row).toBeVisible({ timeout: 30_000 });
    const deadline = row.getByText(/^Срок:/);
    const msk = row.getByText('МСК', { exact: true });
    const [d, m] = [await deadline.boundingBox(), await msk.boundingBox()];
    expect(Math.abs(d!.y + d!.height - (m!.y + m!.height)), '«МСК» on the line of the deadline').toBeLessThan(4);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'competition-tasks-375');
  });
});
