import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Demo accounts of the reference back end (server/seed/users.ts), by role. */
export const ACCOUNTS = {
  manager: { login: 'manager', name: 'Соколова Анна Викторовна', roleId: 1 },
  admin: { login: 'admin', name: 'Орлов Дмитрий Сергеевич', roleId: 2 },
  contestAdmin: { login: 'contest-admin', name: 'Кузнецова Елена Павловна', roleId: 3 },
  monitor: { login: 'monitor', name: 'Морозов Игорь Андреевич', roleId: 4 },
  expert: { login: 'expert', name: 'Волкова Мария Николаевна', roleId: 5 },
  grantee: { login: 'grantee', name: 'Петров Алексей Иванович', roleId: 7 },
  user: { login: 'user', name: 'Иванова Ольга Сергеевна', roleId: 8 },
  monitorExternal: { login: 'monitor-ext', name: 'Лебедев Павел Олегович', roleId: 10 },
  noRole: { login: 'no-role', name: 'Смирнов Николай Петрович', roleId: null },
} as const;
export type AccountKey = keyof typeof ACCOUNTS;

const USER_IDS: Record<AccountKey, number> = {
  manager: 1, admin: 2, contestAdmin: 3, monitor: 4, expert: 5, grantee: 7, user: 8, monitorExternal: 10, noRole: 11,
};

/** Signs in through the real sign-on flow: /login → "Войти" → demo provider → chosen user → /callback. */
export async function signInThroughUi(page: Page, account: AccountKey) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.getByRole('button', { name: new RegExp(ACCOUNTS[account].name) }).first().click();
  await page.waitForURL((url) => !url.pathname.startsWith('/callback') && !url.pathname.startsWith('/login') && !url.pathname.startsWith('/sso'));
}

/** Gets a token through the provider's code exchange over HTTP (fast path for tests that are not about sign-in). */
export async function tokenFor(request: APIRequestContext, account: AccountKey) {
  const response = await request.post('/sso/authorize', {
    form: { user_id: String(USER_IDS[account]), redirect_uri: new URL('/callback', baseUrlOf(request)).toString() },
    maxRedirects: 0,
  });
  const location = response.headers()['location'];
  expect(location, 'the provider redirects with a code').toBeTruthy();
  const code = new URL(location!).searchParams.get('code')!;
  const exchange = await request.get(`/hosts/main/v1/users/setcode?code=${code}`);
  expect(exchange.ok()).toBeTruthy();
  const body = (await exchange.json()) as { result: { token: string; tokenExpireAt: number; renew_token: string } };
  return body.result;
}

function baseUrlOf(request: APIRequestContext): string {
  // APIRequestContext has no public baseURL getter; the config's baseURL is mirrored here.
  void request;
  return `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`;
}

/** Signs in by putting a fresh token into local storage before the app starts. */
export async function signIn(page: Page, account: AccountKey) {
  const result = await tokenFor(page.request, account);
  // Seeds the token once per tab: later navigations (after a logout or a 401) must not bring it back.
  await page.addInitScript((r) => {
    if (!sessionStorage.getItem('__e2e_signed_in')) {
      sessionStorage.setItem('__e2e_signed_in', '1');
      localStorage.setItem('access_token', r.token);
      localStorage.setItem('access_token_expires', String(r.tokenExpireAt * 1000));
      localStorage.setItem('renew_token', r.renew_token);
    }
  }, result);
  return result;
}

/** Authorised call to a reference back-end host, for checks "through the API, not the UI". */
export async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path} → ${response.status()}`).toBeTruthy();
  return (await response.json()) as T;
}

/**
 * Faults of the reference back end (server/lib/faults.ts): status, delayMs, malformed, timeout, mutate
 * ('drop-fields' | 'wrong-types' | 'empty-list' | 'huge-list', count), times. With a token they apply only to that
 * sign-in's requests and replace only its own faults (safe beside tests running in parallel).
 */
export async function injectFaults(request: APIRequestContext, faults: unknown[], token?: string) {
  const response = await request.post(`/__test/faults${token ? `?token=${encodeURIComponent(token)}` : ''}`, { data: faults });
  expect(response.ok(), `faults accepted: ${await response.text()}`).toBeTruthy();
}

export async function clearFaults(request: APIRequestContext, token?: string) {
  await request.delete(`/__test/faults${token ? `?token=${encodeURIComponent(token)}` : ''}`);
}

/** Fails the test when the reference back end answered anything that violates the OpenAPI specs. */
export async function expectNoContractViolations(request: APIRequestContext) {
  const response = await request.get('/__test/violations');
  expect(await response.json()).toEqual([]);
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `tests/screenshots/${name}.png`, fullPage: false });
}
