import { expect, test, type Locator, type Page } from '@playwright/test';
import { animationsDone, expectNoContractViolations, expectThroughout, recordSentForms, screenshot, signIn } from './fixtures';
import { expectAccessible } from './user-sessions';

/**
 * «Задать вопрос» keeps its attachments online-only, and says so before a file is picked (never only at sending):
 * offline the «Вложения» part tells why its picker is disabled, sending is refused with the app's usual message and
 * keeps what was typed and picked, and the picker comes back by itself with the connection.
 */
const OFFLINE_NOTE = 'Файлы можно приложить, когда появится соединение с сервером.';
/** With files already listed, the same sentence speaks of other files. */
const OFFLINE_NOTE_MORE = 'Другие файлы можно приложить, когда появится соединение с сервером.';
const REFUSED = 'Нет соединения — действие недоступно';

const sentForms = (page: Page) => page.evaluate(() => (window as unknown as { sentForms: [string, string][][] }).sentForms);

function parts(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Задать вопрос' });
  return {
    dialog,
    theme: dialog.getByRole('combobox', { name: /Тема обращения/ }),
    subject: dialog.getByRole('textbox', { name: /^Тема/ }),
    message: dialog.getByRole('textbox', { name: /Сообщение/ }),
    attachments: dialog.getByRole('group', { name: 'Вложения' }),
    picker: dialog.getByRole('button', { name: 'Прикрепить файлы' }),
    fileInput: dialog.getByLabel('Прикрепить файлы'),
    note: dialog.getByText(/можно приложить, когда появится соединение с сервером\./),
    files: dialog.getByRole('list', { name: 'Прикреплённые файлы' }),
    send: dialog.getByRole('button', { name: 'Отправить' }),
  };
}

/** Opened from the shell once online, as a person who has seen it before: its themes are then known offline too. */
async function openOnceOnline(page: Page) {
  await page.goto('/programs');
  await page.getByRole('button', { name: 'Задать вопрос' }).click();
  const { dialog, theme, picker, note } = parts(page);
  await expect(theme.locator('option')).toHaveCount(11);
  await expect(picker).toBeEnabled();
  await expect(note).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(dialog).toBeHidden();
}

async function goOffline(page: Page) {
  await page.context().setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
}

/** Offline the picker is shown, disabled, with the sentence saying why tied to it. */
async function expectOfflineAttachments(picker: Locator, fileInput: Locator, note: Locator, text = OFFLINE_NOTE) {
  await expect(note).toBeVisible();
  await expect(note).toHaveText(text);
  await expect(picker).toBeVisible();
  await expect(picker).toBeDisabled();
  await expect(fileInput).toBeDisabled();
  await expect(picker).toHaveAccessibleDescription(text);
}

