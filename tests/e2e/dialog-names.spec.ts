import { expect, test, type Page } from '@playwright/test';
import { apiGet, newApplicant, signIn } from './fixtures';
import { authHeader } from './user-sessions';

/**
 * Every dialog, drawer, alert dialog and popover of the cabinet, opened as a person opens it, has the name its title
 * shows (WCAG 4.1.2): a screen reader announces «Назначение групп, диалог», not «диалог». Each step says which
 * dialogs are open (exactly those, by role and name) and that none of them is without a name. Nothing is sent: every
 * dialog is left with «Отмена», «Нет», «Закрыть» or Esc (the demo data stays as it is for the tests beside this one).
 *
 * Not here: the «+N» day list of the month grid on a phone is the same DayListDialog as «ещё N» on a desktop; the
 * recognition review with errors is the same RecognitionDialog (only its buttons differ). There is no Menu in the app.
 */

// The tests share no data (each only opens and leaves dialogs, or owns its user): both workers run them.
test.describe.configure({ mode: 'parallel' });

type Open = { role: 'dialog' | 'alertdialog'; name: string | RegExp };

const MAIN = '/hosts/main/v2/projects';

/**
 * The dialogs a screen reader can reach now are exactly `expected` (a dialog under a modal one is hidden from it), and
 * no open dialog or popover, reachable or not, is without a name.
 */
async function expectOpen(page: Page, ...expected: Open[]) {
  for (const { role, name } of expected) await expect(page.getByRole(role, { name, exact: true }), `${role} «${name}»`).toBeVisible();
  await expect(page.getByRole('dialog').or(page.getByRole('alertdialog')), 'no other dialog is open').toHaveCount(expected.length);
  await expect.poll(() => namelessDialogs(page), { message: 'every open dialog has a name' }).toEqual([]);
}

/** Open dialogs and popovers (also those under a modal one) whose aria-label / aria-labelledby give no text. */
function namelessDialogs(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')]
      .filter((el) => !el.hidden && el.checkVisibility())
      .filter((el) => {
        const labelledBy = (el.getAttribute('aria-labelledby') ?? '')
          .split(/\s+/)
          .filter(Boolean)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ');
        return !(labelledBy.trim() || el.getAttribute('aria-label')?.trim());
      })
      .map((el) => el.outerHTML.slice(0, 160)),
  );
}

async function pointId(page: Page, token: string, name: string) {
  const found = (await apiGet<{ items: { id: number; name: string }[] }>(page.request, token, `${MAIN}/project-point?pageSize=100&filter[name]=${encodeURIComponent(name)}`)).items.find(
    (p) => p.name === name,
  );
  expect(found, `the point «${name}»`).toBeTruthy();
  return found!.id;
}

/** A dialog opened by `open`: the only one open, named as `opened` says, left with «Отмена», nothing open after it. */
async function openAndCancel(page: Page, open: () => Promise<unknown>, opened: Open) {
  await open();
  await expectOpen(page, opened);
  await page.getByRole(opened.role).getByRole('button', { name: 'Отмена' }).click();
  await expectOpen(page);
}

/** A confirmation (alert dialog) opened by `open`, named `name`, left with «Отмена». */
const askAndCancel = (page: Page, open: () => Promise<unknown>, name: string) => openAndCancel(page, open, { role: 'alertdialog', name });

const menuButton = (page: Page, name: string | RegExp) => page.getByRole('banner').getByRole('button', { name });

