import { expect, test, type Locator } from '@playwright/test';
import { screenshot, signIn } from './fixtures';
import { openQuestionnaire } from './offline-support';

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

test('questionnaire fields are drawn with the theme’s field styles: label, star, input, select, text area, error (1440 and 375 px)', async ({ page }) => {
  await signIn(page, 'user');
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await openQuestionnaire(page);
    const name = page.locator('[data-slot]').filter({ has: page.getByLabel('Название проекта') }).first();
    const input = page.getByLabel('Название проекта');
    // Chakra's field and input recipes (size md, variant outline), resolved into classes at build time.
    await expect(name.locator('label')).toHaveCSS('font-weight', '500');
    await expect(name.locator('label [aria-hidden="true"]')).toHaveText('*');
    expect(await style(name.locator('label [aria-hidden="true"]'), 'color')).not.toBe(await style(name.locator('label'), 'color'));
    await expect(input).toHaveCSS('height', '40px');
    await expect(input).toHaveCSS('border-top-width', '1px');
    await expect(input).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    const select = page.locator('form select').first();
    await expect(select).toHaveCSS('height', '40px');
    await expect(select).toHaveCSS('appearance', 'none');
    await expect(select.locator('xpath=following-sibling::div[1]/*[name()="svg"]')).toBeVisible();
    await expect(page.locator('form textarea').first()).toHaveCSS('min-height', '96px');
    // A required field left empty: the error text under it and the input's border in the error colour.
    const border = await style(input, 'border-top-color');
    await input.focus();
    await input.blur();
    await page.getByTestId('submit-bar').getByRole('button').last().click();
    await expect(name.getByText('Заполните поле')).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(await style(input, 'border-top-color')).not.toBe(border);
    await screenshot(page, `hot-lists-questionnaire-${width}`);
  }
});

test('recipe styles of a signed-in screen go into one kept block per style layer, and still draw the components (issue 19)', async ({ page }) => {
  await signIn(page, 'grantee');
  // A new top-level layer rule restyles the whole page; rules added inside a kept layer block do not (app/emotion-layers.ts).
  const recipeLayerRules = () =>
    page.evaluate(() => {
      const sheet = [...document.styleSheets].find((s) => s.ownerNode instanceof Element && s.ownerNode.getAttribute('data-emotion') === 'css');
      const layers = [...(sheet?.cssRules ?? [])].filter((rule): rule is CSSLayerBlockRule => rule instanceof CSSLayerBlockRule && rule.name === 'recipes');
      return { blocks: layers.filter((rule) => [...rule.cssRules].every((inner) => inner instanceof CSSStyleRule)).length, rules: layers.reduce((n, rule) => n + rule.cssRules.length, 0) };
    });
  for (const [path, ready] of [
    ['/tasks', page.getByTestId('task-row').first()],
    ['/projects/1?tab=rid', page.getByTestId('rid-card').first()],
  ] as const) {
    await page.goto(path);
    await expect(ready).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const { blocks, rules } = await recipeLayerRules();
    // Before: one layer rule per component type as it first rendered (17 on /tasks). Now one kept block, and a new one
    // only after a layer rule with a media query (which keeps its place), so a few.
    expect(blocks, `${path}: recipe layer rules`).toBeLessThanOrEqual(6);
    expect(rules, `${path}: recipe rules`).toBeGreaterThan(20);
  }
  // Drawn by recipes: the tabs of the project and the switch of the compact view.
  await expect(page.getByRole('tab', { name: 'РИД' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'РИД' })).not.toHaveCSS('color', 'rgb(0, 0, 0)');
  await expect(page.getByRole('button', { name: 'Подать внеплановый РИД' })).not.toHaveCSS('background-color', TRANSPARENT);
});
