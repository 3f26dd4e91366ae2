import { expect, test, type Page } from '@playwright/test';
import { expectNoContractViolations, screenshot, signIn } from './fixtures';
import { installFakeCadesPlugin, type FakeCadesOptions } from '../../src/features/signing/cades/fake-plugin';

/** SPEC §2 "Diagnostics (/diagnostics)", §4 (when "Подписать" is enabled), §8 texts. */
test.use({ serviceWorkers: 'block', permissions: ['clipboard-read', 'clipboard-write'] });

const VALID = {
  subject: 'CN=Петров Алексей Иванович, O=ООО «НейроТех», C=RU',
  issuer: 'CN=Тестовый УЦ, O=КриптоПро, C=RU',
  validFrom: '2026-01-10T07:00:00.000Z',
  validTo: '2099-01-10T20:30:00.000Z',
  thumbprint: '1111111111111111111111111111111111111111',
};
const EXPIRED = { ...VALID, subject: 'CN=Старый сертификат', thumbprint: '2222222222222222222222222222222222222222', validFrom: '2020-01-01T00:00:00Z', validTo: '2021-01-01T00:00:00Z' };
const NO_KEY = { ...VALID, subject: 'CN=Без закрытого ключа', thumbprint: '3333333333333333333333333333333333333333', signError: 'Не удается найти закрытый ключ сертификата (0x8009200B)' };

async function setup(page: Page, options: FakeCadesOptions | null) {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), signingMode: 'plugin' } });
  });
  if (options) await page.addInitScript(installFakeCadesPlugin, options);
  await signIn(page, 'grantee');
  await page.goto('/diagnostics');
  // The first paint can be slow on a busy machine.
  await expect(page.getByText('Состояние плагина')).toBeVisible({ timeout: 30_000 });
}

const dot = (page: Page, label: string) => page.getByTestId('status-dot').filter({ hasText: label });

test.afterEach(async ({ request }) => {
  await expectNoContractViolations(request);
});

test('no plug-in: the checks fail with the reason, no certificates, signing disabled', async ({ page }) => {
  await setup(page, null);
  await expect(dot(page, 'Плагин загружен')).toHaveAttribute('data-state', 'fail', { timeout: 20_000 });
  await expect(page.getByTestId('plugin-error')).toContainText('Плагин для работы с электронной подписью не загружен. Проверьте, что КриптоПро ЭЦП Browser plug-in установлен');
  await expect(page.getByText('Нет доступных сертификатов')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Данные для подписи' })).toHaveValue('Hello World');
  await expect(page.getByRole('button', { name: 'Подписать' })).toBeDisabled();
  await screenshot(page, 'diagnostics-no-plugin-1440');
});

test('plug-in without certificates', async ({ page }) => {
  await setup(page, { certificates: [], pluginVersion: '2.0.15400' });
  for (const label of ['Плагин загружен', 'Плагин работает', 'Криптопровайдер загружен', 'Перечисление объектов плагина завершено', 'Версия плагина']) {
    await expect(dot(page, label)).toHaveAttribute('data-state', 'ok');
  }
  await expect(dot(page, 'Версия плагина')).toContainText('2.0.15400');
  await expect(dot(page, 'Криптопровайдер загружен')).toContainText('5.0.12500');
  await expect(page.getByText('Нет доступных сертификатов')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Подписать' })).toBeDisabled();
});

test('plug-in without a crypto-provider', async ({ page }) => {
  await setup(page, { certificates: [VALID], cspVersion: null });
  await expect(dot(page, 'Плагин работает')).toHaveAttribute('data-state', 'ok');
  await expect(dot(page, 'Криптопровайдер загружен')).toHaveAttribute('data-state', 'fail');
  await expect(page.getByTestId('plugin-error')).toContainText('Криптопровайдер не найден');
  await expect(page.getByRole('button', { name: 'Подписать' })).toBeDisabled();
});

test('with certificates: details, sign "Hello World", copy; a key error in red', async ({ page }) => {
  await setup(page, { certificates: [VALID, EXPIRED, NO_KEY] });
  await expect(page.getByTestId('certificate')).toHaveCount(3);
  const expired = page.getByTestId('certificate').filter({ hasText: 'Старый сертификат' });
  await expect(expired).toContainText('Срок действия истек');
  await expect(expired.locator('input')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Подписать' })).toBeDisabled();

  await page.getByText('Петров Алексей Иванович').click();
  const details = page.getByTestId('certificate-details');
  await expect(details).toContainText('ВладелецПетров Алексей Иванович');
  await expect(details).toContainText('ИздательТестовый УЦ');
  await expect(details).toContainText('Срок действия10.01.2026 10:00 – 10.01.2099 23:30');
  await expect(details).toContainText('СтатусДействителен');

  // SPEC §4: data must be present.
  const data = page.getByRole('textbox', { name: 'Данные для подписи' });
  await data.fill('');
  await expect(page.getByRole('button', { name: 'Подписать' })).toBeDisabled();
  await data.fill('Hello World');
  await page.getByRole('button', { name: 'Подписать' }).click();
  const box = page.getByTestId('signature-box');
  await expect(box).toContainText('Подпись сформирована успешно:');
  const signature = await box.getByRole('textbox', { name: 'Подпись' }).inputValue();
  expect(atob(signature)).toContain(`FAKE-CADES-BES|${VALID.thumbprint}|16|`);
  await box.getByRole('button', { name: 'Копировать' }).click();
  await expect(page.getByText('Подпись скопирована в буфер обмена').first()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(signature);
  await screenshot(page, 'diagnostics-signed-1440');
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, 'diagnostics-signed-375');
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByText('Без закрытого ключа').click();
  await page.getByRole('button', { name: 'Подписать' }).click();
  await expect(page.getByText('Ошибка подписи: Ошибка приватного ключа сертификата. Попробуйте использовать другой сертификат')).toBeVisible();
});

test('the demo store is labelled and signs', async ({ page }) => {
  await signIn(page, 'user');
  await page.goto('/diagnostics');
  await expect(page.getByTestId('demo-label')).toHaveText('ДЕМО — не является электронной подписью', { timeout: 30_000 });
  await page.getByText('ДЕМО Иванова Ольга Сергеевна').click();
  await page.getByRole('button', { name: 'Подписать' }).click();
  await expect(page.getByTestId('signature-box')).toContainText('Подпись сформирована успешно:');
});
