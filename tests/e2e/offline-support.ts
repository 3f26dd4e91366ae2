import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../server/lib/free-port';
import path from 'node:path';

/**
 * Helpers of the offline, PWA and loss specs: a dedicated reference back end (fault injection there cannot disturb
 * other specs running at the same time), the offline layer's test hook, and reading the stash through the API.
 */
export const USER_IDS = { grantee: 7, user: 8, manager: 1 } as const;

export interface StashState {
  hash: string;
  values: Record<string, unknown>;
  seqs?: Record<string, number>;
  updatedAt: string | null;
}


export interface OwnServer {
  baseURL: string;
  /** Stops the server and returns the contract violations it recorded. */
  stop(): Promise<unknown[]>;
}

/**
 * Starts a reference back end of its own (in-memory database, test controls on) serving `distDir`, on a free port
 * or on `port` when the spec must know its address before it starts (test.use({ baseURL })).
 */
export async function startOwnServer(options: { distDir?: string; port?: number } = {}): Promise<OwnServer> {
  const port = options.port ?? (await freePort());
  const distDir = options.distDir ?? process.env.DIST_DIR ?? 'dist';
  const child: ChildProcess = spawn(path.resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: ':memory:', TEST_CONTROL: '1', SIGNING_MODE: 'demo', DIST_DIR: distDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const baseURL = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`reference server on ${port} exited: ${output}`);
    try {
      const response = await fetch(`${baseURL}/config.json`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 240_000) {
      child.kill('SIGTERM');
      throw new Error(`reference server on ${port} did not start: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    baseURL,
    async stop() {
      if (child.exitCode !== null) return [];
      const violations = await fetch(`${baseURL}/__test/violations`).then(
        (r) => r.json() as Promise<unknown[]>,
        () => [],
      );
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      });
      return violations;
    },
  };
}

/**
 * A reference back end of the spec's (or describe block's) own: started before its tests, stopped after them. Its
 * address is read once the tests run (`server.baseURL`).
 */
export function ownServerForSpec(): { readonly baseURL: string } {
  let server: OwnServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    server = await startOwnServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return {
    get baseURL() {
      if (!server) throw new Error('the own reference server is not started yet: read baseURL inside a test');
      return server.baseURL;
    },
  };
}

/** A token through the demo provider's code exchange, against any reference server. */
export async function tokenAt(request: APIRequestContext, baseURL: string, userId: number) {
  const response = await request.post(`${baseURL}/sso/authorize`, {
    form: { user_id: String(userId), redirect_uri: `${baseURL}/callback` },
    maxRedirects: 0,
  });
  const code = new URL(response.headers()['location']!).searchParams.get('code')!;
  const exchange = await request.get(`${baseURL}/hosts/main/v1/users/setcode?code=${code}`);
  expect(exchange.ok()).toBeTruthy();
  return ((await exchange.json()) as { result: { token: string; tokenExpireAt: number; renew_token: string } }).result;
}

/** Signs the context in (token in local storage before the app starts) and enables the offline test hook. */
export async function prepareContext(context: BrowserContext, baseURL: string, userId: number = USER_IDS.grantee) {
  const session = await tokenAt(context.request, baseURL, userId);
  await context.addInitScript((s) => {
    if (window.origin === 'null') return; // The project widget's sandboxed frame has no storage: the harness leaves it alone.
    localStorage.setItem('cabinet_e2e_hooks', '1');
    if (!localStorage.getItem('access_token')) {
      localStorage.setItem('access_token', s.token);
      localStorage.setItem('access_token_expires', String(s.tokenExpireAt * 1000));
      localStorage.setItem('renew_token', s.renew_token);
    }
  }, session);
  return session;
}

export async function stashAt(request: APIRequestContext, baseURL: string, token: string, hash: string): Promise<StashState> {
  const response = await request.get(`${baseURL}/hosts/main/v2/stash?hash=${encodeURIComponent(hash)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), `stash ${hash} → ${response.status()}`).toBeTruthy();
  return (await response.json()) as StashState;
}

export async function setFaults(request: APIRequestContext, baseURL: string, faults: unknown[]) {
  const response = await request.post(`${baseURL}/__test/faults`, { data: faults });
  expect(response.ok()).toBeTruthy();
}

export async function violationsAt(request: APIRequestContext, baseURL: string): Promise<unknown[]> {
  return (await (await request.get(`${baseURL}/__test/violations`)).json()) as unknown[];
}

/** Waits until the app has started its offline layer (the hook exists). */
export async function waitForHook(page: Page) {
  await page.waitForFunction(() => !!(window as unknown as { __offline?: unknown }).__offline, null, { timeout: 30_000 });
}

/** Waits until the page is controlled by the service worker (the first visit is claimed at activation). */
export async function waitForServiceWorker(page: Page, timeout = 30_000) {
  try {
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout });
  } catch (error) {
    // Says where the worker stopped (never registered, still installing, waiting, gone redundant), not only "timeout".
    const state = await page
      .evaluate(async () => {
        const registration = await navigator.serviceWorker?.getRegistration();
        if (!registration) return 'no registration';
        const { installing, waiting, active } = registration;
        return JSON.stringify({ installing: installing?.state ?? null, waiting: waiting?.state ?? null, active: active?.state ?? null });
      })
      .catch((e: unknown) => `unreadable: ${String(e)}`);
    throw new Error(`the page is not controlled by the service worker after ${timeout / 1000} s (${state})`, { cause: error });
  }
}

