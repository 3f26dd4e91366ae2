import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Sessions of arbitrary demo users (the generated ones, ids 100–155 of server/seed/users.ts), so that a test that
 * mutates a user (groups, tokens, profile, notifications) owns that user and runs independently of the others.
 */
export async function tokenForUserId(request: APIRequestContext, userId: number) {
  const base = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`;
  const response = await request.post('/sso/authorize', {
    form: { user_id: String(userId), redirect_uri: `${base}/callback` },
    maxRedirects: 0,
  });
  const location = response.headers()['location'];
  expect(location, 'the provider redirects with a code').toBeTruthy();
  const code = new URL(location!).searchParams.get('code')!;
  const exchange = await request.get(`/hosts/main/v1/users/setcode?code=${code}`);
  expect(exchange.ok()).toBeTruthy();
  return ((await exchange.json()) as { result: { token: string; tokenExpireAt: number; renew_token: string } }).result;
}

/** Puts the user's fresh token into local storage before the app starts (like fixtures.signIn, for any id). */
export async function signInAsUserId(page: Page, userId: number) {
  const result = await tokenForUserId(page.request, userId);
  await page.addInitScript((r) => {
    if (!localStorage.getItem('access_token')) {
      localStorage.setItem('access_token', r.token);
      localStorage.setItem('access_token_expires', String(r.tokenExpireAt * 1000));
      localStorage.setItem('renew_token', r.renew_token);
    }
  }, result);
  return result;
}

export const authHeader = (token: string) => ({ Authorization: `Bearer ${token}` });

/** No serious or critical axe-core findings (WCAG 2.1 AA) in what is on screen now, dialogs included. */
export async function expectAccessible(page: Page, label: string) {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
  expect(serious, `${label}: serious/critical axe violations`).toEqual([]);
}
