import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

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
export async function tokenFor(request: APIRequestContext, account: AccountKey | { userId: number }) {
  const userId = typeof account === 'string' ? USER_IDS[account] : account.userId;
  const response = await request.post('/sso/authorize', {
    form: { user_id: String(userId), redirect_uri: new URL('/callback', baseUrlOf(request)).toString() },
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

async function newTestUser(request: APIRequestContext, kind: 'task-owner' | 'applicant'): Promise<{ userId: number }> {
  const response = await request.post(`/__test/${kind}`);
  expect(response.ok(), `${kind} created: ${await response.text()}`).toBeTruthy();
  return (await response.json()) as { userId: number };
}

/**
 * A grantee of the test's own (POST /__test/task-owner): the demo grantee's own tasks and drafts copied for a new user,
 * which no other test changes.
 */
export const newTaskOwner = (request: APIRequestContext) => newTestUser(request, 'task-owner');

/** An applicant of the test's own with no application filed (POST /__test/applicant). */
export const newApplicant = (request: APIRequestContext) => newTestUser(request, 'applicant');

/** Signs in by putting a fresh token into local storage before the app starts. */
export async function signIn(page: Page, account: AccountKey | { userId: number }) {
  const result = await tokenFor(page.request, account);
  // Seeds the token once per tab: later navigations (after a logout or a 401) must not bring it back.
  await page.addInitScript((r) => {
    if (window.origin === 'null') return; // The project widget's sandboxed frame has no storage: the harness leaves it alone.
    if (!sessionStorage.getItem('__e2e_signed_in')) {
      sessionStorage.setItem('__e2e_signed_in', '1');
      localStorage.setItem('access_token', r.token);
      localStorage.setItem('access_token_expires', String(r.tokenExpireAt * 1000));
      localStorage.setItem('renew_token', r.renew_token);
    }
  }, result);
  return result;
}

/**
 * Waits until the page's network is quiet: no request of any frame in flight and none started or ended for 500 ms.
 * Used instead of waitForLoadState('networkidle'), which under load once waited out a whole test on a page whose
 * every request had ended (a11y «project, competition tab»). A request still open after 5 s without any other traffic
 * (a slow or hanging answer) ends the wait too: the caller's own assertions then say what is missing.
 */
export async function networkQuiet(page: Page, quietMs = 500) {
  const open = new Set<unknown>();
  let last = Date.now();
  const started = (request: unknown) => {
    open.add(request);
    last = Date.now();
  };
  const ended = (request: unknown) => {
    open.delete(request);
    last = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await expect
      .poll(() => Date.now() - last >= (open.size ? 5_000 : quietMs), { message: 'the network goes quiet', timeout: 30_000, intervals: [100] })
      .toBe(true);
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
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

/** The query cache is written to storage at most once a second (createSyncStoragePersister's throttleTime). */
export const PERSIST_THROTTLE_MS = 1_000;

/**
 * A negative that must hold over a time window, looked at all along the window (not a sleep and one look): e.g. no
 * second request after a double click, no cached query written back by the persister (at most one write a second).
 * Fails at the first breach.
 */
export async function expectThroughout<T>(read: () => Promise<T> | T, check: (value: T) => void, windowMs = PERSIST_THROTTLE_MS + 200) {
  const end = Date.now() + windowMs;
  for (;;) {
    check(await read());
    if (Date.now() >= end) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * What a screen showed is kept for offline reading: an answer that came after `since` (page time) is in the stored
 * query cache, and, with `copies`, at least that many task or questionnaire copies were written to IndexedDB after it
 * (durable-query.ts; a task's form keeps four: the task, its questionnaire, its data and its files; a read-only task
 * two; a new application's questionnaire one).
 */
export async function keptForOffline(page: Page, since: number, options: { copies?: number } = {}) {
  // Written after an answer that came after `since`: the screen's own data is in the stored cache.
  await expect
    .poll(
      () =>
        page.evaluate((after) => {
          const stored = JSON.parse(localStorage.getItem('cabinet-query-cache') ?? '{}') as {
            clientState?: { queries?: { state: { dataUpdatedAt: number } }[] };
          };
          return (stored.clientState?.queries ?? []).some((query) => query.state.dataUpdatedAt > after);
        }, since),
      { message: 'the query cache is written to storage' },
    )
    .toBe(true);
  const { copies = 0 } = options;
  if (!copies) return;
  await expect
    .poll(
      () =>
        page.evaluate(
          (after) =>
            new Promise<number>((resolve) => {
              const open = indexedDB.open('cabinet-offline');
              open.onerror = () => resolve(0);
              open.onsuccess = () => {
                const db = open.result;
                if (!db.objectStoreNames.contains('documents')) return resolve(0);
                const all = db.transaction('documents').objectStore('documents').getAll();
                all.onsuccess = () => resolve((all.result as { savedAt: number }[]).filter((row) => row.savedAt > after).length);
                all.onerror = () => resolve(0);
              };
            }),
          since,
        ),
      { message: `${copies} copies kept in IndexedDB` },
    )
    .toBeGreaterThanOrEqual(copies);
}

/** The page's clock now (the time the app stamps what it stores with). */
export const pageNow = (page: Page) => page.evaluate(() => Date.now());

/** Waits until the element's own and its children's animations (a dialog sliding in, a toast) have finished. */
export async function animationsDone(locator: Locator) {
  await locator.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => undefined))));
}

/**
 * Init script: turns on the app's test hooks (window.__offline…). Not in the project widget's frame, which is sandboxed
 * without storage (its documents throw on localStorage).
 */
export function enableTestHooks() {
  if (window.origin !== 'null') localStorage.setItem('cabinet_e2e_hooks', '1');
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `tests/screenshots/${name}.png`, fullPage: false });
}

/** Chromium does not hand multipart bodies with files to Playwright: the app's own fetch records what it sends. */
export async function recordSentForms(page: Page) {
  await page.addInitScript(() => {
    if (window.origin === 'null') return; // The project widget's sandboxed frame has no storage: the harness leaves it alone.
    const original = window.fetch.bind(window);
    (window as unknown as { sentForms: unknown[] }).sentForms = [];
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (request.url.includes('/hosts/support/messages')) {
        const form = await request.clone().formData();
        (window as unknown as { sentForms: unknown[] }).sentForms.push(
          [...form.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : `file:${value.name}:${value.size}`]),
        );
      }
      return original(input as RequestInfo, init);
    };
  });
}

/** Opens the START-2026 questionnaire and closes the instructions that open by themselves on the first visit. */
export async function openQuestionnaireFirstVisit(page: Page) {
  await page.goto('/programs/create/START-2026');
  await expect(page.getByText('Введенные данные сохраняются автоматически')).toBeVisible({ timeout: 30_000 });
  const dialog = page.locator('[role="dialog"][data-state="open"]');
  await expect(dialog).toBeVisible({ timeout: 6_000 });
  await dialog.getByRole('button', { name: 'Понятно' }).click();
  await expect(dialog).toHaveCount(0);
}
