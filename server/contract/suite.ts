import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOperations, type CaseTable, type Harness } from './harness';
import { projectsV1Cases } from './cases-projects-v1';
import { reportsCases } from './cases-reports';
import { contestCases } from './cases-contest';
import { screenCases } from './cases-screens';
import { hostileCases } from './hostile';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HOSTS, ROOT, type HostName } from '../lib/spec';
import { TABLE_END, TABLE_START } from './readme';

/**
 * The contract suite (issue "Contracts", point 6): every operation of every spec is called through the generated
 * typed clients against the reference back end — the happy path and at least one bad input each — and the run
 * fails on any contract violation the server recorded (responses that do not match the spec become 500s there).
 * It runs on both databases the back end supports: contract.test.ts (embedded PGlite) and postgres.test.ts
 * (a PostgreSQL server).
 */
export function contractSuite(start: () => Promise<Harness>) {
  const CASES: CaseTable = { ...screenCases, ...projectsV1Cases, ...reportsCases, ...contestCases };
  const OPERATIONS = allOperations();

  let h: Harness;
  /**
   * Operations whose handler is still missing on the reference server: their cases are written (from the spec) but
   * cannot pass yet, so they are reported here by name instead of failing one by one. The final assertion
   * "server.missing is empty" keeps this list honest.
   */
  let PENDING_HANDLERS: string[] = [];

  beforeAll(async () => {
    h = await start();
    PENDING_HANDLERS = [...h.server.missing];
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  }, 120_000);

  describe('the specs', () => {
    it('give every operation an operationId that is unique across all four files', () => {
      const ids = OPERATIONS.map((op) => op.operationId);
      expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
      const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
      expect(duplicates).toEqual([]);
      expect(h.server.operationCount).toBe(ids.length);
    });

    it('are all listed in the coverage table of openapi/README.md', () => {
      const readme = readFileSync(path.join(ROOT, 'openapi/README.md'), 'utf8');
      const table = readme.slice(readme.indexOf(TABLE_START), readme.indexOf(TABLE_END));
      expect(OPERATIONS.map((op) => op.operationId).filter((id) => !table.includes(`\`${id}\``))).toEqual([]);
    });

    it('have one contract case per operation (and none for operations that do not exist)', () => {
      const ids = new Set(OPERATIONS.map((op) => op.operationId));
      expect(OPERATIONS.map((op) => op.operationId).filter((id) => !CASES[id])).toEqual([]);
      expect(Object.keys(CASES).filter((id) => !ids.has(id))).toEqual([]);
    });
  });

  describe('every secured operation', () => {
    it('answers 401 without a token', async () => {
      for (const op of OPERATIONS.filter((o) => o.secured)) {
        h.current.case = `401 ${op.operationId}`;
        const client = h.anon[op.host as HostName] as unknown as {
          request: (method: string, path: string, init: unknown) => Promise<{ response: Response; error?: unknown }>;
        };
        const path = Object.fromEntries(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.schema?.type === 'integer' ? 1 : 'x']));
        const url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => String(path[name]));
        const { response, error } = await client.request(op.method.toLowerCase(), url, { parseAs: 'text' });
        expect(response.status, `${op.operationId} ${op.method} ${HOSTS[op.host].prefix}${url} → ${String(error ?? '')}`).toBe(401);
      }
    });
  });

  describe('operations', () => {
    for (const op of OPERATIONS) {
      it(op.operationId, async (ctx) => {
        if (PENDING_HANDLERS.includes(op.operationId)) ctx.skip();
        const run = CASES[op.operationId];
        expect(run, `a contract case for ${op.operationId}`).toBeTypeOf('function');
        h.current.case = op.operationId;
        const before = h.server.violations.length;
        await run!(h);
        expect(h.server.violations.slice(before), 'contract violations recorded by the server during this case').toEqual([]);
      });
    }
  });

  describe('hostile input: a 4xx in the error shape, never a 500 or a contract violation', () => {
    for (const hostile of hostileCases) {
      it(hostile.name, async () => {
        h.current.case = `hostile: ${hostile.name}`;
        const before = h.server.violations.length;
        await hostile.run(h);
        expect(h.server.violations.slice(before), 'contract violations recorded by the server during this case').toEqual([]);
      });
    }
  });

  describe('coverage', () => {
    it('reached every operation with a 2xx answer and a 4xx answer, with no contract violation', () => {
      const happy = new Set(h.exchanges.filter((e) => e.status >= 200 && e.status < 300).map((e) => e.operationId));
      const bad = new Set(h.exchanges.filter((e) => e.status >= 400 && e.status < 500).map((e) => e.operationId));
      const specific = new Set(h.exchanges.filter((e) => e.status >= 400 && e.status < 500 && e.status !== 401).map((e) => e.operationId));
      const ids = OPERATIONS.map((op) => op.operationId);
      const covered = ids.filter((id) => happy.has(id) && bad.has(id));
      const byHost = Object.fromEntries(
        (Object.keys(HOSTS) as HostName[]).map((host) => {
          const ops = OPERATIONS.filter((op) => op.host === host).map((op) => op.operationId);
          return [host, `${ops.filter((id) => covered.includes(id)).length}/${ops.length}`];
        }),
      );
      console.info(
        [
          `Contract coverage: ${covered.length} of ${ids.length} operations reached with a 2xx and a 4xx answer (${JSON.stringify(byHost)}).`,
          `Bad inputs other than a missing token (400/403/404/409/422): ${ids.filter((id) => specific.has(id)).length} of ${ids.length} operations` +
            ` (only "no token → 401" for: ${ids.filter((id) => !specific.has(id)).join(', ') || 'none'}).`,
          `Requests made: ${h.exchanges.length}; contract violations: ${h.server.violations.length}.`,
          PENDING_HANDLERS.length ? `PENDING_HANDLERS (no handler on the reference server yet, cases skipped): ${PENDING_HANDLERS.join(', ')}` : 'PENDING_HANDLERS: none.',
        ].join('\n'),
      );
      expect(h.server.violations).toEqual([]);
      expect(h.exchanges.filter((e) => e.operationId === null).map((e) => `${e.method} ${e.path}`)).toEqual([]);
      expect(ids.filter((id) => !covered.includes(id) && !PENDING_HANDLERS.includes(id))).toEqual([]);
    });

    it('has a handler for every operation (server.missing is empty)', () => {
      expect(h.server.missing).toEqual([]);
    });
  });
}