export interface HookState {
  status: string;
  pending: number;
  rejected: { field: string; message: string }[];
  online?: boolean;
  paused?: string | null;
}

type HookWindow = Window & {
  __offline: {
    store: {
      set(hash: string, field: string, value: unknown): void;
      remove(hash: string, field: string): void;
      clear(hash: string): Promise<void>;
      load(hash: string): Promise<Record<string, unknown>>;
      getState(hash?: string): HookState;
      flush(): Promise<void>;
      persistenceRequested: boolean;
    };
    setRequestTimeout(ms: number): void;
    recorded(): Promise<{ hash: string; field: string; seq: number; kind: string }[]>;
  };
};

export const hook = {
  set: (page: Page, hash: string, field: string, value: unknown) =>
    page.evaluate(([h, f, v]) => (window as unknown as HookWindow).__offline.store.set(h as string, f as string, v), [hash, field, value] as const),
  remove: (page: Page, hash: string, field: string) =>
    page.evaluate(([h, f]) => (window as unknown as HookWindow).__offline.store.remove(h, f), [hash, field] as const),
  load: (page: Page, hash: string) => page.evaluate((h) => (window as unknown as HookWindow).__offline.store.load(h), hash),
  state: (page: Page, hash?: string) => page.evaluate((h) => (window as unknown as HookWindow).__offline.store.getState(h ?? undefined), hash ?? null),
  flush: (page: Page) => page.evaluate(() => (window as unknown as HookWindow).__offline.store.flush()),
};

export type { HookWindow };

/** Seeded PRNG (mulberry32): the same seed replays the same run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The START-2026 application questionnaire (the offline and session specs type into it). */
export const QUESTIONNAIRE = '/programs/create/START-2026';

/**
 * Closes the questionnaire's first dialog (SPEC §2: it opens 1.5 s after the questionnaire). Closed as the user sees
 * it, by its state: in a context whose clock a test installed, the exit animation can end late and the closed dialog
 * lingers in the DOM, invisible, for a while.
 */
/** Closes the first dialog if it opens (it does on the first visit of a questionnaire only, SPEC §2). */
export async function dismissFirstDialog(page: Page) {
  // The form says whether its first dialog is still to come (data-first-dialog, form-root.tsx): no guessing by time.
  const form = page.locator('form[data-first-dialog]');
  const shown = await form.or(page.getByRole('alert')).first().waitFor({ timeout: 30_000 }).then(() => true, () => false);
  if (!shown || !(await form.count())) return;
  await expect(form).not.toHaveAttribute('data-first-dialog', 'pending', { timeout: 15_000 });
  if ((await form.getAttribute('data-first-dialog')) !== 'open') return;
  // The dialog's code may still be arriving; a dialog the test already closed is left alone.
  const button = page.getByRole('dialog').getByRole('button', { name: 'Понятно' });
  if (await button.waitFor({ timeout: 10_000 }).then(() => true, () => false)) await button.click();
  await expect(page.locator('[role="dialog"][data-state="open"]')).toHaveCount(0);
}

/** Opens the START-2026 questionnaire and closes its first dialog. */
export async function openQuestionnaire(page: Page) {
  await page.goto(QUESTIONNAIRE);
  await expect(page.getByTestId('save-state')).toBeVisible({ timeout: 30_000 });
  await dismissFirstDialog(page);
}
