import { expect, test, type Page } from '@playwright/test';
import { animationsDone, ACCOUNTS, expectNoContractViolations, screenshot, signIn, tokenFor } from './fixtures';
import { authHeader, expectAccessible, signInAsUserId } from './user-sessions';

/**
 * /users (SPEC §2 "Users and roles", §6, §7). Each test owns the generated users it changes (server/seed/users.ts:
 * ids 100–155; every third has a live token, the next an expired one, the next none).
 */
const rows = (page: Page) => page.locator('[data-testid^="user-row-"]');

test.describe('users and roles', () => {
  test('filters live in the URL (debounced) and the table pages by 20 from _meta', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/users');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Пользователи и роли');
    await expect(rows(page)).toHaveCount(20);
    for (const header of ['ID', 'ФИО', 'E-mail', 'Телефон', 'Группы', 'Токен']) {
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    const total = Number((await page.getByText(/^Найдено: \d+$/).textContent())!.replace(/\D/g, ''));
    expect(total).toBeGreaterThanOrEqual(60);
    const firstOnPage1 = await rows(page).first().getAttribute('data-testid');

    await page.getByRole('button', { name: 'Страница 2' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(rows(page).first()).not.toHaveAttribute('data-testid', firstOnPage1!);
    await expect(rows(page)).toHaveCount(20);
    const lastPage = Math.ceil(total / 20);
    await page.getByRole('button', { name: `Страница ${lastPage}` }).click();
    await expect(rows(page)).toHaveCount(total - (lastPage - 1) * 20);

    // Typing is debounced: one request for the whole word, and the page goes back to 1.
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/hosts/main/v1/user?')) calls.push(r.url());
    });
    await page.getByRole('textbox', { name: 'ФИО' }).pressSequentially('Павлов', { delay: 60 });
    await expect(page).toHaveURL(/name=%D0%9F%D0%B0%D0%B2%D0%BB%D0%BE%D0%B2/);
    await expect(page).not.toHaveURL(/page=/);
    await expect.poll(async () => (await rows(page).allTextContents()).every((row) => row.includes('Павлов'))).toBe(true);
    expect(calls.length).toBe(1);
    expect(decodeURIComponent(calls[0]!)).toContain('filter[name]=Павлов');

    await page.getByRole('textbox', { name: 'ФИО' }).fill('');
    await page.getByRole('combobox', { name: 'Группа' }).selectOption({ label: 'Эксперт' });
    await expect(page).toHaveURL(/\/users\?group_id=5$/);
    const allRowsHave = (text: string) => expect.poll(async () => (await rows(page).allTextContents()).every((row) => row.includes(text)));
    await allRowsHave('Эксперт').toBe(true);
    const cityAnswer = page.waitForResponse((r) => {
      const url = decodeURIComponent(r.url());
      return url.includes('filter[city]=Москва') && url.includes('filter[group_id]=5');
    });
    await page.getByRole('textbox', { name: 'Город' }).fill('Москва');
    await expect(page).toHaveURL(/city=/);
    const cityPage = (await (await cityAnswer).json()) as { items: { city: string }[] };
    expect(cityPage.items.length).toBeGreaterThan(0);
    for (const user of cityPage.items) expect(user.city).toBe('Москва');
    await expect(rows(page)).toHaveCount(cityPage.items.length);

    // The filtered URL survives a reload, with the filters shown in the form.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Город' })).toHaveValue('Москва');
    await expect(page.getByRole('combobox', { name: 'Группа' })).toHaveValue('5');
    for (const text of await rows(page).allTextContents()) expect(text).toContain('Эксперт');

    await page.goto('/users?id=104&city=Москва');
    await expect(page.getByRole('textbox', { name: 'ID' })).toHaveValue('104');
    await expect(rows(page)).toHaveCount(0);
    await expect(page.getByText('Данные не найдены')).toBeVisible();
    await page.getByRole('button', { name: 'Сбросить фильтры' }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(rows(page)).toHaveCount(20);

    // Bad input in the URL falls back to defaults.
    await page.goto('/users?page=abc&id=-3');
    await expect(rows(page)).toHaveCount(20);
    await expectNoContractViolations(page.request);
  });

  test('group assignment: the exclusive roles exclude the others; setgroups saves; "нет группы"', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/users?id=141');
    const row = page.getByTestId('user-row-141');
    await expect(row).toContainText('Пользователь');
    await row.getByRole('button', { name: /Назначить группы/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Назначение групп' });
    const label = (name: string) => dialog.locator('label', { has: page.getByText(name, { exact: true }) });
    const box = (name: string) => label(name).getByRole('checkbox');
    await expect(box('Пользователь')).toBeChecked();
    await label('Эксперт').click();
    await expect(box('Эксперт')).toBeChecked();
    await expect(box('Пользователь')).toBeChecked();
    // The administrator role deselects every other one…
    await label('Администратор').click();
    await expect(box('Администратор')).toBeChecked();
    await expect(box('Эксперт')).not.toBeChecked();
    await expect(box('Пользователь')).not.toBeChecked();
    // …and choosing another role deselects the administrator.
    await label('Монитор по содержанию').click();
    await expect(box('Администратор')).not.toBeChecked();
    await label('Менеджер').click();
    await screenshot(page, 'users-assign-groups');
    await expectAccessible(page, 'assign-groups dialog');
    await dialog.getByRole('button', { name: 'Назначить' }).click();
    await expect(page.getByText('Действие успешно выполнено')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Монитор по содержанию');
    await expect(row).toContainText('Менеджер');

    const { token } = await tokenFor(page.request, 'admin');
    const user = await (await page.request.get('/hosts/main/v1/users/141', { headers: authHeader(token) })).json();
    expect(user.groups).toEqual([1, 4]);

    // Removing every group leaves "нет группы".
    await row.getByRole('button', { name: /Назначить группы/ }).click();
    await label('Монитор по содержанию').click();
    await label('Менеджер').click();
    await expect(dialog.getByText('Без групп пользователь увидит только страницу поддержки.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Назначить' }).click();
    await expect(row).toContainText('нет группы');
    await expectNoContractViolations(page.request);
  });

  test('own groups: the administrator is warned first, and the last administrator keeps the role (server 422)', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/users?id=2');
    const row = page.getByTestId('user-row-2');
    await expect(row).toContainText('Администратор');
    await row.getByRole('button', { name: /Назначить группы/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Назначение групп' });
    await dialog.locator('label', { has: page.getByText('Менеджер', { exact: true }) }).click();
    await dialog.getByRole('button', { name: 'Назначить' }).click();
    const warning = page.getByRole('alertdialog', { name: 'Изменить свои группы?' });
    await expect(warning).toContainText('Вы снимаете с себя роль «Администратор»');
    await expect(warning.getByRole('button', { name: 'Изменить свои группы' })).toBeInViewport();
    await animationsDone(warning); // the opening animation, for the screenshot
    await screenshot(page, 'users-own-groups-warning');
    // "Отмена" sends nothing: the choice stays in the dialog.
    await warning.getByRole('button', { name: 'Отмена' }).click();
    await expect(warning).toBeHidden();
    await expect(dialog).toBeVisible();
    // Confirmed: the reference back end refuses to leave the portal without an administrator.
    await dialog.getByRole('button', { name: 'Назначить' }).click();
    await warning.getByRole('button', { name: 'Изменить свои группы' }).click();
    await expect(page.getByText('Нельзя снять роль «Администратор» с последнего администратора').first()).toBeVisible();
    const { token } = await tokenFor(page.request, 'admin');
    expect((await (await page.request.get('/hosts/main/v1/users/2', { headers: authHeader(token) })).json()).groups).toEqual([2]);
    await expectNoContractViolations(page.request);
  });

  test("refreshing a token: confirmation with the warning; the user's next call gets 401 and lands on /login", async ({ page, browser }) => {
    // The affected user: generated manager 107, signed in in a browser of their own.
    const other = await browser.newContext();
    const userPage = await other.newPage();
    await signInAsUserId(userPage, 107);
    await userPage.goto('/users');
    await expect(rows(userPage).first()).toBeVisible();

    await signIn(page, 'admin');
    await page.goto('/users?id=107');
    const row = page.getByTestId('user-row-107');
    await expect(row).toContainText('Действует до');
    await row.getByRole('button', { name: /Обновить токен/ }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Обновление токена' });
    await expect(dialog).toContainText('Вы уверены что хотите обновить токен пользователя');
    await expect(dialog).toContainText('сессия пользователя может прерваться');
    await expectAccessible(page, 'refresh-token confirmation');
    await dialog.getByRole('button', { name: 'Обновить' }).click();
    await expect(page.getByText('Действие успешно выполнено')).toBeVisible();

    // SPEC §8: the next call of the affected user answers 401 → token removed, login page.
    await userPage.getByRole('textbox', { name: 'Город' }).fill('Москва');
    await expect(userPage).toHaveURL(/\/login/);
    expect(await userPage.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await other.close();
    await expectNoContractViolations(page.request);
  });

  test('log in as a user whose token is valid, and come back to the administrator', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/users?id=101');
    // 101 has an expired token: no logging in as them.
    await expect(page.getByTestId('user-row-101')).toContainText('Истёк');
    await expect(page.getByTestId('user-row-101').getByRole('button', { name: /Войти как/ })).toBeDisabled();

    await page.goto('/users?id=100');
    const row = page.getByTestId('user-row-100');
    const name = (await row.getByRole('cell').nth(1).textContent())!.trim();
    await row.getByRole('button', { name: /Войти как/ }).click();
    await expect(page).toHaveURL(/\/programs$/);
    await expect(page.getByRole('button', { name: `Данные пользователя: ${name}` })).toBeVisible();
    const bar = page.getByRole('region', { name: 'Вход от имени пользователя' });
    await expect(bar).toContainText(name);
    await screenshot(page, 'users-logged-in-as');
    // The impersonated session is a real one: the menu is the user's.
    await expect(page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'Пользователи и роли' })).toHaveCount(0);

    await bar.getByRole('button', { name: 'Вернуться к своей учётной записи' }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByRole('button', { name: `Данные пользователя: ${ACCOUNTS.admin.name}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Вход от имени пользователя' })).toHaveCount(0);
    await expect(rows(page)).toHaveCount(20);
  });

  test('monitors and managers see the table without the administrator actions', async ({ page }) => {
    await signIn(page, 'monitor');
    await page.goto('/users');
    await expect(rows(page)).toHaveCount(20);
    await expect(page.getByRole('button', { name: /Назначить группы/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Войти как/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Обновить токен/ })).toHaveCount(0);
  });

  test('phone width: users as cards, nothing overflows', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, 'admin');
    await page.goto('/users');
    await expect(rows(page)).toHaveCount(20);
    await screenshot(page, 'users-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Cards, not a table squeezed into the phone.
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Войти как/ }) })).toHaveCount(20);
  });

  test('1440 px: every row one or two lines, no word broken (e-mails, token dates)', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/users');
    await expect(rows(page)).toHaveCount(20);
    await expect(page.getByRole('table')).toBeVisible();
    // The lines each cell's text takes, and whether a line ends inside a word.
    const cells = await page.getByRole('table').locator('tbody td').evaluateAll((tds) =>
      tds.map((td) => {
        const tops = new Set<number>();
        const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent!.trim() || node.parentElement!.closest('button')) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
        }
        return { text: (td as HTMLElement).innerText.trim(), lines: tops.size };
      }),
    );
    const tall = cells.filter((c) => c.lines > 2);
    expect(tall, JSON.stringify(tall.slice(0, 5))).toEqual([]);
    const token = page.getByTestId('user-row-2').getByText(/^Действует до/);
    const box = (await token.boundingBox())!;
    const lineHeight = await token.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect(box.height).toBeLessThanOrEqual(lineHeight * 2 + 1);
    // The date is whole on one line.
    const dateLines = await token.evaluate((el) => {
      const text = el.firstChild!;
      const at = text.textContent!.search(/\d{2}\.\d{2}\.\d{4}/);
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + 10);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(dateLines).toBe(1);
    await screenshot(page, 'users-1440');
  });

  test('desktop screenshot', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/users');
    await expect(rows(page)).toHaveCount(20);
    await screenshot(page, 'users-desktop');
    await expectAccessible(page, '/users');
  });
});
