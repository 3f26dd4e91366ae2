import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { apiGet, networkQuiet, signIn, type AccountKey } from './fixtures';
import { expectNothingExecuted, guardPage, type Guard } from './security-guards';
import { installFakeCadesPlugin, type FakeCadesOptions } from '../../src/features/signing/cades/fake-plugin';

/**
 * Content Security Policy (reliability: "a strict CSP set by the reference back end and documented for deployments,
 * that the app, the plug-in loader and the widget run under"). The header is strict, the README documents exactly
 * the header the server sends, and a walk over every main screen — with the CryptoPro loader script and the external
 * project widget — produces no `securitypolicyviolation` event at all.
 */
test.use({ serviceWorkers: 'block' });

function directives(header: string): Map<string, string[]> {
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

async function cspOf(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path, { headers: { Accept: 'text/html' } });
  expect(response.status(), path).toBe(200);
  const header = response.headers()['content-security-policy'];
  expect(header, `${path} has a CSP header`).toBeTruthy();
  return header!;
}

test('the header is strict, the same on every page, and documented in the README as sent', async ({ request }) => {
  const header = await cspOf(request, '/');
  for (const path of ['/login', '/tasks', '/projects/1', '/sso/authorize?redirect_uri=/callback', '/config.json']) {
    expect(await cspOf(request, path), path).toBe(header);
  }
  const csp = directives(header);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(header).not.toContain("'unsafe-eval'");
  expect(header).not.toMatch(/(^|\s)\*(\s|;|$)/);
  for (const [name, values] of csp) {
    if (name !== 'style-src') expect(values, `${name} allows no inline code`).not.toContain("'unsafe-inline'");
    expect(values, `${name} allows no whole scheme`).not.toContain('http:');
    expect(values, `${name} allows no whole scheme`).not.toContain('https:');
  }
  expect(csp.get('script-src')).not.toContain('data:');
  const readme = await readFile('README.md', 'utf8');
  const documented = /## Безопасность[\s\S]*?```\s*\n?Content-Security-Policy: ([^\n]+)\n/.exec(readme)?.[1]?.trim();
  expect(documented, 'README "Безопасность" gives the header').toBe(header);
});

const VALID = {
  subject: 'CN=Петров Алексей Иванович, O=ООО «НейроТех», C=RU',
  issuer: 'CN=Тестовый УЦ, O=КриптоПро, C=RU',
  validFrom: '2026-01-10T07:00:00.000Z',
  validTo: '2099-01-10T20:30:00.000Z',
  thumbprint: '1111111111111111111111111111111111111111',
};

/** Every document the walk opens is served with the CSP header. */
async function visit(page: Page, guard: Guard, path: string, ready: (page: Page) => Promise<void>) {
  const response = await page.goto(path);
  expect(response?.headers()['content-security-policy'], `${path} is served with the CSP`).toBeTruthy();
  await ready(page);
  await networkQuiet(page);
  await expectNothingExecuted(page, guard, path);
  walked.push(path);
}

const walked: string[] = [];
const heading = (text: string | RegExp) => async (page: Page) => {
  await expect(page.getByText(text).first()).toBeVisible({ timeout: 30_000 });
};

async function previewPointId(page: Page, token: string): Promise<number> {
  const list = await apiGet<{ items: { id: number; canEdit?: boolean }[] }>(page.request, token, '/hosts/main/v2/projects/project-point?pageSize=100');
  const id = list.items.find((p) => p.canEdit !== true)?.id;
  expect(id).toBeTruthy();
  return id!;
}

async function walk(page: Page, account: AccountKey, paths: [string, (page: Page) => Promise<void>][]) {
  const guard = await guardPage(page);
  await signIn(page, account);
  for (const [path, ready] of paths) await visit(page, guard, path, ready);
  return guard;
}

