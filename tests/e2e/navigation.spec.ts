import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, screenshot, signIn, tokenFor, type AccountKey } from './fixtures';

/**
 * Role × route, as a person gets around (issue: every screen reachable): each route of SPEC §6 is either reached by
 * clicks from where the person lands — a menu item, or a menu item and then a link on that screen — or, typed as an
 * address, leads to the landing page with «Раздел недоступен для вашей роли». The reading is src/lib/roles.ts.
 */
type Click = string | [menu: string, link: string] | null;
const ROUTES = ['/programs', '/projects', '/tasks', '/tasks-archive', '/calendar', '/users', '/service-message', '/diagnostics'] as const;
const REFUSED = 'Раздел недоступен для вашей роли';

const TASKS: [string, string] = ['Мои задачи', 'Архив'];
const CALENDAR: [string, string] = ['Мои задачи', 'Календарь'];
const TABLE: [AccountKey, string, Click[]][] = [
  //                            /programs   /projects  /tasks        /tasks-archive /calendar /users                 /service-message        /diagnostics
  ['manager', '/programs', ['Конкурсы', 'Проекты', 'Мои задачи', TASKS, CALENDAR, 'Пользователи и роли', null, 'Диагностика ЭП']],
  ['admin', '/users', [null, null, null, null, null, 'Пользователи и роли', 'Сервисное сообщение', 'Диагностика ЭП']],
  ['contestAdmin', '/diagnostics', [null, null, null, null, null, null, null, 'Диагностика ЭП']],
  ['monitor', '/projects', [null, 'Проекты', 'Мои задачи', TASKS, CALENDAR, 'Пользователи и роли', null, 'Диагностика ЭП']],
  ['expert', '/programs', ['Конкурсы', 'Проекты', 'Мои задачи', TASKS, null, null, null, 'Диагностика ЭП']],
  ['grantee', '/programs', ['Конкурсы', 'Проекты', 'Мои задачи', 'Архив', CALENDAR, null, null, 'Диагностика ЭП']],
  ['user', '/programs', ['Конкурсы', 'Проекты', 'Мои задачи', 'Архив', CALENDAR, null, null, 'Диагностика ЭП']],
  ['monitorExternal', '/projects', [null, 'Проекты', 'Мои задачи', TASKS, CALENDAR, 'Пользователи и роли', null, 'Диагностика ЭП']],
];

const menuLink = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: new RegExp(`^${label}`) });

test.describe('role × route: reachable by clicks, or refused with a message (SPEC §6)', () => {
  for (const [account, landing, clicks] of TABLE) {
    test(`${ACCOUNTS[account].name} (role ${ACCOUNTS[account].roleId})`, async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, account);
      await page.goto('/');
      await expect(page).toHaveURL(new RegExp(`${landing}$`));
      // The landing page is the first item of the person's own menu.
      await expect(menuLink(page, '').first()).toHaveAttribute('aria-current', 'page');

      for (const [i, route] of ROUTES.entries()) {
        const click = clicks[i] ?? null;
        if (click === null) continue;
        if (typeof click === 'string') await menuLink(page, click).click();
        else {
          await menuLink(page, click[0]).click();
          await page.getByRole('navigation', { name: 'Связанные разделы' }).getByRole('link', { name: click[1] }).click();
        }
        await expect(page, `${route} by ${JSON.stringify(click)}`).toHaveURL(new RegExp(`${route}$`));
      }

      for (const [i, route] of ROUTES.entries()) {
        if (clicks[i] !== null) continue;
        await page.goto(route);
        await expect(page, `${route} is refused`).toHaveURL(new RegExp(`${landing}$`));
        await expect(page.getByText(REFUSED).first()).toBeVisible();
      }
    });
  }

  test('a person without a role gets the support page for every route', async ({ page }) => {
    await signIn(page, 'noRole');
    for (const route of ROUTES) {
      await page.goto(route);
      await expect(page).toHaveURL(/\/support$/);
      await expect(page.getByRole('heading', { name: 'Вашей учётной записи ещё не назначена роль' })).toBeVisible();
    }
  });

  test('an administrator typing /tasks is told why the users page opened instead', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/tasks');
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByText(REFUSED)).toBeVisible();
    await screenshot(page, 'navigation-refused');
  });

  test('a grantee reaches the archive and the calendar from «Мои задачи»', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, 'grantee');
    await page.goto('/tasks');
    const links = page.getByRole('navigation', { name: 'Связанные разделы' });
    await expect(links.getByRole('link', { name: 'Архив' })).toBeVisible();
    await expect(links.getByRole('link', { name: 'Календарь' })).toBeVisible();
    await screenshot(page, 'navigation-tasks-links-phone');
    await links.getByRole('link', { name: 'Календарь' }).click();
    await expect(page).toHaveURL(/\/calendar$/);
  });
});

test.describe('sign-in link that does not sign in says why (SPEC §2 /personal-account-v2-auth)', () => {
  const LINK_REFUSED = 'Ссылка для входа недействительна или устарела — войдите снова';

  test('a token the server refuses', async ({ page }) => {
    await page.goto('/personal-account-v2-auth?token=0123456789abcdef0123456789abcdef0123456789abcdef');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(LINK_REFUSED)).toBeVisible();
    await screenshot(page, 'login-token-link-refused');
  });

  test('an expired token', async ({ page, request }) => {
    const { token } = await tokenFor(request, 'grantee');
    await page.goto(`/personal-account-v2-auth?token=${token}&tokenExpireAt=${Math.floor(Date.now() / 1000) - 3600}`);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(LINK_REFUSED)).toBeVisible();
  });

  test('a link without a token', async ({ page }) => {
    await page.goto('/personal-account-v2-auth?token=');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(LINK_REFUSED)).toBeVisible();
  });

  test('a good link signs in and a later sign-in page shows no such message', async ({ page, request }) => {
    const { token, tokenExpireAt } = await tokenFor(request, 'grantee');
    await page.goto(`/personal-account-v2-auth?token=${token}&tokenExpireAt=${tokenExpireAt}`);
    await expect(page).toHaveURL(/\/programs$/);
    await page.getByRole('button', { name: 'Выйти' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(LINK_REFUSED)).toHaveCount(0);
  });
});
