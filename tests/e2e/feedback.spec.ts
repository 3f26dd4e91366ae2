import { expect, test } from '@playwright/test';
import { animationsDone, expectNoContractViolations, recordSentForms, screenshot, signIn } from './fixtures';
import { expectAccessible } from './user-sessions';

test.describe('feedback "Задать вопрос" (SPEC §2, §5, §7 Support)', () => {
  test('the rules refuse an incomplete form, then a question with an attachment is sent as multipart', async ({ page }) => {
    await recordSentForms(page);
    await signIn(page, 'user');
    await page.goto('/programs');
    await page.getByRole('button', { name: 'Задать вопрос' }).click();
    const dialog = page.getByRole('dialog', { name: 'Задать вопрос' });
    await expect(dialog).toBeVisible();
    // Themes come from the support host, the signing-error theme 9 among them.
    const theme = dialog.getByRole('combobox', { name: /Тема обращения/ });
    await expect(theme.locator('option')).toHaveCount(11);
    await expect(theme.locator('option[value="9"]')).toHaveText('Ошибка подписания электронной подписью');

    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('/hosts/support/messages')) sent += 1;
    });
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    // SPEC §5 required rule, the theme included.
    await expect(dialog.getByText('Заполните поле')).toHaveCount(3);
    await expect(dialog.getByText('Выберите тему обращения')).toHaveCount(0);
    await dialog.getByRole('textbox', { name: /^Тема/ }).fill('я'.repeat(256));
    await expect(dialog.getByText('Тема не может быть длиннее 255 символов')).toBeVisible();
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    expect(sent, 'nothing is sent while the form is invalid').toBe(0);

    await theme.selectOption({ label: 'Технические неполадки' });
    await dialog.getByRole('textbox', { name: /^Тема/ }).fill('Не загружается отчёт');
    await dialog.getByRole('textbox', { name: /Сообщение/ }).fill('При загрузке файла отчёта страница показывает ошибку. Скриншот во вложении.');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'скриншот-ошибки.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') });
    await expect(dialog.getByRole('list', { name: 'Прикреплённые файлы' })).toContainText('скриншот-ошибки.png');
    await screenshot(page, 'feedback-dialog-desktop');
    await expectAccessible(page, 'feedback dialog');

    const requestPromise = page.waitForRequest((r) => r.url().includes('/hosts/support/messages') && r.method() === 'POST');
    const responsePromise = page.waitForResponse((r) => r.url().includes('/hosts/support/messages'));
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    expect((await requestPromise).headers()['content-type']).toContain('multipart/form-data');
    expect((await responsePromise).status()).toBe(200);
    const forms = await page.evaluate(() => (window as unknown as { sentForms: [string, string][][] }).sentForms);
    expect(forms).toHaveLength(1);
    expect(forms[0]).toEqual([
      ['project', 'grants-cabinet'],
      ['theme', '6'],
      ['subject', 'Не загружается отчёт'],
      ['message', 'При загрузке файла отчёта страница показывает ошибку. Скриншот во вложении.'],
      ['attachments[]', 'file:скриншот-ошибки.png:8'],
    ]);
    await expect(page.getByText('Сообщение отправлено')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expectNoContractViolations(page.request);
  });

  test('a server failure keeps what was typed and shows the reason', async ({ page }) => {
    await signIn(page, 'grantee');
    await page.goto('/programs');
    await page.route('**/hosts/support/messages', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Тема обращения закрыта', errors: [{ field: 'theme', message: 'Тема обращения закрыта' }] }),
      }),
    );
    await page.getByRole('button', { name: 'Задать вопрос' }).click();
    const dialog = page.getByRole('dialog', { name: 'Задать вопрос' });
    await dialog.getByRole('combobox', { name: /Тема обращения/ }).selectOption({ label: 'Другое' });
    await dialog.getByRole('textbox', { name: /^Тема/ }).fill('Вопрос');
    await dialog.getByRole('textbox', { name: /Сообщение/ }).fill('Текст вопроса');
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    await expect(page.getByText('Тема обращения закрыта в поле Тема обращения')).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: /Сообщение/ })).toHaveValue('Текст вопроса');
  });

  test('phone width: the dialog fills the screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, 'user');
    await page.goto('/programs');
    await page.getByRole('button', { name: 'Задать вопрос' }).click();
    const dialog = page.getByRole('dialog', { name: 'Задать вопрос' });
    await expect(dialog.getByRole('combobox', { name: /Тема обращения/ }).locator('option')).toHaveCount(11);
    const box = await dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    await animationsDone(dialog);
    await screenshot(page, 'feedback-dialog-phone');
  });

  test('several refused attachments: every error is shown, each a sentence', async ({ page }) => {
    await signIn(page, 'user');
    await page.goto('/programs');
    await page.getByRole('button', { name: 'Задать вопрос' }).click();
    const dialog = page.getByRole('dialog', { name: 'Задать вопрос' });
    await dialog.getByLabel('Прикрепить файлы').setInputFiles([
      { name: 'большой-отчёт.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(21 * 1024 * 1024, 1) },
      { name: 'скриншот.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') },
      { name: 'пустой.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) },
    ]);
    await expect(dialog.getByText('большой-отчёт.pdf: Размер файла превышает 20Mb.')).toBeVisible();
    await expect(dialog.getByText('пустой.txt: Файл пустой.')).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Прикреплённые файлы' }).getByRole('listitem')).toHaveCount(1);
    await screenshot(page, 'feedback-attachment-errors');
  });

  test('a failed theme list reads as sentences', async ({ page }) => {
    await page.route('**/hosts/support/themes**', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>'.repeat(40) }));
    await signIn(page, 'user');
    await page.goto('/programs');
    await page.getByRole('button', { name: 'Задать вопрос' }).click();
    const dialog = page.getByRole('dialog', { name: 'Задать вопрос' });
    await expect(dialog.getByRole('alert')).toContainText('Произошла ошибка при получении данных. Сервер временно недоступен, попробуйте позже.', { timeout: 30_000 });
  });
});
