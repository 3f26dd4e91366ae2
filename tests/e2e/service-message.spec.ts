import { expect, test } from '@playwright/test';
import { expectNoContractViolations, screenshot, signIn, tokenFor } from './fixtures';
import { authHeader, expectAccessible } from './user-sessions';

/** The seeded banner (server/seed/index.ts); other specs look for its opening words, so a test text keeps them. */
const SEEDED = 'Плановые технические работы на портале: 30 ноября с 22:00 до 23:59 (МСК). Сохраняйте черновики заранее.';

test.describe('service message (SPEC §2, §5, §8)', () => {
  test('the administrator saves a message and every role sees it as the banner', async ({ page, browser }) => {
    const text = `Плановые технические работы: проверка баннера ${Date.now()}`;
    await signIn(page, 'admin');
    await page.goto('/service-message');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Сервисное сообщение');
    const message = page.getByRole('textbox', { name: /Сообщение/ });
    const save = page.getByRole('button', { name: 'Сохранить' });
    await expect(page.getByRole('checkbox', { name: 'Показать' })).toBeChecked();
    await expect(message).not.toHaveValue('');

    // Required: "Введите сообщение", and "Сохранить" stays disabled while invalid.
    await message.fill('   ');
    await expect(page.getByText('Введите сообщение')).toBeVisible();
    await expect(save).toBeDisabled();

    await message.fill(text);
    await expect(save).toBeEnabled();
    await screenshot(page, 'service-message-desktop');
    await expectAccessible(page, '/service-message');
    const saving = page.waitForResponse((r) => r.url().includes('/v2/projects/maintance') && r.request().method() === 'POST');
    await save.click();
    expect((await saving).request().postDataJSON()).toEqual({ switch: 1, message: text });
    await expect(page.getByText('Данные успешно сохранены')).toBeVisible();
    await expect(page.getByTestId('service-banner')).toHaveText(text);

    // Another role in another browser sees the banner.
    const other = await browser.newContext();
    const granteePage = await other.newPage();
    await signIn(granteePage, 'grantee');
    await granteePage.goto('/programs');
    await expect(granteePage.getByTestId('service-banner')).toHaveText(text);
    await other.close();

    const { token } = await tokenFor(page.request, 'admin');
    await page.request.post('/hosts/main/v2/projects/maintance', { headers: authHeader(token), data: { switch: 1, message: SEEDED } });
    await expectNoContractViolations(page.request);
  });

  test('a refused save shows the server message and keeps the text; a hidden message shows no banner', async ({ page }) => {
    await signIn(page, 'admin');
    await page.route('**/hosts/main/v2/projects/maintance', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 422,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Сообщение содержит недопустимые символы' }),
          })
        : route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ switch: 0, message: 'Скрытое сообщение' }) }),
    );
    await page.goto('/service-message');
    await expect(page.getByRole('checkbox', { name: 'Показать' })).not.toBeChecked();
    await expect(page.getByTestId('service-banner')).toHaveCount(0);
    const message = page.getByRole('textbox', { name: /Сообщение/ });
    await expect(message).toHaveValue('Скрытое сообщение');
    await page.locator('label', { hasText: 'Показать' }).click();
    await message.fill('Новое сообщение');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Сообщение содержит недопустимые символы')).toBeVisible();
    await expect(message).toHaveValue('Новое сообщение');
  });

  test('only the administrator opens the form', async ({ page }) => {
    await signIn(page, 'manager');
    await page.goto('/service-message');
    await expect(page).not.toHaveURL(/service-message/);
  });

  test('phone width', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, 'admin');
    await page.goto('/service-message');
    await expect(page.getByRole('button', { name: 'Сохранить' })).toBeVisible();
    await screenshot(page, 'service-message-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
