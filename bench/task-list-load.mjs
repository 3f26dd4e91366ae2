// node bench/task-list-load.mjs [root] — throughput and latency of the task list (GET /v2/projects/project-point) of the
// reference back end under concurrent clients. Bounded and loopback only: one server on 127.0.0.1 (BENCH_PORT, default
// 5180, in-memory database); for each level (10 and 50 clients) the clients call in a loop for BENCH_SECONDS (default
// 10) or until 5,000 calls in all; each call gives up after 10 s (counted as a timeout). Half of the clients are a
// grantee (own tasks), half a manager (every task). Prints req/s, p50, p95, p99 and errors per level.
// `root` is the checkout to run (default: this one), so one command measures before and after a change.
import path from 'node:path';
import { startReferenceServer } from './reference-server.mjs';

const ROOT = path.resolve(process.argv[2] ?? path.join(path.dirname(new URL(import.meta.url).pathname), '..'));
const PORT = Number(process.env.BENCH_PORT ?? 5180);
const BASE = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MAX_CALLS = 5_000;
const LEVELS = [10, 50];
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : null;
};

async function tokenOf(userId) {
  const authorize = await fetch(`${BASE}/sso/authorize`, { method: 'POST', body: new URLSearchParams({ user_id: String(userId), redirect_uri: `${BASE}/callback` }), redirect: 'manual' });
  const code = new URL(authorize.headers.get('location')).searchParams.get('code');
  const exchange = await (await fetch(`${BASE}/hosts/main/v1/users/setcode?code=${code}`)).json();
  return exchange.result.token;
}

async function level(clients, tokens) {
  const latencies = [];
  let errors = 0;
  let timeouts = 0;
  let calls = 0;
  const until = Date.now() + SECONDS * 1000;
  const started = Date.now();
  const client = async (i) => {
    const token = tokens[i % tokens.length];
    const query = i % 4 === 3 ? '?page=2&pageSize=20' : '?page=1&pageSize=20';
    while (Date.now() < until && calls < MAX_CALLS) {
      calls++;
      const t0 = performance.now();
      try {
        const response = await fetch(`${BASE}/hosts/main/v2/projects/project-point${query}`, { headers: { Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(10_000) });
        await response.arrayBuffer();
        if (response.status !== 200) errors++;
        else latencies.push(performance.now() - t0);
      } catch (error) {
        if (error.name === 'TimeoutError') timeouts++;
        else errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  const seconds = (Date.now() - started) / 1000;
  const round = (n) => (n === null ? null : Math.round(n));
  return { clients, calls, ok: latencies.length, reqPerSec: Math.round((latencies.length / seconds) * 10) / 10, p50ms: round(pct(latencies, 50)), p95ms: round(pct(latencies, 95)), p99ms: round(pct(latencies, 99)), errors, timeouts };
}

const server = await startReferenceServer(ROOT, PORT);
try {
  const tokens = [await tokenOf(7), await tokenOf(1)];
  await level(2, tokens); // warm-up
  const results = [];
  for (const clients of LEVELS) results.push(await level(clients, tokens));
  console.log(JSON.stringify({ root: path.basename(ROOT), seconds: SECONDS, results }, null, 1));
} finally {
  server.kill('SIGTERM');
}
