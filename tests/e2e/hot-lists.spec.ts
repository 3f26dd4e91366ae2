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
    // Phones: the table becomes cards (the header row hidden from sight but kept for screen readers, cells one under
    // another); wider screens show the header row.
    if (width < 768) {
      const box = await page.locator('.cab-table thead').boundingBox();
      expect(box === null || (box.width <= 1 && box.height <= 1), 'the header row takes no room on a phone').toBe(true);
      await expect(page.locator('.cab-table thead th').first()).toBeAttached();
    } else {
      expect(await style(page.locator('.cab-table thead'), 'display')).toBe('table-header-group');
    }
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

test('a signed-in screen adds no block rules (media, layer) while it loads — each one restyled and relaid the whole page — and still draws its components (issue 19)', async ({ browser, baseURL }) => {
  // Requests reach page.route (no service worker): the screens' code is held below to make the start a slow one.
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  await signIn(page, 'grantee');
  // Chromium restyles and relays out the whole page in every frame that adds a rule holding other rules (`@media`,
  // `@layer`, `@keyframes`), wherever it goes; plain rules cost next to nothing (app/emotion-layers.ts). Counted here:
  // the animation frames in which the page's style sheets got such a rule.
  await page.addInitScript(() => {
    const w = window as unknown as { __blockFrames: Set<number>; __frame: number };
    w.__blockFrames = new Set();
    w.__frame = 0;
    const tick = () => {
      w.__frame++;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    const watch = (proto: { insertRule(rule: string, index?: number): number }) => {
      const insertRule = proto.insertRule;
      proto.insertRule = function (this: unknown, rule: string, index?: number) {
        if (/^\s*@(media|layer\s+[\w.-]+\s*\{|keyframes|supports|container)/.test(rule)) w.__blockFrames.add(w.__frame);
        return insertRule.call(this, rule, index);
      };
    };
    watch(CSSStyleSheet.prototype);
    watch(CSSGroupingRule.prototype);
  });
  // A slow start: every chunk but the entry arrives a second late, so the loading view usually shows first — before the
  // cabinet layout has set up its blocks (seen on a loaded machine: its spinner's recipe rule was a block rule of its
  // own, a second frame; with the spinner as a recipe this check failed here on such a start).
  const late = /\/assets\/(?!index-)[^/]+\.js$/;
  await page.route(late, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue().catch(() => undefined); // the page went on meanwhile
  });
  for (const [path, ready] of [
    ['/tasks', page.getByTestId('task-row').first()],
    ['/projects/1?tab=rid', page.getByTestId('rid-card').first()],
  ] as const) {
    await page.goto(path);
    await expect(ready).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const frames = await page.evaluate(() => (window as unknown as { __blockFrames: Set<number> }).__blockFrames.size);
    // Before: 4–8 frames on each of these screens (a block for each component type's media and layer rules as it
    // first rendered). Now the empty blocks are made once, in one frame, and every rule goes into them as a plain rule.
    expect(frames, `${path}: frames that added block rules`).toBeLessThanOrEqual(1);
  }
  // Drawn by recipes: the tabs of the project and the switch of the compact view; a responsive style prop at work.
  await expect(page.getByRole('tab', { name: 'РИД' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'РИД' })).not.toHaveCSS('color', 'rgb(0, 0, 0)');
  await expect(page.getByRole('button', { name: 'Подать внеплановый РИД' })).not.toHaveCSS('background-color', TRANSPARENT);
  await context.close();
});

test('while data loads, the skeletons show and pulse and the spinner turns (1440 and 375 px)', async ({ page }) => {
  // Before: the cabinet put each of emotion's rules into its blocks as the browser had written it back, and Chromium
  // writes a shorthand with var() in it (Chakra's `background`, `animation`) as empty longhands, which it then refused:
  // the loading skeletons were transparent and still, the spinner did not turn (app/emotion-layers.ts).
  await signIn(page, 'grantee');
  // Nothing kept from an earlier load: each screen asks for its data and waits for it.
  await page.addInitScript(() => localStorage.removeItem('cabinet-query-cache'));
  // The screens' own data is held; the shell's calls (user, service message, notifications, counters) are not.
  const held = /\/hosts\/main\/.*\/(tasks|points|projects|questionnaire|templates|competitions)/i;
  await page.route(held, async (route) => {
    if (!route.request().url().includes('/maintance')) await new Promise((resolve) => setTimeout(resolve, 20_000));
    await route.continue().catch(() => undefined); // the test went on meanwhile
  });
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/projects');
    const skeleton = page.locator('.chakra-skeleton').first();
    await expect(skeleton).toBeVisible({ timeout: 30_000 });
    await expect(skeleton).not.toHaveCSS('background-color', TRANSPARENT);
    await expect(skeleton).toHaveCSS('animation-name', 'pulse');
    await screenshot(page, `loading-skeleton-${width}`);
    await page.goto('/tasks');
    const spinner = page.getByRole('status', { name: 'Загрузка' }).and(page.locator('.chakra-spinner'));
    await expect(spinner).toBeVisible({ timeout: 30_000 });
    await expect(spinner).toHaveCSS('animation-name', 'spin');
    await expect(spinner).not.toHaveCSS('border-top-color', TRANSPARENT);
  }
});
