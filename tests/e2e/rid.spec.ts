import { expect, test, type Page } from '@playwright/test';
import { apiGet, expectNoContractViolations, screenshot, signIn, tokenFor } from './fixtures';
import type { components } from '../../src/lib/api/generated/main';
import { DateTime } from 'luxon';

type Rid = components['schemas']['Rid'];

/** Failures are simulated per page: the server's fault list is shared with tests running at the same time. */
async function failCalls(page: Page, urlPattern: string | RegExp, status: number, times?: number) {
  await page.route(
    urlPattern,
    (route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ name: 'Error', message: 'Сбой сервиса', status, code: 0 }) }),
    times ? { times } : undefined,
  );
}

/** SPEC §2 RID tab, §4 RID statuses, sources, order and filters, §8 RID toasts. */

/** The note a pending card should show, from the planned date it shows (SPEC §4; the rule itself is unit-tested). */
async function expectedPlannedNote(card: ReturnType<Page['locator']>) {
  const planned = /Плановая дата: (\d{2}\.\d{2}\.\d{4})/.exec((await card.textContent()) ?? '')![1]!;
  const target = DateTime.fromFormat(planned, 'dd.MM.yyyy', { zone: 'Europe/Moscow' });
  const today = DateTime.now().setZone('Europe/Moscow').startOf('day');
  const relative = target.toRelative({ base: today, locale: 'ru' })!;
  return target < today ? `просрочено на ${relative.replace(/ назад$/, '')}` : relative;
}

async function openRidTab(page: Page, projectId: number) {
  await page.goto(`/projects/${projectId}?tab=rid`);
  await expect(page.getByRole('tab', { name: 'РИД' })).toHaveAttribute('aria-selected', 'true');
}

const cards = (page: Page) => page.getByTestId('rid-card');


const filter = (page: Page, group: 'Источник' | 'Статус') => page.getByRole('group', { name: group });
const option = (page: Page, group: 'Источник' | 'Статус', label: string) => filter(page, group).getByRole('button', { name: new RegExp(`^${label}\\s*\\d+$`) });

async function optionTexts(page: Page, group: 'Источник' | 'Статус') {
  return (await filter(page, group).getByRole('button').allTextContents()).map((t) => t.replace(/(\D)(\d)/, '$1 $2'));
}