test('grantee: the bell’s popover, «Задать вопрос», the user’s data, their unsaved-text question and the phone menu', async ({ page }) => {
  await signIn(page, 'grantee');
  await page.goto('/programs');
  await expect(page.getByRole('heading', { level: 1, name: 'Текущие конкурсы' })).toBeVisible();
  await expectOpen(page);

  // The bell's popup: named «Новые уведомления», not by its visible heading «Уведомления» (notification-popover.tsx).
  await menuButton(page, /^Уведомления/).click();
  await expectOpen(page, { role: 'dialog', name: 'Новые уведомления' });
  await page.keyboard.press('Escape');
  await expectOpen(page);

  const feedback = { role: 'dialog', name: 'Задать вопрос' } as const;
  const discard = { role: 'alertdialog', name: 'Закрыть без сохранения?' } as const;
  await menuButton(page, 'Задать вопрос').click();
  await expectOpen(page, feedback);
  await page.getByRole('dialog', { name: 'Задать вопрос' }).getByRole('textbox', { name: /^Тема/ }).fill('Вопрос о сроках отчёта');
  await page.keyboard.press('Escape');
  await expectOpen(page, discard);
  await page.getByRole('alertdialog', { name: discard.name }).getByRole('button', { name: 'Нет' }).click();
  await expectOpen(page, feedback);
  await page.keyboard.press('Escape');
  await page.getByRole('alertdialog', { name: discard.name }).getByRole('button', { name: 'Закрыть' }).click();
  await expectOpen(page);

  const profile = { role: 'dialog', name: 'Данные пользователя' } as const;
  await menuButton(page, /^Данные пользователя/).click();
  await expectOpen(page, profile);
  const city = page.getByRole('dialog', { name: profile.name }).getByRole('textbox', { name: /^Город/ });
  await city.fill(`${await city.inputValue()} (новый)`);
  await page.keyboard.press('Escape');
  await expectOpen(page, discard);
  await page.getByRole('alertdialog', { name: discard.name }).getByRole('button', { name: 'Закрыть' }).click();
  await expectOpen(page);

  // A phone: the menu is a drawer (SPEC §2).
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  await expectOpen(page, { role: 'dialog', name: 'Главное меню' });
  await page.getByRole('button', { name: 'Закрыть меню' }).click();
  await expectOpen(page);
});

test('grantee: «Подать заявку» again, the project’s requests, assigning a task and the RID confirmations', async ({ page }) => {
  await signIn(page, 'grantee');
  await page.goto('/programs/START-2026');
  await openAndCancel(page, () => page.getByRole('link', { name: 'Подать заявку' }).first().click(), { role: 'dialog', name: 'У вас уже есть заявки на этот конкурс' });

  // Project 9 has both request buttons (SPEC §2: each asks first, Отмена / Отправить).
  await page.goto('/projects/9');
  await expect(page.getByRole('heading', { level: 1, name: 'Голосовой помощник для МФЦ' })).toBeVisible();
  for (const request of ['Запрос на изменение', 'Запрос на РИД']) await askAndCancel(page, () => page.getByRole('button', { name: request, exact: true }).click(), request);

  // The owner assigns the responsible user of a task of project 1.
  await page.goto('/projects/1');
  await openAndCancel(page, () => page.getByRole('button', { name: 'Назначить пользователя' }).first().click(), { role: 'dialog', name: 'Назначить пользователя' });

  // Project 7's RIDs: an unplanned one, a pending planned one to submit, a registered one to update.
  await page.goto('/projects/7?tab=rid');
  const cards = page.getByRole('region', { name: 'Результаты интеллектуальной деятельности' }).getByTestId('rid-card');
  await expect(cards.first()).toBeVisible();
  const asks: [() => Promise<void>, string][] = [
    [() => page.getByRole('button', { name: 'Подать внеплановый РИД' }).click(), 'Подать внеплановый РИД'],
    [() => cards.filter({ hasText: 'Способ калибровки мультиспектральной камеры БПЛА' }).getByRole('button', { name: 'Подать РИД' }).click(), 'Подать РИД'],
    [() => cards.filter({ hasText: 'Программа расчёта индекса NDVI' }).getByRole('button', { name: 'Обновить сведения' }).click(), 'Обновить сведения о РИД'],
  ];
  for (const [open, name] of asks) await askAndCancel(page, open, name);
});

