import { expect, test, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { expectNoContractViolations, screenshot, signIn } from './fixtures';

/**
 * SPEC §2 "Calendar": month and four-month views, navigation, one of 10 colours per event (stable), tasks without
 * dates over the last 4 days, the event dialog leading to the task. User 102 (Пользователь, owner of project 5) has a
 * sparse calendar, so every event is visible without "ещё N".
 */
async function signInAsUser102(page: Page) {
  const base = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`;
  const authorize = await page.request.post('/sso/authorize', { form: { user_id: '102', redirect_uri: `${base}/callback` }, maxRedirects: 0 });
  const code = new URL(authorize.headers()['location']!).searchParams.get('code');
  const exchange = await page.request.get(`/hosts/main/v1/users/setcode?code=${code}`);
  const { result } = (await exchange.json()) as { result: { token: string; tokenExpireAt: number; renew_token: string } };
  await page.addInitScript((r) => {
    if (window.origin === 'null') return; // The project widget's sandboxed frame has no storage: the harness leaves it alone.
    if (!localStorage.getItem('access_token')) {
      localStorage.setItem('access_token', r.token);
      localStorage.setItem('access_token_expires', String(r.tokenExpireAt * 1000));
      localStorage.setItem('renew_token', r.renew_token);
    }
  }, result);
}

const MOSCOW = 'Europe/Moscow';
const label = (page: Page) => page.locator('.rbc-toolbar-label');
const monthLabel = (d: DateTime) => d.setLocale('ru').toFormat('LLLL yyyy');
/**
 * Opens an event of the month view. A crowded day hides events behind "ещё N" (the day's list in a dialog): those
 * are looked for in the day lists, as a user would.
 */
async function openEvent(page: Page, name: string) {
  await expect(page.locator('.rbc-month-row .rbc-event').first()).toBeVisible();
  const visible = page.locator('.rbc-month-row .rbc-event', { hasText: name });
  if ((await visible.count()) > 0) return visible.first().click();
  const more = page.locator('.rbc-show-more');
  const total = await more.count();
  for (let i = 0; i < total; i++) {
    await more.nth(i).click();
    const dayList = page.getByRole('dialog', { name: /^Задачи на / });
    await expect(dayList).toBeVisible();
    const inList = dayList.getByRole('button', { name });
    if ((await inList.count()) > 0) return inList.first().click();
    await dayList.getByRole('button', { name: 'Закрыть' }).click();
    await expect(dayList).toBeHidden();
  }
  throw new Error(`event «${name}» is not in the month view`);
}
/** Seeded dates are days from the server's UTC date at 06:00 UTC, i.e. the same calendar day in Moscow. */
const seededDay = (days: number) => DateTime.utc().startOf('day').plus({ days }).toFormat('dd.MM.yyyy');

test('month view, navigation and the four-month view in Russian', async ({ page }) => {
  await signInAsUser102(page);
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Календарь' })).toBeVisible();
  const now = DateTime.now().setZone(MOSCOW);
  await expect(label(page)).toHaveText(monthLabel(now));
  await expect(page.locator('.rbc-header').first()).toHaveText('пн');
  await expect(page.locator('.rbc-event').first()).toBeVisible();
  await screenshot(page, 'calendar-month-1440');
  // Day numbers are announced as whole dates.
  const todayName = now.setLocale('ru').toFormat('d MMMM yyyy');
  await expect(page.locator('.rbc-date-cell.rbc-now button')).toHaveAccessibleName(todayName);

  await page.getByRole('button', { name: 'Вперёд' }).click();
  await expect(label(page)).toHaveText(monthLabel(now.plus({ months: 1 })));
  await page.getByRole('button', { name: 'Назад' }).click();
  await page.getByRole('button', { name: 'Назад' }).click();
  await expect(label(page)).toHaveText(monthLabel(now.minus({ months: 1 })));
  await page.getByRole('button', { name: 'Сегодня' }).click();
  await expect(label(page)).toHaveText(monthLabel(now));

  // Four months at a time: the task 70–80 days ahead is in view.
  await page.getByRole('button', { name: '4 месяца' }).click();
  await expect(label(page)).toHaveText(`${monthLabel(now.startOf('month'))} – ${monthLabel(now.startOf('month').plus({ months: 3 }))}`);
  await expect(page.locator('.fmv-month')).toHaveCount(4);
  await expect(page.locator('.fmv-today .fmv-day-number')).toHaveText(`${now.day}${todayName}`);
  await expect(page.locator('.fmv-event', { hasText: 'Испытания сети постов в паводок' }).first()).toBeVisible();
  await screenshot(page, 'calendar-four-months-1440');
  await page.getByRole('button', { name: 'Вперёд' }).click();
  await expect(label(page)).toHaveText(`${monthLabel(now.startOf('month').plus({ months: 4 }))} – ${monthLabel(now.startOf('month').plus({ months: 7 }))}`);
  await page.getByRole('button', { name: 'Сегодня' }).click();

  // A month title drills down to that month.
  await page.getByRole('button', { name: monthLabel(now.startOf('month').plus({ months: 2 })) }).click();
  await expect(label(page)).toHaveText(monthLabel(now.plus({ months: 2 })));
  await expect(page.locator('.rbc-month-view')).toBeVisible();
  await expectNoContractViolations(page.request);
});

test('the event dialog shows the task and leads to it', async ({ page }) => {
  await signInAsUser102(page);
  await page.goto('/calendar');
  await openEvent(page, 'Паспорт гидрологического поста');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Паспорт гидрологического поста' })).toBeVisible();
  await expect(dialog).toContainText('На заполнении');
  await expect(dialog).toContainText(`${seededDay(-1)} – ${seededDay(2)}`);
  await expect(dialog).toContainText('Заполните паспорт прототипа поста');
  await screenshot(page, 'calendar-dialog-1440');
  await dialog.getByRole('link', { name: 'Подробнее' }).click();
  await expect(page).toHaveURL(/\/tasks\/\d+$/);
});

test('a task without dates spans the last 4 days', async ({ page }) => {
  await signInAsUser102(page);
  await page.goto('/calendar');
  await openEvent(page, 'Согласование мест установки постов');
  const dialog = page.getByRole('dialog');
  const today = DateTime.now().setZone(MOSCOW);
  await expect(dialog).toContainText(`${today.minus({ days: 3 }).toFormat('dd.MM.yyyy')} – ${today.toFormat('dd.MM.yyyy')}`);
  await expect(dialog).toContainText('(сроки задачи не заданы)');
  await dialog.getByRole('button', { name: 'Закрыть' }).click();
  await expect(dialog).toBeHidden();
});

test('each event keeps its colour across views and reloads; colours come from the palette of 10', async ({ page }) => {
  await signInAsUser102(page);
  await page.goto('/calendar');
  const palette = ['#1f4fa3', '#276749', '#b7410e', '#6b46c1', '#b83280', '#256b6c', '#c53030', '#8a5a00', '#2b6cb0', '#4a5568'].map((hex) => {
    const n = parseInt(hex.slice(1), 16);
    return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
  });
  const monthColours = async () =>
    Object.fromEntries(
      await page.locator('.rbc-month-row .rbc-event').evaluateAll((els) => els.map((el) => [el.textContent ?? '', getComputedStyle(el).backgroundColor])),
    ) as Record<string, string>;
  await expect(page.locator('.rbc-month-row .rbc-event').first()).toBeVisible();
  const first = await monthColours();
  expect(Object.keys(first).length).toBeGreaterThan(1);
  for (const colour of Object.values(first)) expect(palette).toContain(colour);

  // The same events in the four-month view…
  await page.getByRole('button', { name: '4 месяца' }).click();
  const chips = Object.fromEntries(
    await page.locator('.fmv-event').evaluateAll((els) => els.map((el) => [el.textContent ?? '', getComputedStyle(el).backgroundColor])),
  ) as Record<string, string>;
  const shared = Object.keys(first).filter((name) => name in chips);
  expect(shared.length).toBeGreaterThan(0);
  for (const name of shared) expect(chips[name], name).toBe(first[name]);

  // …and after a reload.
  await page.reload();
  await expect(page.locator('.rbc-month-row .rbc-event').first()).toBeVisible();
  const again = await monthColours();
  for (const name of Object.keys(first)) if (name in again) expect(again[name], name).toBe(first[name]);
});

test('a busy calendar and the phone layout', async ({ page }) => {
  await signIn(page, 'grantee');
  await page.goto('/calendar');
  await expect(page.locator('.rbc-event').first()).toBeVisible();
  await screenshot(page, 'calendar-grantee-1440');

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.locator('.rbc-month-view')).toBeVisible();
  await screenshot(page, 'calendar-375');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await page.locator('.rbc-event').first().click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Подробнее' })).toBeVisible();
  await screenshot(page, 'calendar-dialog-375');
  await page.getByRole('dialog').getByRole('button', { name: 'Закрыть' }).click();
  await page.getByRole('button', { name: '4 месяца' }).click();
  await expect(page.locator('.fmv-month')).toHaveCount(4);
  await screenshot(page, 'calendar-four-months-375');
});
