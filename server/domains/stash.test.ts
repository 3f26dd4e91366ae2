import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { Db } from '../lib/db';
import { routerHandlers } from '../lib/operations';
import { registerOpenApi, type ContractViolation } from '../lib/router';
import { createServices, type Services } from '../lib/services';
import { seedUsers } from '../seed/users';
import { authenticator, issueToken } from './auth';
import { stashHandlers } from './stash';
import { postgresMissing, startPostgres, type TestPostgres } from '../lib/test-postgres';

/**
 * The stash ordering contract of openapi/main.yaml (opId idempotency, seq ordering, clear, per-user keys), through
 * the spec-validating router with only the demo users seeded (fast: no other domain's data is needed), on both
 * databases: embedded PGlite and a PostgreSQL server (a throw-away cluster; skipped, with the reason, where Debian's
 * PostgreSQL binaries are absent).
 */
const missing = postgresMissing();
if (missing) console.warn(`Draft store on PostgreSQL skipped: ${missing}`);
const DATABASES = [
  { name: 'PGlite', url: false, skip: null },
  { name: 'PostgreSQL', url: true, skip: missing },
];

for (const database of DATABASES) {
  if (database.skip) {
    describe(`stash on ${database.name}`, () => it.skip(`skipped: ${database.skip}`, () => undefined));
    continue;
  }
  let pgServer: TestPostgres | undefined;
  let app: FastifyInstance;
  let services: Services;
  const violations: ContractViolation[] = [];
  const tokens: Record<number, string> = {};

  async function tokenOf(userId: number): Promise<string> {
    tokens[userId] ??= (await issueToken(services, userId)).result.token;
    return tokens[userId];
  }

  async function call(userId: number, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
    const response = await app.inject({
      method,
      url: `/hosts/main${url}`,
      headers: { authorization: `Bearer ${await tokenOf(userId)}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  }

  const set = (hash: string, field: string, value: unknown, opId?: string, seq?: number, userId = 7) =>
    call(userId, 'POST', '/v2/stash', { hash, field, value, ...(opId ? { opId } : {}), ...(seq !== undefined ? { seq } : {}) });
  const get = async (hash: string, userId = 7) => (await call(userId, 'GET', `/v2/stash?hash=${encodeURIComponent(hash)}`)).body;

  beforeAll(async () => {
    if (database.url) pgServer = await startPostgres();
    const db = await Db.open({ dataDir: null, url: pgServer ? await pgServer.createDatabase('stash') : null });
    services = createServices(db, { tokenTtlSeconds: 3600 });
    await seedUsers(services);
    app = Fastify();
    registerOpenApi(app, { handlers: routerHandlers(stashHandlers(services)), authenticate: authenticator(services), faults: [], violations, missing: [] });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await services?.db.close();
    await pgServer?.stop();
  });

  describe(`stash on ${database.name}`, () => {
    it('stores any JSON value per field and answers an unknown hash with empty values', async () => {
      expect(await get('7questionnaireEMPTY')).toMatchObject({ hash: '7questionnaireEMPTY', values: {}, updatedAt: null });
      const values = { s: 'текст', n: 42, b: false, nul: null, arr: [{ value: 'a', groupIndex: 0 }], obj: { a: [1, 2] } };
      for (const [field, value] of Object.entries(values)) expect((await set('7questionnaireA', field, value)).status).toBe(200);
      const state = await get('7questionnaireA');
      expect(state.values).toEqual(values);
      expect(typeof state.updatedAt).toBe('string');
    });

    it('applies a repeated opId once and refuses a write that is not newer than the stored seq', async () => {
      const hash = '7questionnaireSEQ';
      expect((await set(hash, 'f', 'v1', 'op-1', 10)).status).toBe(200);
      expect((await set(hash, 'f', 'v2', 'op-2', 20)).body).toMatchObject({ success: true, seq: 20, opId: 'op-2' });
      // A retry of op-1 after op-2 was accepted: idempotent, and the newer value stays.
      expect((await set(hash, 'f', 'v1', 'op-1', 10)).status).toBe(200);
      // A delayed older write with a new opId: refused.
      expect((await set(hash, 'f', 'stale', 'op-0', 5)).status).toBe(409);
      expect((await set(hash, 'f', 'same-seq', 'op-3', 20)).status).toBe(409);
      const state = await get(hash);
      expect(state.values).toEqual({ f: 'v2' });
      expect(state.seqs).toEqual({ f: 20 });
      // Writes without seq always apply.
      expect((await set(hash, 'f', 'plain')).status).toBe(200);
      expect((await get(hash)).values).toEqual({ f: 'plain' });
      expect((await set(hash, 'f', 'stale-again', 'op-4', 15)).status).toBe(409);
    });

    it('orders deletes and clears like writes', async () => {
      const hash = '7questionnaireDEL';
      await set(hash, 'a', 1, 'd-1', 100);
      await set(hash, 'b', 2, 'd-2', 101);
      expect((await call(7, 'DELETE', `/v2/stash/field?hash=${hash}&field=a&opId=d-3&seq=102`)).status).toBe(200);
      expect((await set(hash, 'a', 'late', 'd-0', 99)).status).toBe(409);
      expect((await get(hash)).values).toEqual({ b: 2 });

      // A clear removes older fields; a field written by a newer operation survives it.
      await set(hash, 'c', 3, 'd-4', 200);
      expect((await call(7, 'POST', '/v2/stash/clear', { hash, opId: 'd-5', seq: 150 })).status).toBe(200);
      expect((await get(hash)).values).toEqual({ c: 3 });
      expect((await set(hash, 'b', 'before-clear', 'd-6', 140)).status).toBe(409);
      expect((await set(hash, 'b', 'after-clear', 'd-7', 151)).status).toBe(200);
      expect((await call(7, 'POST', '/v2/stash/clear', { hash, opId: 'd-8', seq: 150 })).status).toBe(409);
      expect((await call(7, 'POST', '/v2/stash/clear', { hash, opId: 'd-5', seq: 150 })).status).toBe(200);
      expect((await call(7, 'POST', '/v2/stash/clear', { hash })).status).toBe(200);
      expect((await get(hash)).values).toEqual({});
    });

    it('keeps drafts per user and refuses keys of another user', async () => {
      expect((await set('8questionnaireX', 'f', 'чужое')).status).toBe(403);
      expect((await call(7, 'GET', '/v2/stash?hash=8questionnaireX')).status).toBe(403);
      expect((await set('8questionnaireX', 'f', 'своё', undefined, undefined, 8)).status).toBe(200);
      expect((await get('8questionnaireX', 8)).values).toEqual({ f: 'своё' });
    });

    it('refuses an oversized value with a field message', async () => {
      const response = await set('7questionnaireBIG', 'huge', 'x'.repeat(1_000_001));
      expect(response.status).toBe(422);
      expect(String(response.body.message)).toContain('слишком большое');
    });

    it('answers within the contract', () => {
      expect(violations).toEqual([]);
    });
  });
}
