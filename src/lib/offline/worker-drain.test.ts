import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { Connectivity } from './connectivity';
import { FakeStashServer } from './fake-stash';
import { OfflineDraftStore } from './offline-draft-store';
import { isUnsent, rowsOfUser } from './outbox';
import { localLocks } from './replayer';
import { openOfflineDb } from './schema';
import { drainFromWorker } from './worker-drain';
import { keepNotificationCount, keepWorkerSession, takeWorkerSent } from './worker-session';

/**
 * The service worker's drain (DESIGN.md "Background send") in Node: edits a page left on the device, a token kept for
 * the worker, and a fake main API answering over fetch — who the token belongs to, the stash writes.
 */
let counter = 0;
const stores: OfflineDraftStore[] = [];
afterEach(() => stores.splice(0).forEach((s) => s.dispose()));

const API = 'http://api.test/hosts/main';
const NOW = 1_750_000_000_000;

/** The main API as far as the worker uses it; tokens name their user, an unknown or revoked one gets 401. */
class FakeApi {
  readonly tokens = new Map<string, number>([
    ['token-7', 7],
    ['token-8', 8],
  ]);
  readonly writes: { user: number; field: string; value: unknown }[] = [];
  readonly seenTokens: string[] = [];
  unreachable = false;

  fetch = async (request: Request): Promise<Response> => {
    if (this.unreachable) throw new TypeError('Failed to fetch');
    const token = (request.headers.get('Authorization') ?? '').replace(/^Bearer /, '');
    this.seenTokens.push(token);
    const user = this.tokens.get(token);
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (user === undefined) return json(401, { name: 'Unauthorized', message: 'Токен недействителен', status: 401 });
    const url = new URL(request.url);
    if (url.pathname.endsWith('/v1/users/info')) return json(200, { id: user, firstname: 'Тест' });
    if (url.pathname.endsWith('/v2/stash') && request.method === 'POST') {
      const body = (await request.json()) as { hash: string; field: string; value: unknown };
      if (!body.hash.startsWith(String(user))) return json(403, { name: 'Forbidden', message: 'Чужой черновик', status: 403 });
      this.writes.push({ user, field: body.field, value: body.value });
      return json(200, { success: true });
    }
    return json(404, { name: 'Not Found', message: 'Нет такого вызова', status: 404 });
  };
}

/** A page that typed offline: its edits are on the device (the page's own server never answered). */
async function pageLeftEdits(dbName: string, edits: [hash: string, field: string, value: string][]) {
  const offline = new FakeStashServer();
  offline.offline = true;
  const transport = offline.transport();
  const page = new OfflineDraftStore({
    transport,
    openDb: () => openOfflineDb({ name: dbName }),
    locks: localLocks(),
    hasToken: () => true,
    connectivity: new Connectivity({ whoAmI: (signal) => transport.whoAmI(signal) }),
    now: () => NOW,
  });
  stores.push(page);
  for (const [hash, field, value] of edits) page.set(hash, field, value);
  await page.flush();
  page.dispose();
}

function drain(dbName: string, api: FakeApi, now = NOW) {
  const badge: number[] = [];
  return drainFromWorker({ openDb: () => openOfflineDb({ name: dbName }), fetch: api.fetch, locks: localLocks(), channel: null, now: () => now, setBadge: async (n) => void badge.push(n) }).then(
    (result) => ({ result, badge }),
  );
}

async function unsentOf(dbName: string, userId: number) {
  const db = await openOfflineDb({ name: dbName });
  try {
    return (await rowsOfUser(db, userId)).filter(isUnsent).map((r) => r.field);
  } finally {
    db.close();
  }
}

async function withDb<T>(dbName: string, work: (db: Awaited<ReturnType<typeof openOfflineDb>>) => Promise<T>): Promise<T> {
  const db = await openOfflineDb({ name: dbName });
  try {
    return await work(db);
  } finally {
    db.close();
  }
}