test('grantee: every main screen, the questionnaire, a task preview and the project widget run without a violation', async ({ page }) => {
  test.setTimeout(180_000);
  const { token } = await signIn(page, 'grantee');
  const preview = await previewPointId(page, token);
  const guard = await walk(page, 'grantee', [
    ['/programs', heading('Подробнее')],
    ['/programs/START-2026', heading('Сведения о конкурсе')],
    ['/programs/create/START-2026', heading('Введенные данные сохраняются автоматически')],
    ['/tasks', heading('Мои задачи')],
    ['/tasks-archive', heading('Архив')],
    [`/tasks/${preview}`, heading('Пакет документов (zip)')],
    ['/projects', heading('Проекты')],
    ['/projects/1', async (p) => {
      // The external widget (a script from widgetUrl) mounts and renders under the CSP.
      await expect(p.frameLocator('[data-testid="project-widget"] iframe').getByText('Сводка по проекту')).toBeVisible({ timeout: 30_000 });
    }],
    ['/projects/1?tab=plan', heading('План мероприятий')],
    ['/projects/1?tab=rid', heading('РИД')],
    ['/calendar', heading('Сегодня')],
    ['/diagnostics', heading('Состояние плагина')],
    ['/no/such/page', heading('Страница не найдена')],
  ]);
  // Dialogs of the shell: bell, user data, feedback. Each is closed with Escape once it has taken the focus, as a person
  // presses it once the dialog is there: its key handling starts with the frame after it shows. Pressed in the frame it
  // showed (a loaded machine), the key went by, the drawer stayed open and «Задать вопрос» was clicked inside it.
  const closeWithEscape = async (dialog: Locator) => {
    await expect(dialog).toBeVisible();
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  };
  await page.goto('/programs');
  await page.getByTestId('notification-bell').click();
  await closeWithEscape(page.getByRole('dialog', { name: 'Новые уведомления' }));
  await page.getByRole('button', { name: /Данные пользователя/ }).click();
  await closeWithEscape(page.getByRole('dialog', { name: 'Данные пользователя' }));
  await page.getByRole('button', { name: 'Задать вопрос' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNothingExecuted(page, guard, 'shell dialogs');
});

test('administrator, manager and expert screens run without a violation', async ({ browser }) => {
  test.setTimeout(180_000);
  for (const [account, paths] of [
    ['admin', [['/users', heading('Пользователи и роли')], ['/service-message', heading('Сообщение')], ['/diagnostics', heading('Состояние плагина')]]],
    ['manager', [['/projects', heading('Проекты')], ['/users', heading('Пользователи и роли')], ['/calendar', heading('Сегодня')]]],
    ['expert', [['/tasks', heading('Мои задачи')], ['/programs', heading('Подробнее')]]],
  ] as [AccountKey, [string, (page: Page) => Promise<void>][]][]) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await walk(page, account, paths);
    await context.close();
  }
});

test('sign-in: the login page, the demo provider and the callback run without a violation', async ({ page }) => {
  const guard = await guardPage(page);
  await visit(page, guard, '/login', heading('Войти'));
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('button', { name: /Петров Алексей Иванович/ })).toBeVisible();
  expect(await guard.violations()).toEqual([]);
  await page.getByRole('button', { name: /Петров Алексей Иванович/ }).click();
  await page.waitForURL((url) => !/\/(callback|login|sso)/.test(url.pathname));
  await expectNothingExecuted(page, guard, 'after sign-in');
});

test('the CryptoPro loader script (cadesplugin_api.js beside index.html) runs and signs under the CSP', async ({ page }) => {
  const guard = await guardPage(page);
  // Plug-in mode, and a deployment that serves the vendor's loader: here a stand-in that installs the fake plug-in
  // object model, loaded by the app's own loader as an external same-origin script.
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), signingMode: 'plugin' } });
  });
  const options: FakeCadesOptions = { certificates: [VALID], pluginVersion: '2.0.15400' };
  let loaderRequests = 0;
  await page.route('**/cadesplugin_api.js', async (route) => {
    loaderRequests += 1;
    const response = await route.fetch();
    await route.fulfill({
      status: 200,
      headers: { ...response.headers(), 'content-type': 'text/javascript; charset=utf-8' },
      body: `(${installFakeCadesPlugin.toString()})(${JSON.stringify(options)});`,
    });
  });
  await signIn(page, 'grantee');
  await visit(page, guard, '/diagnostics', heading('Состояние плагина'));
  await expect(page.getByTestId('status-dot').filter({ hasText: 'Плагин загружен' })).toHaveAttribute('data-state', 'ok', { timeout: 20_000 });
  expect(loaderRequests).toBe(1);
  expect(await page.locator('script[data-cadesplugin]').getAttribute('src')).toBe('/cadesplugin_api.js');
  await page.getByText('Петров Алексей Иванович').first().click();
  await page.getByRole('button', { name: 'Подписать' }).click();
  await expect(page.getByTestId('signature-box')).toContainText('Подпись сформирована успешно:');
  await expectNothingExecuted(page, guard, 'diagnostics signing with the loader');
});

test('a script the CSP forbids is refused and reported (the listener works)', async ({ page }) => {
  const guard = await guardPage(page);
  await signIn(page, 'grantee');
  await page.goto('/programs');
  await expect(page.getByText('Подробнее').first()).toBeVisible({ timeout: 30_000 });
  // An inline script, a data: script and an inline handler, added the way an injection would add them.
  const ran = await page.evaluate(async () => {
    const w = window as unknown as { __inline?: number; __data?: number; __attr?: number };
    const inline = document.createElement('script');
    inline.textContent = 'window.__inline = 1';
    document.body.append(inline);
    const data = document.createElement('script');
    data.src = 'data:text/javascript,window.__data=1';
    document.body.append(data);
    const img = document.createElement('img');
    img.setAttribute('onerror', 'window.__attr = 1');
    // The image's failure is what would run the handler: waited for (on a busy machine its 404 took longer than the
    // half second this once waited, and the handler's violation was not reported yet).
    const failed = new Promise((r) => img.addEventListener('error', r, { once: true }));
    img.src = '/no-such-image.png';
    document.body.append(img);
    await Promise.race([failed, new Promise((r) => setTimeout(r, 10_000))]);
    await new Promise((r) => setTimeout(r, 500));
    inline.remove();
    data.remove();
    img.remove();
    return { inline: w.__inline ?? null, data: w.__data ?? null, attr: w.__attr ?? null };
  });
  expect(ran).toEqual({ inline: null, data: null, attr: null });
  // Reports arrive as events after the refusals.
  await expect.poll(async () => (await guard.violations()).map((v) => v.directive)).toContain('script-src-attr');
  const directivesSeen = (await guard.violations()).map((v) => v.directive);
  expect(directivesSeen.filter((d) => d === 'script-src-elem')).toHaveLength(2);
});

test.afterAll(() => {
  console.log(`CSP walk: ${walked.length} documents without a violation`);
});
