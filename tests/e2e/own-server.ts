import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A private reference back end (in-memory database, test controls on) for a spec that changes data other spec
 * files read at the same time (hostile texts, repeated submissions). The port is E2E_PORT + offset.
 */
export interface OwnServer {
  base: string;
  stop(): Promise<unknown[]>;
}

/** The address of the private back end (known before it starts, for test.use({ baseURL })). */
export const ownServerBase = (offset: number) => `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + offset}`;

export async function startOwnServer(offset: number): Promise<OwnServer> {
  const base = ownServerBase(offset);
  const port = Number(new URL(base).port);
  const child: ChildProcess = spawn('node_modules/.bin/tsx', ['server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: ':memory:', TEST_CONTROL: '1', SIGNING_MODE: 'demo' },
    stdio: 'ignore',
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the private back end on ${port} exited with ${child.exitCode}`);
    if (await fetch(`${base}/config.json`).then((r) => r.ok, () => false)) break;
    if (Date.now() - started > 200_000) throw new Error(`the private back end on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    /** Stops the server and returns the contract violations it saw. */
    async stop() {
      const violations = (await (await fetch(`${base}/__test/violations`)).json()) as unknown[];
      child.kill('SIGTERM');
      return violations;
    },
  };
}

export const DEMO_IDS = { manager: 1, admin: 2, monitor: 4, expert: 5, grantee: 7, user: 8 } as const;

export async function tokenAt(request: APIRequestContext, base: string, userId: number) {
  const response = await request.post(`${base}/sso/authorize`, {
    form: { user_id: String(userId), redirect_uri: `${base}/callback` },
    maxRedirects: 0,
  });
  const code = new URL(response.headers()['location']!).searchParams.get('code')!;
  const exchange = await request.get(`${base}/hosts/main/v1/users/setcode?code=${code}`);
  expect(exchange.ok()).toBeTruthy();
  return ((await exchange.json()) as { result: { token: string; tokenExpireAt: number; renew_token: string } }).result;
}

/** Puts a fresh token of the user into local storage before the app starts; returns the token. */
export async function signInAt(page: Page, base: string, userId: number): Promise<string> {
  const result = await tokenAt(page.request, base, userId);
  await page.addInitScript((r) => {
    if (!localStorage.getItem('access_token')) {
      localStorage.setItem('access_token', r.token);
      localStorage.setItem('access_token_expires', String(r.tokenExpireAt * 1000));
      localStorage.setItem('renew_token', r.renew_token);
    }
  }, result);
  return result.token;
}
