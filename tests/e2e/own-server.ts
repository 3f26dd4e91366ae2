import type { Page } from '@playwright/test';
import { startOwnServer, tokenAt, type OwnServer } from './offline-support';

/**
 * A private reference back end at a port known before it starts (E2E_PORT + offset, for test.use({ baseURL })), for a
 * spec that changes data other spec files read at the same time (hostile texts, repeated submissions).
 */
export type { OwnServer };

/** The address of the private back end. */
export const ownServerBase = (offset: number) => `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + offset}`;

export const startOwnServerAt = (offset: number) => startOwnServer({ port: Number(new URL(ownServerBase(offset)).port) });

export const DEMO_IDS = { manager: 1, admin: 2, monitor: 4, expert: 5, grantee: 7, user: 8 } as const;

/** Puts a fresh token of the user into local storage before the app starts; returns the token. */
export async function signInAt(page: Page, base: string, userId: number): Promise<string> {
  const result = await tokenAt(page.request, base, userId);
  await page.addInitScript((r) => {
    if (window.origin === 'null') return; // The project widget's sandboxed frame has no storage: the harness leaves it alone.
    if (!localStorage.getItem('access_token')) {
      localStorage.setItem('access_token', r.token);
      localStorage.setItem('access_token_expires', String(r.tokenExpireAt * 1000));
      localStorage.setItem('renew_token', r.renew_token);
    }
  }, result);
  return result.token;
}
