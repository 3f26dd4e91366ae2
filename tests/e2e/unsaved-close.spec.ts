import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './fixtures';

/** Closing a form with typed, unsaved text asks first (Esc, ✕, «Отмена»); «Нет» keeps the text, «Закрыть» drops it. */
const question = (page: Page) => page.getByRole('alertdialog', { name: 'Закрыть без сохранения?' });

async function keepsThenDrops(page: Page, form: Locator, field: () => Locator, typed: string, close: () => Promise<void>) {
  await close();
  await expect(question(page)).toBeVisible();
  await question(page).getByRole('button', { name: 'Нет' }).click();
  await expect(question(page)).toBeHidden();
  await expect(form).toBeVisible();
  await expect(field()).toHaveValue(typed);
}

test.describe('unsaved text is not dropped silently', () => {
  test('«Задать вопрос»: Esc, ✕ and «Отмена» ask; «Нет» keeps the text; confirming closes; reopening is empty', async ({ page }) => {
    await signIn(page, 'user');
    await page.goto('/programs');
    const open = page.getByRole('button', { name: 'Задать вопрос' });
    const dialog = page.getByRole('dialog', { name: 'Задать вопрос' });
    const subject = () => dialog.getByRole('textbox', { name: /^Тема/ });

    // A pristine form closes at once.
    await open.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(question(page)).toHaveCount(0);

    await open.click();
    await subject().fill('Вопрос о сроках отчёта');
    await keepsThenDrops(page, dialog, subject, 'Вопрос о сроках отчёта', () => page.keyboard.press('Escape'));
    await keepsThenDrops(page, dialog, subject, 'Вопрос о сроках отчёта', () => dialog.getByRole('button', { name: 'Закрыть' }).click());
    await keepsThenDrops(page, dialog, subject, 'Вопрос о сроках отчёта', () => dialog.getByRole('button', { name: 'Отмена' }).click());

    await page.keyboard.press('Escape');
    await question(page).getByRole('button', { name: 'Закрыть' }).click();
    await expect(question(page)).toBeHidden();
    await expect(dialog).toBeHidden();

    await open.click();
    await expect(subject()).toHaveValue('');
  });

  // The question takes the focus; «Нет» gives it back to the field, and Chakra's focus trap used to select the field's
  // whole text as it did: the next key replaced everything typed before.
  test('after «Нет» the caret is back where it was: typing goes on and replaces nothing', async ({ page }) => {
    await signIn(page, 'user');
    await page.goto('/programs');
    await page.getByRole('button', { name: 'Задать вопрос' }).click();
    const dialog = page.getByRole('dialog', { name: 'Задать вопрос' });
    const subject = dialog.getByRole('textbox', { name: /^Тема/ });
    await subject.click();
    await page.keyboard.type('Вопрос о сроках', { delay: 20 });
    await page.keyboard.press('Escape');
    await question(page).getByRole('button', { name: 'Нет' }).click();
    await expect(question(page)).toBeHidden();
    await expect(subject).toBeFocused();
    await page.keyboard.type(' отчёта', { delay: 20 });
    await expect(subject).toHaveValue('Вопрос о сроках отчёта');
    // The browser's own focusing is untouched: Tab into a filled field still selects its text.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(subject).toBeFocused();
    expect(await subject.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([0, 'Вопрос о сроках отчёта'.length]);
  });

  test('the profile drawer: Esc and ✕ ask; «Нет» keeps the text; confirming closes; reopening shows the saved profile', async ({ page }) => {
    await signIn(page, 'user');
    await page.goto('/programs');
    const avatar = page.getByRole('button', { name: /^Данные пользователя/ });
    const drawer = page.getByRole('dialog', { name: 'Данные пользователя' });
    const city = () => drawer.getByRole('textbox', { name: /^Город/ });

    await avatar.click();
    await expect(drawer).toBeVisible();
    const saved = await city().inputValue();
    // Nothing typed: the drawer closes at once.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(question(page)).toHaveCount(0);

    await avatar.click();
    await city().fill('Новосибирск-тест');
    await keepsThenDrops(page, drawer, city, 'Новосибирск-тест', () => page.keyboard.press('Escape'));
    await keepsThenDrops(page, drawer, city, 'Новосибирск-тест', () => drawer.getByRole('button', { name: 'Закрыть' }).click());

    await page.keyboard.press('Escape');
    await question(page).getByRole('button', { name: 'Закрыть' }).click();
    await expect(drawer).toBeHidden();

    await avatar.click();
    await expect(city()).toHaveValue(saved);
  });
});
