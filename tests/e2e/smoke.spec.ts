import { expect, test, type Page } from '@playwright/test';
import { signInThroughUi } from './fixtures';

/**
 * The built app starts (issue "dependency upgrades as a routine"): run first, as its own Playwright project that every
 * other spec depends on (playwright.config.ts), so a dead build — a Chakra release the build-time patches did not
 * expect, a token dictionary that cannot be made — fails the e2e run in a minute instead of at its end. It signs in
 * through the real sign-on flow and looks at the styles, not just the texts: a build can show its words unstyled.
 */
const START_FAILED = 'Личный кабинет не может запуститься';

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** The theme's finished tokens reached the page as CSS variables, and a component got its recipe's styles. */
async function styled(page: Page, selector: string) {
  return page.evaluate((s) => {
    const root = getComputedStyle(document.documentElement);
    const element = document.querySelector(s);
    const own = element ? getComputedStyle(element) : null;
    return {
      token: root.getPropertyValue('--chakra-colors-blue-600').trim(),
      spacing: root.getPropertyValue('--chakra-spacing-4').trim(),
      background: own?.backgroundColor ?? '',
      radius: own ? parseFloat(own.borderTopLeftRadius) : 0,
      font: getComputedStyle(document.body).fontFamily,
    };
  }, selector);
}

test('the sign-in page starts with its styles', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/login');
  const signIn = page.getByRole('button', { name: 'Войти' });
  await expect(signIn).toBeVisible();
  await expect(page.getByText(START_FAILED)).toHaveCount(0);
  const styles = await styled(page, 'button');
  expect(styles.token, 'the token dictionary made no CSS variables').not.toBe('');
  expect(styles.spacing).toBe('1rem');
  expect(styles.background, 'the button has no recipe background').not.toMatch(/^(rgba\(0, 0, 0, 0\)|transparent)$/);
  expect(styles.radius, 'the button has no recipe radius').toBeGreaterThan(0);
  expect(styles.font).not.toMatch(/^"?Times/);
  expect(errors).toEqual([]);
});

test('a signed-in screen starts with its menu, heading and styles', async ({ page }) => {
  const errors = collectErrors(page);
  await signInThroughUi(page, 'grantee');
  const nav = page.getByRole('navigation', { name: 'Главное меню' });
  await expect(nav).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(START_FAILED)).toHaveCount(0);
  expect((await nav.boundingBox())?.width, 'the menu lost its width: the layout styles are missing').toBe(288);
  const styles = await styled(page, 'header button');
  expect(styles.token).not.toBe('');
  expect(styles.radius).toBeGreaterThan(0);
  // A screen's own requests may fail in a test environment only by design; a thrown error never.
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});