test('grantee: the calendar’s task dialog and a crowded day’s list', async ({ page }) => {
  await signIn(page, 'grantee');
  // A desktop a little lower than usual: month rows hold fewer tasks, so a crowded day shows «ещё N».
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto('/calendar');
  const weeks = page.getByRole('cell', { name: 'Задачи недели' });
  const events = weeks.getByRole('button').filter({ hasNotText: /^ещё \d+$/ });
  await expect(events.first()).toBeVisible({ timeout: 30_000 });

  const title = (await events.first().textContent())!.trim();
  await events.first().click();
  await expectOpen(page, { role: 'dialog', name: title });
  await page.getByRole('dialog').getByRole('button', { name: 'Закрыть' }).click();
  await expectOpen(page);

  // A day with more tasks than its cell holds: this month or one near it (the tasks' dates move with today).
  const more = weeks.getByRole('button', { name: /^ещё \d+$/ }).first();
  for (const step of ['Назад', 'Вперёд', 'Вперёд', 'Назад', 'Назад', 'Назад', 'Вперёд', 'Вперёд', 'Вперёд', 'Вперёд']) {
    if (await more.isVisible()) break;
    await page.getByRole('button', { name: step, exact: true }).click();
    await expect(page.locator('.rbc-month-view')).toBeVisible();
  }
  await more.click();
  const day = /^Задачи на \d{1,2} [а-я]+ \d{4}$/;
  await expectOpen(page, { role: 'dialog', name: day });
  // A task of the list opens its own dialog in place of the list.
  const first = page.getByRole('dialog', { name: day }).getByRole('listitem').first().getByRole('button');
  const name = (await first.locator('p').first().textContent())!.trim();
  await first.click();
  await expectOpen(page, { role: 'dialog', name });
  await page.keyboard.press('Escape');
  await expectOpen(page);
});

test('grantee: a task’s withdrawal, the certificate choice, the signing progress and reporting its error', async ({ page }) => {
  const { token } = await signIn(page, 'grantee');
  const toolbar = page.getByRole('toolbar', { name: 'Действия с задачей' });

  await page.goto(`/tasks/${await pointId(page, token, 'Отчёт о целевом использовании: отзыв')}`);
  await askAndCancel(page, () => toolbar.getByRole('button', { name: 'Отозвать заявку' }).click(), 'Отозвать заявку');

  // The demo store signs (SIGNING_MODE demo); the server refuses to keep the signatures, so nothing is signed.
  await page.route(/\/hosts\/main\/v2\/projects\/(sign-attach|sign\/\d+)$/, (route) =>
    route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ message: 'Подпись не прошла проверку на сервере', status: 422 }) }),
  );
  await page.goto(`/tasks/${await pointId(page, token, 'Отчёт по этапу 1: подписание')}`);
  await toolbar.getByRole('button', { name: 'Подписать и отправить' }).click();
  const chooser = page.getByRole('dialog', { name: 'Выбор сертификата' });
  await expectOpen(page, { role: 'dialog', name: 'Выбор сертификата' });
  await chooser.getByText('ДЕМО Петров Алексей Иванович', { exact: true }).click();
  await chooser.getByRole('button', { name: 'Подписать', exact: true }).click();
  const progress = page.getByRole('dialog', { name: 'Подписание' });
  await expect(progress.getByRole('button', { name: 'Сообщить об ошибке' })).toBeVisible({ timeout: 20_000 });
  await expectOpen(page, { role: 'dialog', name: 'Подписание' });
  await progress.getByRole('button', { name: 'Сообщить об ошибке' }).click();
  await expectOpen(page, { role: 'dialog', name: 'Задать вопрос' });
  await page.getByRole('dialog').getByRole('button', { name: 'Отмена' }).click();
  await expectOpen(page);
});

