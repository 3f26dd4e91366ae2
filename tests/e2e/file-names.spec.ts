import { expect, test } from '@playwright/test';
import { expectNoContractViolations, signIn } from './fixtures';

/**
 * File names are shown through the one cleaning function (src/lib/file-name.ts) on every screen: a name the server
 * holds raw (an older back end, a file stored before the cleaning) with a right-to-left override must not be shown
 * spoofed. The list of point 30 is answered with such a name here (nothing is stored, so the demo data stays as it was).
 */
test('questionnaire file list: a right-to-left override in a stored name is neither shown nor used', async ({ page }) => {
  await signIn(page, 'grantee');
  const spoofed = 'Выписка\u202Efdp.txt';
  await page.route('**/hosts/main/v2/projects/list-attach?**', async (route) => {
    const response = await route.fetch();
    const files = (await response.json()) as unknown[];
    const raw = { id: 990_001, fileId: 990_001, fileName: spoofed, originalFileName: spoofed, attachCode: 'ATT_ST_EGRUL', groupCode: null, groupIndex: 0, valueIndex: 0, sort: 1, signable: false, signValid: false, isApproved: false, managerComment: null };
    await route.fulfill({ response, json: [...files, raw] });
  });
  // The questionnaire's first dialog (SPEC §5) opens when the form has loaded, if it is shown for this point at all: put
  // away whenever it shows (a check right after the address was opened raced it, and the dialog then hid the list).
  const dialog = page.getByRole('dialog', { name: /^Заявка на конкурс/ });
  await page.addLocatorHandler(dialog, () => dialog.getByRole('button', { name: 'Понятно' }).click());
  await page.goto('/tasks/30');
  const egrul = page.locator('[data-attachment="ATT_ST_EGRUL"]');
  const download = egrul.getByRole('button', { name: 'Скачать Выпискаfdp.txt', exact: true });
  await expect(download).toBeVisible({ timeout: 30_000 });
  await expect(download).toHaveText('Выпискаfdp.txt');
  await expect(download).toHaveAttribute('title', 'Скачать Выпискаfdp.txt');
  expect(await egrul.evaluate((el) => el.textContent?.includes('\u202E'))).toBe(false);
  await expect(egrul.getByRole('button', { name: 'Удалить файл Выпискаfdp.txt' })).toBeVisible();
  await expectNoContractViolations(page.request);
});
