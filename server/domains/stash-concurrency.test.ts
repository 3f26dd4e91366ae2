import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../lib/free-port';
import { postgresMissing, startPostgres, type TestPostgres } from '../lib/test-postgres';
import { ROOT } from '../lib/spec';

/**
 * Staging topology (DESIGN.md "Deployment topology"): two reference back-end processes on one PostgreSQL database,
 * concurrent writers to the same draft through both. The draft store's rules must hold across processes: a write is
 * refused (409) only when a newer seq is stored, no accepted write is silently overwritten by an older one ("lost"),
 * and an opId sent to both processes at once is applied once. Skipped, with the reason, where PostgreSQL is absent.
 */
const missing = postgresMissing();
if (missing) console.warn(`Concurrent writers on PostgreSQL skipped: ${missing}`);

interface Process {
  base: string;
  child: ChildProcess;
  token: string;
}

let database: TestPostgres | undefined;
let url = '';
const processes: Process[] = [];

async function startProcess(databaseUrl: string): Promise<Process> {
  const port = await freePort();
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, SERVE_APP: '0', TEST_CONTROL: '', API_ORIGINS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c) => (output += String(c)));
  child.stderr?.on('data', (c) => (output += String(c)));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`back end exited: ${output}`);
    if (await fetch(`${base}/config.json`).then((r) => r.ok, () => false)) break;
    if (Date.now() - started > 180_000) throw new Error(`back end did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  // A token of the grantee through the demo provider's code exchange.
  const authorize = await fetch(`${base}/sso/authorize`, {
    method: 'POST',
    body: new URLSearchParams({ user_id: '7', redirect_uri: `${base}/callback` }),
    redirect: 'manual',
  });
  const code = new URL(authorize.headers.get('location')!).searchParams.get('code');
  const exchange = (await (await fetch(`${base}/hosts/main/v1/users/setcode?code=${code}`)).json()) as { result: { token: string } };
  return { base, child, token: exchange.result.token };
}

async function write(p: Process, body: Record<string, unknown>): Promise<number> {
  const response = await fetch(`${p.base}/hosts/main/v2/stash`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${p.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

async function stash(hash: string) {
  const p = processes[0]!;
  const response = await fetch(`${p.base}/hosts/main/v2/stash?hash=${hash}`, { headers: { Authorization: `Bearer ${p.token}` } });
  return (await response.json()) as { values: Record<string, unknown>; seqs: Record<string, number> };
}

/** Runs the tasks with `width` of them in flight at a time. */
async function pool<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]!();
      }
    }),
  );
  return results;
}

/** A seeded shuffle (mulberry32): the same order on every run. */
function shuffled<T>(items: T[], seed: number): T[] {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe.skipIf(!!missing)('two back-end processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    database = await startPostgres();
    url = await database.createDatabase('staging');
    // Started together: migrations and the demo seed take turns (advisory locks), neither process fails.
    processes.push(...(await Promise.all([startProcess(url), startProcess(url)])));
  }, 300_000);

  afterAll(async () => {
    for (const p of processes) {
      if (p.child.exitCode === null) {
        await new Promise<void>((resolve) => {
          p.child.once('exit', () => resolve());
          p.child.kill('SIGTERM');
          setTimeout(() => p.child.kill('SIGKILL'), 5000).unref();
        });
      }
    }
    await database?.stop();
  }, 60_000);

  it('keep the seq order of one field under concurrent writers through both: writes, 409s, lost', async () => {
    const hash = '7questionnaireRACE';
    const N = 400;
    // Sent nearly in order, as devices replaying outboxes do, each run of 8 in a shuffled order: many writes are
    // accepted while older and newer ones of the same field are in flight at once in both processes.
    const order = Array.from({ length: N / 8 }, (_, run) => shuffled(Array.from({ length: 8 }, (_, i) => run * 8 + i + 1), run)).flat();
    const statuses = await pool(
      order.map((seq) => () => write(processes[seq % 2]!, { hash, field: 'f', value: `v${seq}`, opId: `race-${seq}`, seq })),
      24,
    );
    const accepted = order.filter((_, i) => statuses[i] === 200);
    const refused = statuses.filter((s) => s === 409).length;
    const other = statuses.filter((s) => s !== 200 && s !== 409);
    const state = await stash(hash);
    const finalSeq = state.seqs.f!;
    // Lost: accepted writes newer than what the draft ended with (an older write overwrote them).
    const lost = accepted.filter((seq) => seq > finalSeq).length;
    console.info(`Two processes, ${N} concurrent writes to one field (24 in flight): accepted ${accepted.length}, 409 ${refused}, other ${other.length}, lost ${lost}; final seq ${finalSeq}.`);
    expect(other).toEqual([]);
    expect(lost).toBe(0);
    expect(finalSeq).toBe(N);
    expect(state.values.f).toBe(`v${N}`);
    expect(accepted.length + refused).toBe(N);
  }, 120_000);

  it('apply an opId sent to both processes at once exactly once', async () => {
    const hash = '7questionnaireTWICE';
    const ops = Array.from({ length: 100 }, (_, i) => ({ hash, field: `g${i % 5}`, value: `w${i}`, opId: `twice-${i}`, seq: i + 1 }));
    const statuses = await pool(
      ops.flatMap((op) => [() => write(processes[0]!, op), () => write(processes[1]!, op)]),
      20,
    );
    const pairs = ops.map((_, i) => [statuses[2 * i], statuses[2 * i + 1]]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM stash_ops WHERE op_id LIKE 'twice-%'");
    await client.end();
    const applied = pairs.filter(([a, b]) => a === 200 || b === 200).length;
    console.info(`Two processes, 100 operations each sent to both at once: ${statuses.filter((s) => s === 200).length} answers 200, ${statuses.filter((s) => s === 409).length} 409, ${statuses.filter((s) => s >= 500).length} 5xx; operations recorded ${rows[0]!.n}.`);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    // Both copies of an operation get the same answer (the second one is the idempotent repeat).
    expect(pairs.filter(([a, b]) => a !== b)).toEqual([]);
    expect(Number(rows[0]!.n)).toBe(applied);
  }, 120_000);
});