test.describe('feedback "Задать вопрос" offline: attachments are online-only, said before a pick', () => {
  test('offline the picker is disabled with the reason before any pick; sending is refused and keeps the text; online again a file goes', async ({ page }) => {
    await recordSentForms(page);
    await signIn(page, 'user');
    await openOnceOnline(page);
    await goOffline(page);

    await page.getByRole('button', { name: 'Задать вопрос' }).click();
    const { dialog, theme, subject, message, attachments, picker, fileInput, note, files, send } = parts(page);
    await expect(dialog).toBeVisible();
    // The label «Вложения» names the attachments part and points at the element that takes the files.
    await expect(attachments).toBeVisible();
    const labelFor = await dialog.locator('label', { hasText: 'Вложения' }).getAttribute('for');
    expect(labelFor, 'the «Вложения» label points at an element').toBeTruthy();
    await expect(dialog.locator(`[id="${labelFor}"]`)).toHaveAttribute('type', 'file');
    await expectOfflineAttachments(picker, fileInput, note);
    await expect(attachments).toContainText(OFFLINE_NOTE);

    await animationsDone(dialog);
    await screenshot(page, 'feedback-offline-desktop');
    await expectAccessible(page, 'feedback dialog offline');
    await page.setViewportSize({ width: 375, height: 812 });
    await animationsDone(dialog);
    await screenshot(page, 'feedback-offline-phone');
    await note.scrollIntoViewIfNeeded();
    await screenshot(page, 'feedback-offline-phone-attachments');
    await page.setViewportSize({ width: 1440, height: 900 });

    // The disabled picker is still reached from the keyboard (so its reason is heard), but opens no file chooser.
    const choosers: unknown[] = [];
    page.on('filechooser', (chooser) => choosers.push(chooser));
    await picker.focus();
    await expect(picker).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    // A label of a disabled control counts as disabled to Playwright: the person's click is forced.
    await dialog.locator('label', { hasText: 'Вложения' }).click({ force: true });
    await expectThroughout(
      () => choosers.length,
      (count) => expect(count, 'no file chooser offline').toBe(0),
      1_000,
    );

    // Typed offline, then sent: refused at once with the app's usual message, and nothing typed is lost.
    await theme.selectOption({ label: 'Технические неполадки' });
    await subject.fill('Вопрос без соединения');
    await message.fill('Пишу, пока нет связи.');
    await send.click();
    await expect(page.getByText(REFUSED)).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(theme).toHaveValue('6');
    await expect(subject).toHaveValue('Вопрос без соединения');
    await expect(message).toHaveValue('Пишу, пока нет связи.');
    await expectOfflineAttachments(picker, fileInput, note);
    expect(await sentForms(page)).toEqual([]);

    // The connection comes back: the picker is enabled by itself, a file is picked and everything goes.
    await page.context().setOffline(false);
    await expect(picker).toBeEnabled({ timeout: 30_000 });
    await expect(fileInput).toBeEnabled();
    await expect(note).toHaveCount(0);
    await fileInput.setInputFiles({ name: 'скриншот.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') });
    await expect(files).toContainText('скриншот.png');
    await send.click();
    await expect(page.getByText('Сообщение отправлено')).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await sentForms(page)).toEqual([
      [
        ['project', 'grants-cabinet'],
        ['theme', '6'],
        ['subject', 'Вопрос без соединения'],
        ['message', 'Пишу, пока нет связи.'],
        ['attachments[]', 'file:скриншот.png:8'],
      ],
    ]);
    await expectNoContractViolations(page.request);
  });

  test('files picked online stay listed when the connection is lost; sending is refused and keeps them', async ({ page }) => {
    await recordSentForms(page);
    await signIn(page, 'user');
    await page.goto('/programs');
    await page.getByRole('button', { name: 'Задать вопрос' }).click();
    const { dialog, theme, subject, message, picker, fileInput, note, files, send } = parts(page);
    await expect(theme.locator('option')).toHaveCount(11);
    await theme.selectOption({ label: 'Другое' });
    await subject.fill('Отчёт во вложении');
    await message.fill('Прикладываю два файла.');
    await fileInput.setInputFiles([
      { name: 'отчёт.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 отчёт') },
      { name: 'фото.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') },
    ]);
    await expect(files.getByRole('listitem')).toHaveCount(2);

    // The connection drops with the dialog open: the note appears, the picked files stay.
    await goOffline(page);
    await expectOfflineAttachments(picker, fileInput, note, OFFLINE_NOTE_MORE);
    await expect(files.getByRole('listitem')).toHaveCount(2);
    await animationsDone(dialog);
    await note.scrollIntoViewIfNeeded();
    await screenshot(page, 'feedback-offline-with-files-desktop');
    await page.setViewportSize({ width: 375, height: 812 });
    await animationsDone(dialog);
    await note.scrollIntoViewIfNeeded();
    await screenshot(page, 'feedback-offline-with-files-phone');
    await page.setViewportSize({ width: 1440, height: 900 });

    await send.click();
    await expect(page.getByText(REFUSED)).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(files.getByRole('listitem')).toHaveCount(2);
    await expect(subject).toHaveValue('Отчёт во вложении');
    await expect(message).toHaveValue('Прикладываю два файла.');
    // A picked file can still be taken out offline: that needs no server.
    await dialog.getByRole('button', { name: 'Удалить файл фото.png' }).click();
    await expect(files.getByRole('listitem')).toHaveCount(1);

    await page.context().setOffline(false);
    await expect(picker).toBeEnabled({ timeout: 30_000 });
    await send.click();
    await expect(page.getByText('Сообщение отправлено')).toBeVisible();
    const forms = await sentForms(page);
    expect(forms).toHaveLength(1);
    expect(forms[0]).toContainEqual(['attachments[]', `file:отчёт.pdf:${Buffer.byteLength('%PDF-1.4 отчёт')}`]);
    expect(forms[0]!.filter(([key]) => key === 'attachments[]')).toHaveLength(1);
  });
});