test('applicant: the questionnaire’s first dialog, a field’s dialog, the recognition review and the sign-out warning', async ({ page }) => {
  const { userId } = await newApplicant(page.request);
  const { token } = await signIn(page, { userId });
  await page.goto('/programs/create/START-2026');
  await expect(page.getByText('Введенные данные сохраняются автоматически')).toBeVisible({ timeout: 30_000 });
  // SPEC §2: the first dialog opens by itself 1.5 s after opening, titled by the questionnaire.
  const intro = { role: 'dialog', name: 'Заявка на участие в конкурсе «Старт-2026»' } as const;
  await expect(page.getByRole('dialog', { name: intro.name })).toBeVisible({ timeout: 10_000 });
  await expectOpen(page, intro);
  await page.getByRole('dialog').getByRole('button', { name: 'Понятно' }).click();
  await expectOpen(page);

  // An action-button field opens its description, titled by the field.
  await page.getByRole('button', { name: 'Как проверить организацию' }).click();
  await expectOpen(page, { role: 'dialog', name: 'Как проверить организацию' });
  await page.getByRole('dialog').getByRole('button', { name: 'Понятно' }).click();
  await expectOpen(page);

  // A parcelable attachment: the recognised values are reviewed in a dialog (SPEC §2).
  const example = await page.request.get(`${MAIN}/template/example/ATT_ST_EGRUL`, { headers: authHeader(token) });
  await page
    .getByLabel('Выписка из ЕГРЮЛ: выбрать файл')
    .setInputFiles({ name: 'Выписка из ЕГРЮЛ.txt', mimeType: 'text/plain', buffer: Buffer.from(await example.text(), 'utf8') });
  await expect(page.getByRole('dialog', { name: 'Результаты распознавания' })).toBeVisible({ timeout: 30_000 });
  await expectOpen(page, { role: 'dialog', name: 'Результаты распознавания' });
  await page.getByRole('dialog').getByRole('button', { name: 'Отменить загрузку' }).click();
  await expectOpen(page);

  // The connection drops while typing: the edit stays unsent, and signing out warns about it first.
  await page.route('**/hosts/main/v2/stash', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback()));
  await page.getByRole('textbox', { name: /^Торговая марка продукта/ }).fill('Неотправленная марка');
  await menuButton(page, 'Выйти').click();
  await expect(page.getByRole('alertdialog', { name: 'Выйти из кабинета?' })).toBeVisible({ timeout: 15_000 });
  await expectOpen(page, { role: 'alertdialog', name: 'Выйти из кабинета?' });
  await page.getByRole('alertdialog').getByRole('button', { name: 'Отмена' }).click();
  await expectOpen(page);
});

test('administrator: assigning groups, changing their own, refreshing a token and the return from «Войти как»', async ({ page }) => {
  await signIn(page, 'admin');
  const groups: Open = { role: 'dialog', name: 'Назначение групп' };

  await page.goto('/users?id=100');
  const row = page.getByTestId('user-row-100');
  await openAndCancel(page, () => row.getByRole('button', { name: /Назначить группы/ }).click(), groups);
  await askAndCancel(page, () => row.getByRole('button', { name: /Обновить токен/ }).click(), 'Обновление токена');

  // Their own groups: a warning over the dialog first.
  await page.goto('/users?id=2');
  await page.getByTestId('user-row-2').getByRole('button', { name: /Назначить группы/ }).click();
  const dialog = page.getByRole('dialog', { name: groups.name });
  await dialog.locator('label', { has: page.getByText('Менеджер', { exact: true }) }).click();
  await dialog.getByRole('button', { name: 'Назначить', exact: true }).click();
  await expectOpen(page, { role: 'alertdialog', name: 'Изменить свои группы?' });
  await page.getByRole('alertdialog').getByRole('button', { name: 'Отмена' }).click();
  await expectOpen(page, groups);
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expectOpen(page);

  // As user 112 (Пользователь, a live token, no other test's), an edit left unsent: returning warns first.
  await page.goto('/users?id=112');
  await page.getByTestId('user-row-112').getByRole('button', { name: /Войти как/ }).click();
  await expect(page.getByRole('region', { name: 'Вход от имени пользователя' })).toBeVisible();
  await page.goto('/programs/create/START-2026');
  const brand = page.getByRole('textbox', { name: /^Торговая марка продукта/ });
  await expect(brand).toBeVisible({ timeout: 30_000 });
  await page.route('**/hosts/main/v2/stash', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback()));
  // The questionnaire's first dialog may come meanwhile (on this device it is the user's first visit).
  const intro = page.getByRole('dialog', { name: 'Заявка на участие в конкурсе «Старт-2026»' });
  await expect(intro).toBeVisible({ timeout: 10_000 });
  await intro.getByRole('button', { name: 'Понятно' }).click();
  await brand.fill('Неотправленная марка');
  await page.getByRole('region', { name: 'Вход от имени пользователя' }).getByRole('button', { name: 'Вернуться к своей учётной записи' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Вернуться к своей учётной записи?' })).toBeVisible({ timeout: 15_000 });
  await expectOpen(page, { role: 'alertdialog', name: 'Вернуться к своей учётной записи?' });
  await page.getByRole('alertdialog').getByRole('button', { name: 'Отмена' }).click();
  await expectOpen(page);
});