test('cards are ordered as SPEC §4 says, filters count each other, compact mode is on by default', async ({ page }) => {
  await signIn(page, 'grantee');
  await openRidTab(page, 1);
  await expect(cards(page)).toHaveCount(10);

  // Order: pending by planned date ↑, applied by application date ↑, registered by application date ↓.
  const titles = await cards(page).evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
  expect(titles).toEqual([
    'Способ автоматической сегментации очагов поражения лёгких на КТ-изображениях',
    'Модуль интеграции с PACS по протоколу DICOMweb',
    'Программа классификации рентгенологических находок «ПульмоСкан»',
    'База данных размеченных исследований компьютерной томографии органов грудной клетки',
    'Устройство предобработки томографических срезов',
    'Способ оценки объёма поражения лёгочной ткани',
    'Программа анонимизации медицинских изображений',
    'Программа «Рабочее место врача-рентгенолога»',
    'Промышленный образец «Пульт управления диагностическим комплексом»',
    'Нейросетевой способ выявления узловых образований',
  ]);

  // Pending: planned date and the relative note; applied: application; registered: patent and application.
  const overdue = cards(page).nth(0);
  await expect(overdue).toContainText('К исполнению');
  await expect(overdue).toContainText('По договору');
  await expect(overdue).toContainText(/Плановая дата: \d{2}\.\d{2}\.\d{4}/);
  await expect(overdue).toContainText('просрочено на 1 месяц');
  await expect(cards(page).nth(2)).toContainText(/через (19|20) дней/);
  await expect(cards(page).nth(2)).toContainText(await expectedPlannedNote(cards(page).nth(2)));
  await expect(cards(page).nth(4)).toContainText(/Заявка: № 2026104517 от \d{2}\.\d{2}\.\d{4}/);
  await expect(cards(page).nth(9)).toContainText(/Патент на изобретение: № 2831540, приоритет от \d{2}\.\d{2}\.\d{4}/);
  await expect(cards(page).nth(9)).toContainText('Заявка: № 2024131245');

  // Compact mode (default on) hides authors and holders; switching it off shows them.
  const compact = page.getByLabel('Компактный режим');
  await expect(compact).toBeChecked();
  await expect(page.getByText('Авторы:')).toHaveCount(0);
  await screenshot(page, 'rid-compact-1440');
  await page.getByText('Компактный режим').click();
  await expect(compact).not.toBeChecked();
  await expect(cards(page).nth(9)).toContainText('Авторы: Петров Алексей Иванович, Александров Андрей Александрович');
  await expect(cards(page).nth(9)).toContainText('Объём правовой охраны:');
  await expect(cards(page).nth(6)).toContainText('Правообладатели: ООО «НейроТех»');
  await screenshot(page, 'rid-full-1440');

  // Filters: all by default, each counts among the other's selection.
  expect(await optionTexts(page, 'Источник')).toEqual(['Все 10', 'По договору 7', 'Внеплановый 3']);
  expect(await optionTexts(page, 'Статус')).toEqual(['Все 10', 'К исполнению 4', 'Подана заявка 3', 'Зарегистрирован 3']);
  await option(page, 'Источник', 'Внеплановый').click();
  await expect(option(page, 'Источник', 'Внеплановый')).toHaveAttribute('aria-pressed', 'true');
  await expect(cards(page)).toHaveCount(3);
  expect(await optionTexts(page, 'Статус')).toEqual(['Все 3', 'К исполнению 1', 'Подана заявка 1', 'Зарегистрирован 1']);
  await option(page, 'Статус', 'Зарегистрирован').click();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toHaveAttribute('aria-label', 'Промышленный образец «Пульт управления диагностическим комплексом»');
  expect(await optionTexts(page, 'Источник')).toEqual(['Все 3', 'По договору 2', 'Внеплановый 1']);
  await option(page, 'Источник', 'Все').click();
  await expect(cards(page)).toHaveCount(3);
  expect(await cards(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-status')))).toEqual(['registered', 'registered', 'registered']);
});

test('options with zero count are hidden', async ({ page }) => {
  await signIn(page, 'grantee');
  // Project 3: applied/planned, pending/unplanned, registered/planned.
  await openRidTab(page, 3);
  await expect(cards(page)).toHaveCount(3);
  await option(page, 'Источник', 'Внеплановый').click();
  expect(await optionTexts(page, 'Статус')).toEqual(['Все 1', 'К исполнению 1']);
  await option(page, 'Статус', 'К исполнению').click();
  expect(await optionTexts(page, 'Источник')).toEqual(['Все 1', 'Внеплановый 1']);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Секрет производства (ноу-хау)');
});

test('an unplanned RID is scheduled after confirmation; a failure has its own message', async ({ page }) => {
  await signIn(page, 'grantee');
  await openRidTab(page, 1);
  const badge = page.getByRole('tab', { name: /Задачи/ }).getByTestId('tasks-count');
  await expect(badge).toBeVisible();
  const before = Number(await badge.textContent());

  await page.getByRole('button', { name: 'Подать внеплановый РИД' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Вы уверены что хотите подать внеплановый РИД?');
  await screenshot(page, 'rid-unplanned-dialog-1440');
  await dialog.getByRole('button', { name: 'Подать' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Создание внепланового РИД успешно запланировано' })).toBeVisible();
  await expect(badge).toHaveText(String(before + 1));

  await failCalls(page, '**/v2/projects/rid/unplanned', 500, 1);
  await page.getByRole('button', { name: 'Подать внеплановый РИД' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Подать' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Не удалось инициировать создание внепланового РИД' })).toBeVisible();
  await expect(badge).toHaveText(String(before + 1));
  await expectNoContractViolations(page.request);
});

test('updating an RID: success, then 409 while the update is being edited, and the generic failure', async ({ page }) => {
  await signIn(page, 'grantee');
  await openRidTab(page, 7);
  const ndvi = cards(page).filter({ hasText: 'Программа расчёта индекса NDVI по данным аэросъёмки' });
  await ndvi.getByRole('button', { name: 'Обновить сведения' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Вы уверены что хотите подать обновление сведений о РИД «Программа расчёта индекса NDVI по данным аэросъёмки»?');
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(dialog).toBeHidden();

  await ndvi.getByRole('button', { name: 'Обновить сведения' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Актуализация РИД успешно запланирована' })).toBeVisible();

  // The update task is open now: a second update is refused with 409.
  await ndvi.getByRole('button', { name: 'Обновить сведения' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'РИД находится на редактировании, подать обновление невозможно' })).toBeVisible();

  // A seeded RID whose update has been open for a week (after the first 409 toast has gone).
  const conflict = page.getByRole('alert').filter({ hasText: 'РИД находится на редактировании, подать обновление невозможно' });
  await expect(conflict).toHaveCount(0, { timeout: 15_000 });
  const base = cards(page).filter({ hasText: 'База данных спектральных сигнатур сельскохозяйственных культур' });
  await base.getByRole('button', { name: 'Обновить сведения' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'РИД находится на редактировании, подать обновление невозможно' })).toBeVisible();

  await failCalls(page, '**/v2/projects/rid/update/*', 500, 1);
  await base.getByRole('button', { name: 'Обновить сведения' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Не удалось инициировать обновление РИД' })).toBeVisible();
  await expectNoContractViolations(page.request);
});

test('submitting a pending planned RID opens the task page for that RID', async ({ page }) => {
  await signIn(page, 'grantee');
  await openRidTab(page, 7);
  const pending = cards(page).filter({ hasText: 'Способ калибровки мультиспектральной камеры БПЛА' });
  await expect(pending).toContainText(/через \d+/);
  await expect(pending).toContainText(await expectedPlannedNote(pending));
  await expect(pending.getByRole('button', { name: 'Обновить сведения' })).toHaveCount(0);
  await pending.getByRole('button', { name: 'Подать РИД' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Вы уверены что хотите подать сведения о РИД «Способ калибровки мультиспектральной камеры БПЛА»?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Подать' }).click();
  await expect(page).toHaveURL(/\/tasks\/\d+$/);
  const pointId = Number(new URL(page.url()).pathname.split('/').pop());

  // The same RID leads to the same task while it is open.
  await openRidTab(page, 7);
  await cards(page).filter({ hasText: 'Способ калибровки' }).getByRole('button', { name: 'Подать РИД' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Подать' }).click();
  await expect(page).toHaveURL(new RegExp(`/tasks/${pointId}$`));
});

test('a load failure says so; reloading from АСУ РИД works and fails with the same message', async ({ page }) => {
  await signIn(page, 'grantee');
  await failCalls(page, '**/v2/projects/rid/project/3', 500);
  await openRidTab(page, 3);
  await expect(page.getByRole('alert').filter({ hasText: 'Не удалось загрузить информацию из АСУ РИД' }).first()).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await page.unroute('**/v2/projects/rid/project/3');
  await page.getByRole('button', { name: 'Повторить' }).click();
  await expect(cards(page)).toHaveCount(3);

  await page.getByRole('button', { name: 'Обновить из АСУ РИД' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Сведения о РИД обновлены из АСУ РИД' })).toBeVisible();
  const loadFailed = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить информацию из АСУ РИД' });
  await expect(loadFailed).toHaveCount(0, { timeout: 15_000 });
  await failCalls(page, '**/v2/projects/rid/load', 500, 1);
  await page.getByRole('button', { name: 'Обновить из АСУ РИД' }).click();
  await expect(loadFailed).toBeVisible();
  await expect(cards(page)).toHaveCount(3);
});

test('a project without RIDs shows the empty state; staff only look', async ({ page }) => {
  await signIn(page, 'grantee');
  await openRidTab(page, 6);
  await expect(page.getByText('Нет данных о РИД проекта')).toBeVisible();
  await expect(page.getByText('Сведения о результатах интеллектуальной деятельности отсутствуют')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Источник' })).toHaveCount(0);
});

test('a manager sees the RIDs without actions', async ({ page }) => {
  await signIn(page, 'manager');
  await openRidTab(page, 1);
  await expect(cards(page)).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Подать внеплановый РИД' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Подать РИД' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Обновить сведения' })).toHaveCount(0);
});

test('RID cards on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'grantee');
  await openRidTab(page, 1);
  await expect(cards(page)).toHaveCount(10);
  await screenshot(page, 'rid-375');
  // One card a row on a phone, three on wider screens.
  const [a, b] = [await cards(page).nth(0).boundingBox(), await cards(page).nth(1).boundingBox()];
  expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
  await page.setViewportSize({ width: 1000, height: 900 });
  const [c, d, e] = [await cards(page).nth(0).boundingBox(), await cards(page).nth(1).boundingBox(), await cards(page).nth(2).boundingBox()];
  expect(Math.round(c!.y)).toBe(Math.round(d!.y));
  expect(Math.round(d!.y)).toBe(Math.round(e!.y));
});

test('API: RIDs known only by their codes are submitted by plan code and actualised by RID code', async ({ request }) => {
  const { token } = await tokenFor(request, 'grantee');
  const headers = { Authorization: `Bearer ${token}` };
  const post = (path: string, data?: unknown) => request.post(`/hosts/main/v2/projects/${path}`, { headers, ...(data ? { data } : {}) });

  // Submission by plan code leads to the same task as by id (project 1, the database RID planned in ~140 days).
  const rids = await apiGet<Rid[]>(request, token, '/hosts/main/v2/projects/rid/project/1');
  const database = rids.find((r) => r.status === 'pending' && r.source === 'planned' && r.info?.title?.startsWith('База данных размеченных'))!;
  const created = await post(`rid/create/1/${encodeURIComponent(database.planCode!)}`);
  expect(created.status()).toBe(200);
  const { pointId } = (await created.json()) as { pointId: number };
  expect(pointId).toBeGreaterThan(0);
  const init = await post(`rid/init/${database.id}`);
  expect(((await init.json()) as { pointId: number }).pointId).toBe(pointId);
  const one = await apiGet<Rid>(request, token, `/hosts/main/v2/projects/rid/${database.id}`);
  expect(one.pointHumanId).toMatch(/^РИД-\d{6}$/);
  expect((await post('rid/create/1/%D0%9D%D0%95%D0%A2')).status()).toBe(404);

  // Actualisation by codes (project 3, the registered container design): once, then 409 while the task is open.
  const project3 = await apiGet<Rid[]>(request, token, '/hosts/main/v2/projects/rid/project/3');
  const design = project3.find((r) => r.status === 'registered')!;
  const body = { projectId: 3, type: design.type, planCode: design.planCode, code: design.code };
  expect((await post('rid/actualize', { ...body, planCode: 'ПЛ-0-00' })).status()).toBe(422);
  const first = await post('rid/actualize', body);
  expect(first.status()).toBe(200);
  expect(await first.json()).toMatchObject({ success: true, message: 'Актуализация РИД успешно запланирована' });
  const second = await post('rid/actualize', body);
  expect(second.status()).toBe(409);
  expect(await second.json()).toMatchObject({ message: 'РИД находится на редактировании, подать обновление невозможно' });

  // A pending planned RID is submitted, not updated; staff may look but not act.
  expect((await post(`rid/update/${database.id}`)).status()).toBe(422);
  const manager = await tokenFor(request, 'manager');
  const asManager = await request.post(`/hosts/main/v2/projects/rid/init/${database.id}`, { headers: { Authorization: `Bearer ${manager.token}` } });
  expect(asManager.status()).toBe(403);
  const user = await tokenFor(request, 'user');
  const foreign = await request.get('/hosts/main/v2/projects/rid/project/1', { headers: { Authorization: `Bearer ${user.token}` } });
  expect(foreign.status()).toBe(403);
  await expectNoContractViolations(request);
});
