import { expect, test, type Locator } from '@playwright/test';
import { screenshot, signIn } from './fixtures';

// Issue 19: the rows of long lists are plain elements styled by classes the cabinet layout adds once (app/hot-styles.ts).
// A class that lost its rule would leave the list unstyled without any error: these checks read what the browser drew.
const style = (locator: Locator, property: string) => locator.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);
const TRANSPARENT = 'rgba(0, 0, 0, 0)';

test('task rows, RID cards and competition rows are drawn with the theme’s styles (1440 and 375 px)', async ({ page }) => {
  await signIn(page, 'grantee');
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/tasks');
    const row = page.getByTestId('task-row').first();
    await expect(row).toBeVisible({ timeout: 30_000 });
    expect(await style(row.locator('.cab-chip'), 'background-color')).not.toBe(TRANSPARENT);
    expect(await style(row.locator('td').first(), 'padding-top')).not.toBe('0px');
    expect(await style(row.locator('.cab-title-link'), 'font-weight')).toBe('600');
    // Phones: the table becomes cards (no header row, cells one under another).
    expect(await style(page.locator('.cab-table thead'), 'display')).toBe(width < 768 ? 'none' : 'table-header-group');
    await expect(page.getByRole('button', { name: /^Данные пользователя/ }).locator('.cab-avatar')).toHaveCSS('border-radius', /px$/);
    await screenshot(page, `hot-lists-tasks-${width}`);

    await page.goto('/projects/1?tab=rid');
    const card = page.getByTestId('rid-card').first();
    await expect(card).toBeVisible({ timeout: 30_000 });
    expect(await style(card, 'border-top-width')).toBe('1px');
    expect(await style(card.locator('.cab-chip').first(), 'background-color')).not.toBe(TRANSPARENT);
    await expect(card.getByRole('heading', { level: 2 })).toHaveCSS('font-weight', '600');

    await page.goto('/programs');
    const competition = page.locator('main article').first();
    await expect(competition).toBeVisible({ timeout: 30_000 });
    expect(await style(competition, 'border-top-left-radius')).not.toBe('0px');
    await expect(competition.getByRole('link', { name: /^Подробнее о конкурсе/ })).toHaveCSS('border-top-width', '1px');
  }
});