describe('the service worker drains the outbox with the owner\'s token only (DESIGN.md "Background send")', () => {
  it('sends every edit the page left, with the kept token, says what it sent once, and sets the badge', async () => {
    const name = `worker-test-${++counter}`;
    await pageLeftEdits(name, [
      ['7questionnaireSTART-2026', 'ST_PROJECT_NAME|0|0', 'Проект из поезда'],
      ['7questionnaireSTART-2026', 'ST_BRAND|0|0', 'Марка'],
      ['7questionnaire30', 'ST_ADDRESS|0|0', 'г. Томск'],
    ]);
    await withDb(name, async (db) => {
      await keepWorkerSession(db, { userId: 7, token: 'token-7', expiresAt: NOW + 3_600_000, apiMain: API });
      await keepNotificationCount(db, 2);
    });
    const api = new FakeApi();
    const { result, badge } = await drain(name, api);
    expect(result).toMatchObject({ userId: 7, edits: 3, files: 0, left: 0 });
    expect(api.writes.map((w) => w.value).sort()).toEqual(['Марка', 'Проект из поезда', 'г. Томск']);
    expect(new Set(api.seenTokens)).toEqual(new Set(['token-7']));
    expect(await unsentOf(name, 7)).toEqual([]);
    // Unread notifications stay on the badge; nothing of the outbox is left.
    expect(badge).toEqual([2]);
    expect(await withDb(name, (db) => takeWorkerSent(db, 7))).toMatchObject({ userId: 7, edits: 3, files: 0 });
    expect(await withDb(name, (db) => takeWorkerSent(db, 7))).toBeNull();
  });

  it('an expired token: nothing is sent, nothing is lost', async () => {
    const name = `worker-test-${++counter}`;
    await pageLeftEdits(name, [['7questionnaireSTART-2026', 'ST_PROJECT_NAME|0|0', 'Не ушло']]);
    await withDb(name, (db) => keepWorkerSession(db, { userId: 7, token: 'token-7', expiresAt: NOW - 1, apiMain: API }));
    const api = new FakeApi();
    const { result } = await drain(name, api);
    expect(result).toMatchObject({ skipped: 'expired', edits: 0 });
    expect(api.seenTokens).toEqual([]);
    expect(await unsentOf(name, 7)).toEqual(['ST_PROJECT_NAME|0|0']);
  });

  it('a token the server refuses (401): the drain stops, every row stays for the page after sign-in', async () => {
    const name = `worker-test-${++counter}`;
    await pageLeftEdits(name, [
      ['7questionnaireSTART-2026', 'a|0|0', 'один'],
      ['7questionnaireSTART-2026', 'b|0|0', 'два'],
    ]);
    await withDb(name, (db) => keepWorkerSession(db, { userId: 7, token: 'token-7', expiresAt: null, apiMain: API }));
    const api = new FakeApi();
    api.tokens.delete('token-7');
    const { result } = await drain(name, api);
    expect(result).toMatchObject({ edits: 0, left: 2, paused: true });
    expect(api.writes).toEqual([]);
    expect((await unsentOf(name, 7)).sort()).toEqual(['a|0|0', 'b|0|0']);
  });

  it('no token kept (signed out, or another token not yet proved): nothing is tried', async () => {
    const name = `worker-test-${++counter}`;
    await pageLeftEdits(name, [['7questionnaireSTART-2026', 'a|0|0', 'один']]);
    const api = new FakeApi();
    const { result } = await drain(name, api);
    expect(result).toMatchObject({ skipped: 'no-session' });
    expect(api.seenTokens).toEqual([]);
  });

  it('another user signed in on the device: the first user\'s rows never go with the second user\'s token', async () => {
    const name = `worker-test-${++counter}`;
    await pageLeftEdits(name, [['7questionnaireSTART-2026', 'ST_PROJECT_NAME|0|0', 'Черновик Петрова']]);
    await withDb(name, (db) => keepWorkerSession(db, { userId: 8, token: 'token-8', expiresAt: null, apiMain: API }));
    const api = new FakeApi();
    const { result } = await drain(name, api);
    expect(result).toMatchObject({ userId: 8, edits: 0, left: 0 });
    expect(api.writes).toEqual([]);
    expect(await unsentOf(name, 7)).toEqual(['ST_PROJECT_NAME|0|0']);
  });

  it('a token kept as one user\'s that the server says is another\'s: only that other user\'s rows could go', async () => {
    const name = `worker-test-${++counter}`;
    await pageLeftEdits(name, [['7questionnaireSTART-2026', 'ST_PROJECT_NAME|0|0', 'Черновик Петрова']]);
    // A record naming user 7 with user 8's token (a page that wrote it wrong): the server's answer decides.
    await withDb(name, (db) => keepWorkerSession(db, { userId: 7, token: 'token-8', expiresAt: null, apiMain: API }));
    const api = new FakeApi();
    await drain(name, api);
    expect(api.writes).toEqual([]);
    expect(await unsentOf(name, 7)).toEqual(['ST_PROJECT_NAME|0|0']);
  });

  it('no network for the worker: rows stay, the next event or the page sends them', async () => {
    const name = `worker-test-${++counter}`;
    await pageLeftEdits(name, [['7questionnaireSTART-2026', 'a|0|0', 'один']]);
    await withDb(name, (db) => keepWorkerSession(db, { userId: 7, token: 'token-7', expiresAt: null, apiMain: API }));
    const api = new FakeApi();
    api.unreachable = true;
    const { result } = await drain(name, api);
    expect(result).toMatchObject({ edits: 0, left: 1 });
    api.unreachable = false;
    expect((await drain(name, api)).result).toMatchObject({ edits: 1, left: 0 });
  });
});
