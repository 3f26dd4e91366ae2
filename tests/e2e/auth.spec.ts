import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, expectNoContractViolations, screenshot, signIn, signInThroughUi, tokenFor, type AccountKey } from './fixtures';
import { storeSession, tokenForUserId } from './user-sessions';

/** Menu labels in the permanent side menu (desktop), without the count badge. */
async function menuLabels(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Главное меню' });
  await expect(nav).toBeVisible();
  const texts = await nav.getByRole('link').allInnerTexts();
  // The task count is read as «активных: N» by screen readers (visually hidden words): the label is what precedes it.
  return texts.map((t) => t.replace(/\s*(активных:)?\s*\d*\s*$/, '').trim());
}

const LANDINGS: [AccountKey, string, string[]][] = [
  ['manager', '/programs', ['Конкурсы', 'Проекты', 'Мои задачи', 'Пользователи и роли', 'Диагностика ЭП']],
  ['admin', '/users', ['Пользователи и роли', 'Сервисное сообщение', 'Диагностика ЭП']],
  ['contestAdmin', '/diagnostics', ['Диагностика ЭП']],
  ['monitor', '/projects', ['Проекты', 'Мои задачи', 'Пользователи и роли', 'Диагностика ЭП']],
  ['expert', '/programs', ['Конкурсы', 'Проекты', 'Мои задачи', 'Диагностика ЭП']],
  ['grantee', '/programs', ['Конкурсы', 'Проекты', 'Мои задачи', 'Архив', 'Диагностика ЭП']],
  ['user', '/programs', ['Конкурсы', 'Проекты', 'Мои задачи', 'Архив', 'Диагностика ЭП']],
  ['monitorExternal', '/projects', ['Проекты', 'Мои задачи', 'Пользователи и роли', 'Диагностика ЭП']],
];

test.describe('sign-in through the demo sign-on page (SPEC §2 /login, /callback; §6 menus)', () => {
  for (const [account, landing, menu] of LANDINGS) {
    test(`role ${ACCOUNTS[account].roleId} lands on ${landing} with its menu`, async ({ page }) => {
      await signInThroughUi(page, account);
      await expect(page).toHaveURL(new RegExp(`${landing}$`));
      expect(await menuLabels(page)).toEqual(menu);
      // SPEC §3: the token is kept in local storage under these keys.
      const stored = await page.evaluate(() => [localStorage.getItem('access_token'), localStorage.getItem('access_token_expires')]);
      expect(stored[0]).toMatch(/^[0-9a-f]{48}$/);
      expect(Number(stored[1])).toBeGreaterThan(Date.now());
      await expect(page.getByRole('button', { name: `Данные пользователя: ${ACCOUNTS[account].name}` })).toBeVisible();
    });
  }

  test('the login page shows "Войти" and the provider lists every role', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Личный кабинет' })).toBeVisible();
    await screenshot(page, 'login-desktop');
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/\/sso\/authorize\?/);
    for (const role of ['Менеджер', 'Администратор', 'Администратор конкурса', 'Монитор по содержанию', 'Эксперт', 'Победитель', 'Пользователь', 'Монитор внешний', 'без роли']) {
      await expect(page.getByRole('button', { name: new RegExp(`${role}$`) }).first()).toBeVisible();
    }
    await screenshot(page, 'sso-demo');
  });

  test('a user with no roles goes to the support page', async ({ page }) => {
    await signInThroughUi(page, 'noRole');
    await expect(page).toHaveURL(/\/support$/);
    await expect(page.getByRole('heading', { name: 'Вашей учётной записи ещё не назначена роль' })).toBeVisible();
    expect(await menuLabels(page)).toEqual([]);
  });

  test('a deep link while signed out comes back after sign-in', async ({ page }) => {
    await page.goto('/tasks-archive?page=2');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByRole('button', { name: new RegExp(ACCOUNTS.user.name) }).click();
    await expect(page).toHaveURL(/\/tasks-archive\?page=2$/);
  });

  test('a reused code fails with the server message on the login page', async ({ page, request }) => {
    // The provider refuses a foreign redirect target (no open redirect).
    const foreign = await request.post('/sso/authorize', { form: { user_id: '8', redirect_uri: 'https://evil.example/callback' }, maxRedirects: 0 });
    expect(foreign.status()).toBe(400);
    const issued = await request.post('/sso/authorize', {
      form: { user_id: '8', redirect_uri: new URL('/callback', test.info().project.use.baseURL).toString() },
      maxRedirects: 0,
    });
    const code = new URL(issued.headers()['location']!).searchParams.get('code')!;
    expect((await request.get(`/hosts/main/v1/users/setcode?code=${code}`)).ok()).toBeTruthy();
    await page.goto(`/callback?code=${code}`);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Не удалось войти' })).toContainText('Код авторизации уже использован');
    await screenshot(page, 'login-error');
  });

  test('an unknown code fails with the server message', async ({ page }) => {
    await page.goto('/callback?code=0000');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Не удалось войти' })).toContainText('Код авторизации не найден');
  });

  test('/personal-account-v2-auth stores the token and goes to root without keeping it in the URL', async ({ page, request }) => {
    const { token, tokenExpireAt } = await tokenFor(request, 'grantee');
    await page.goto(`/personal-account-v2-auth?token=${token}&tokenExpireAt=${tokenExpireAt}`);
    await expect(page).toHaveURL(/\/programs$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBe(token);
    const entries = await page.evaluate(() => window.history.length);
    expect(page.url()).not.toContain(token);
    // The redirect replaced the entry that carried the token.
    expect(entries).toBeLessThanOrEqual(2);
  });

  test('401 mid-session removes the token and goes to login, keeping the page to return to', async ({ page, request }) => {
    // A generated manager of its own (server/seed/users.ts): refreshing the token ends every session of the user, and
    // the demo manager is signed in by tests running at the same time.
    const userId = 119;
    const session = await tokenForUserId(page.request, userId);
    const { token } = session;
    await page.goto('/login');
    await storeSession(page, session);
    await page.goto('/tasks');
    await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible();
    // The administrator refreshes this user's token: the current one stops working (SPEC §6).
    const admin = await tokenFor(request, 'admin');
    expect((await request.post(`/hosts/main/v1/users/${userId}/refresh-token`, { headers: { Authorization: `Bearer ${admin.token}` } })).ok()).toBeTruthy();
    expect((await request.get('/hosts/main/v1/users/info', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
    await page.evaluate(() => localStorage.removeItem('renew_token'));
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    // Signing in again returns to the page where the session broke.
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByText(/^Все пользователи/).click();
    await page.locator(`button[name="user_id"][value="${userId}"]`).click();
    await expect(page).toHaveURL(/\/tasks$/);
  });

  test('logout clears the session', async ({ page }) => {
    await signIn(page, 'user');
    await page.goto('/programs');
    await page.getByRole('button', { name: 'Выйти' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await page.goto('/programs');
    await expect(page).toHaveURL(/\/login$/);
  });

  test.afterAll(async ({ request }) => {
    await expectNoContractViolations(request);
  });
});
