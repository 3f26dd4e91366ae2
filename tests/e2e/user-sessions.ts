import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

/**
 * Sessions of arbitrary demo users (the generated ones, ids 100–155 of server/seed/users.ts), so that a test that
 * mutates a user (groups, tokens, profile, notifications) owns that user and runs independently of the others.
 */
export async function tokenForUserId(request: APIRequestContext, userId: number, base = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`) {
  const response = await request.post(`${base}/sso/authorize`, {
    form: { user_id: String(userId), redirect_uri: `${base}/callback` },
    maxRedirects: 0,
  });
  const location = response.headers()['location'];
  expect(location, 'the provider redirects with a code').toBeTruthy();
  const code = new URL(location!).searchParams.get('code')!;
  const exchange = await request.get(`${base}/hosts/main/v1/users/setcode?code=${code}`);
  expect(exchange.ok()).toBeTruthy();
  return ((await exchange.json()) as { result: { token: string; tokenExpireAt: number; renew_token: string } }).result;
}

/** Puts the user's fresh token into local storage before the app starts (like fixtures.signIn, for any id). */
export async function signInAsUserId(page: Page, userId: number) {
  const result = await tokenForUserId(page.request, userId);
  await page.addInitScript((r) => {
    if (window.origin === 'null') return; // The project widget's sandboxed frame has no storage: the harness leaves it alone.
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

/** Signs in through the demo provider's page as any user (generated ones are under "Все пользователи"). */
export async function signInThroughProvider(page: Page, userId: number) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL(/\/sso\/authorize/);
  const button = page.locator(`button[name="user_id"][value="${userId}"]`);
  if (!(await button.isVisible())) await page.locator('details > summary').click();
  await button.click();
  await page.waitForURL((url) => !/^\/(callback|login|sso)/.test(url.pathname), { timeout: 30_000 });
}

export interface SessionResult {
  token: string;
  tokenExpireAt: number;
  renew_token: string;
}

/** Stores a session like the app does after sign-in (SPEC §3 keys), on the page's origin; the next load uses it. */
export async function storeSession(page: Page, result: SessionResult, options: { renew?: boolean } = {}) {
  await page.evaluate(
    ([r, renew]) => {
      localStorage.setItem('access_token', r.token);
      localStorage.setItem('access_token_expires', String(r.tokenExpireAt * 1000));
      if (renew) localStorage.setItem('renew_token', r.renew_token);
      else localStorage.removeItem('renew_token');
    },
    [result, options.renew !== false] as const,
  );
}

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  status?: number;
  fromServiceWorker: boolean;
}

/**
 * Everything the browser context sends (pages and service worker, with the headers really sent) and everything the
 * pages print to the console — to prove what never appears there.
 */
export function recordTraffic(context: BrowserContext) {
  const requests: RecordedRequest[] = [];
  const pending: Promise<unknown>[] = [];
  const consoleLines: string[] = [];
  context.on('request', (request) => {
    const entry: RecordedRequest = { url: request.url(), method: request.method(), headers: {}, fromServiceWorker: !!request.serviceWorker() };
    requests.push(entry);
    pending.push(
      request
        .allHeaders()
        .then((headers) => (entry.headers = headers))
        .catch(() => (entry.headers = request.headers())),
    );
    pending.push(
      request
        .response()
        .then((response) => (entry.status = response?.status()))
        .catch(() => undefined),
    );
  });
  const watch = (page: Page) => {
    page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => consoleLines.push(`pageerror: ${error.message}\n${error.stack ?? ''}`));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return {
    requests,
    console: consoleLines,
    /** Waits for the headers and statuses of everything recorded so far. */
    settle: async () => {
      await Promise.all(pending.splice(0));
    },
  };
}

/** Every string the page keeps in local and session storage, IndexedDB and the Cache Storage keys (URLs). */
export async function storedTexts(page: Page) {
  return page.evaluate(async () => {
    const local = Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k) ?? '']));
    const session = Object.fromEntries(Object.keys(sessionStorage).map((k) => [k, sessionStorage.getItem(k) ?? '']));
    const idb: Record<string, string> = {};
    // The one place IndexedDB may hold the access token: the record the page keeps for the service worker's Background
    // Sync (src/lib/offline/worker-session.ts), read apart so that the token anywhere else is still caught.
    let workerSession: Record<string, unknown> | null = null;
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store, 'readonly').objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result as unknown[]);
          request.onerror = () => reject(request.error);
        });
        const kept = info.name === 'cabinet-offline' && store === 'meta' ? rows.filter((row) => (row as { key?: string }).key !== 'worker-session') : rows;
        if (kept.length !== rows.length) workerSession = (rows.find((row) => (row as { key?: string }).key === 'worker-session') as { value: Record<string, unknown> }).value;
        idb[`${info.name}/${store}`] = JSON.stringify(kept);
      }
      db.close();
    }
    const cacheUrls: string[] = [];
    if ('caches' in self) {
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) cacheUrls.push(`${name} ${request.url}`);
      }
    }
    return { local, session, idb, workerSession, cacheUrls };
  });
}

/** Rows of the offline draft store (IndexedDB "cabinet-offline") that belong to a user: outbox, mirror, drafts. */
export async function offlineRowsOf(page: Page, userId: number) {
  return page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('cabinet-offline');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const counts: Record<string, number> = {};
    for (const store of ['outbox', 'mirror', 'drafts']) {
      if (!db.objectStoreNames.contains(store)) continue;
      const rows = await new Promise<{ userId: number }[]>((resolve, reject) => {
        const request = db.transaction(store, 'readonly').objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result as { userId: number }[]);
        request.onerror = () => reject(request.error);
      });
      counts[store] = rows.filter((row) => row.userId === id).length;
    }
    db.close();
    return counts;
  }, userId);
}

/** The persisted query cache (localStorage "cabinet-query-cache"): each query's key and its data as text. */
export async function persistedQueries(page: Page) {
  const raw = await page.evaluate(() => localStorage.getItem('cabinet-query-cache'));
  if (!raw) return [];
  const parsed = JSON.parse(raw) as { clientState?: { queries?: { queryKey: unknown[]; state: { data: unknown } }[] } };
  return (parsed.clientState?.queries ?? []).map((q) => ({ key: JSON.stringify(q.queryKey), data: JSON.stringify(q.state.data) }));
}

/** The administrator ends every session of a user (SPEC §6 "refresh a user's token"); answers a new token of the user, signed in again. */
export async function revokeSessions(request: APIRequestContext, adminToken: string, userId: number) {
  const response = await request.post(`/hosts/main/v1/users/${userId}/refresh-token`, { headers: authHeader(adminToken) });
  expect(response.ok(), `refresh-token ${userId}`).toBeTruthy();
  // The answer carries no token (openapi User): the test signs the user in again, on the same server, for a live one.
  return (await tokenForUserId(request, userId, new URL(response.url()).origin)).token;
}
