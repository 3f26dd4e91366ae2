// node bench/patches.mjs <build folder>… — what each patch of another package buys (issue 51): the first build is the
// usual one (the baseline), each other one a build with one patch left out (vite.config.ts BUILD_PATCHES_OFF), e.g.
//   BUILD_PATCHES_OFF=token-snapshot APP_VERSION=x npx vite build --outDir /tmp/patch-token-snapshot
//   node scripts/compress-dist.mjs /tmp/patch-token-snapshot
// For each build: first-load JavaScript per route (gzip -9, scripts/check-bundle-budget.mjs) and index.html (gzip -9),
// then first visits at CPU 4× of /login (signed out) and /tasks (signed in), each build served by the reference back end
// on a port of its own (BENCH_PORT, default 4390, and up). The builds take turns in every round (the starting one moves
// by one each round), so all meet the same load of a shared machine; round 0 warms the servers and is not counted.
// A visit: a new browser context (empty HTTP cache, no code cache, service worker blocked), CPU 4× before navigation;
// FCP (paint timing), "shown" (the screen's element in #root), the long tasks (Long Tasks API) from navigation until
// 1 s after "shown": their sum and Σ(task − 50 ms) as Lighthouse's TBT, and the main thread's task time (CDP
// Performance.getMetrics TaskDuration) over the same span, and of it style recalculation and layout (RecalcStyleDuration,
// LayoutDuration: what a patch of the style sheet's insertion, src/app/emotion-layers.ts, is for). A figure of a build is the median of its visits; its gain
// is the median of its per-round differences with the baseline (same round), with their interquartile range.
// PATCHES_RUNS (default 9) counted rounds. Writes PATCHES_JSON (default bench/patches.json); prints a Markdown table.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { measureRoutes } from '../scripts/check-bundle-budget.mjs';
import { demoToken, recordUntilShown } from './first-visit.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const PORT = Number(process.env.BENCH_PORT ?? 4390);
const RUNS = Number(process.env.PATCHES_RUNS ?? 9);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu'];
const builds = process.argv.slice(2).map((dir) => ({ dir: path.resolve(dir), name: path.basename(dir) }));
if (builds.length < 2) throw new Error('usage: node bench/patches.mjs <usual build> <build without a patch>…');

const ROUTES = [
  { route: '/login', login: null, ready: 'button' },
  { route: '/tasks', login: 'grantee', ready: 'tbody tr' },
];

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN; };
const quartiles = (xs) => { const s = [...xs].sort((a, b) => a - b); const at = (p) => s[Math.min(s.length - 1, Math.max(0, Math.round(p * (s.length - 1))))]; return [at(0.25), at(0.75)]; };
const KiB = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const load = () => os.loadavg().map((n) => n.toFixed(2)).join(' / ');

function startServer(dist, port) {
  const server = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: ':memory:', TEST_CONTROL: '1', SIGNING_MODE: 'demo', DIST_DIR: dist },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return server;
}

async function waitUp(port) {
  for (let i = 0; i < 720; i++) {
    try { if ((await fetch(`http://127.0.0.1:${port}/config.json`)).ok) return; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`reference server on ${port} did not start`);
}

async function visit(browser, base, { route, login, ready }) {
  const context = await browser.newContext({ locale: 'ru-RU', timezoneId: 'Europe/Moscow', serviceWorkers: 'block' });
  try {
    if (login) {
      const t = await demoToken(login, base);
      await context.addInitScript((r) => {
        localStorage.setItem('access_token', r.token);
        localStorage.setItem('access_token_expires', String(r.tokenExpireAt * 1000));
        localStorage.setItem('renew_token', r.renew_token);
      }, t);
    }
    await recordUntilShown(context, ready);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Main-thread time so far, ms: all tasks, style recalculation, layout (cumulative in CDP, seconds).
    const mainThread = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const ms = (name) => metrics.find((m) => m.name === name).value * 1000;
      return { task: ms('TaskDuration'), style: ms('RecalcStyleDuration'), layout: ms('LayoutDuration') };
    };
    const before = await mainThread();
    await page.goto(base + route);
    await page.waitForFunction(() => window.__readyAt !== undefined, null, { timeout: 90000 });
    await page.waitForTimeout(1000);
    const after = await mainThread();
    const r = await page.evaluate(() => ({
      ready: window.__readyAt,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      long: window.__long.filter(([start]) => start <= window.__readyAt + 1000).map(([, d]) => d),
    }));
    return { fcp: r.fcp, shown: r.ready, longTotal: r.long.reduce((n, d) => n + d, 0), tbt: r.long.reduce((n, d) => n + Math.max(0, d - 50), 0),
      task: after.task - before.task, style: after.style - before.style, layout: after.layout - before.layout };
  } finally {
    await context.close();
  }
}

const results = { date: new Date().toISOString(), cores: os.cpus().length, loadAtStart: load(), runs: RUNS, builds: {} };
console.error(`load average at start ${results.loadAtStart}`);
for (const b of builds) {
  const sizes = Object.fromEntries(measureRoutes(b.dir).map((r) => [r.route, r.gzipKiB]));
  sizes['index.html'] = KiB(gzipSync(readFileSync(path.join(b.dir, 'index.html')), { level: 9 }).length);
  results.builds[b.name] = { sizes, visits: Object.fromEntries(ROUTES.map(({ route }) => [route, []])) };
}

const servers = builds.map((b, i) => startServer(b.dir, PORT + i));
let browser;
try {
  for (let i = 0; i < builds.length; i++) await waitUp(PORT + i);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  for (let round = 0; round <= RUNS; round++) {
    for (const r of ROUTES) {
      for (let k = 0; k < builds.length; k++) {
        const i = (k + round) % builds.length;
        const m = await visit(browser, `http://127.0.0.1:${PORT + i}`, r).catch((error) => ({ error: String(error) }));
        if (round > 0) results.builds[builds[i].name].visits[r.route][round - 1] = m;
      }
    }
    console.error(`round ${round}/${RUNS} done, load average ${load()}`);
  }
} finally {
  await browser?.close();
  for (const s of servers) s.kill();
}
results.loadAtEnd = load();
console.error(`load average at end ${results.loadAtEnd}`);

const METRICS = ['fcp', 'shown', 'longTotal', 'tbt', 'task', 'style', 'layout'];
const base = results.builds[builds[0].name];
for (const b of builds) {
  const own = results.builds[b.name];
  own.summary = {};
  for (const { route } of ROUTES) {
    const visits = own.visits[route];
    own.summary[route] = Object.fromEntries(METRICS.map((metric) => {
      const values = visits.filter((v) => v && !v.error).map((v) => v[metric]);
      // Gain of the patch = this build (patch left out) − the usual build, round by round.
      const diffs = visits.map((v, round) => (v && !v.error && !base.visits[route][round]?.error ? v[metric] - base.visits[route][round][metric] : NaN)).filter((d) => !Number.isNaN(d));
      return [metric, { median: median(values), min: Math.min(...values), max: Math.max(...values), n: values.length, gain: median(diffs), gainIqr: quartiles(diffs) }];
    }));
  }
}
await writeFile(path.resolve(ROOT, process.env.PATCHES_JSON ?? 'bench/patches.json'), JSON.stringify(results, null, 2));

const r0 = (n) => Math.round(n);
const sizeRoutes = Object.keys(base.sizes);
const lines = [
  `${results.date}, ${results.cores} cores, load average (1/5/15 min) ${results.loadAtStart} at the start, ${results.loadAtEnd} at the end; ${RUNS} rounds`,
  '',
  `| build | ${sizeRoutes.map((r) => `${r} KiB`).join(' | ')} | ${ROUTES.map(({ route }) => `${route} FCP / shown / long tasks / task time / style / layout, ms (gain = off − usual, IQR)`).join(' | ')} |`,
  `|---|${sizeRoutes.map(() => '---').join('|')}|${ROUTES.map(() => '---').join('|')}|`,
];
for (const b of builds) {
  const own = results.builds[b.name];
  const sizes = sizeRoutes.map((r) => (b === builds[0] ? `${own.sizes[r]}` : `${own.sizes[r]} (${(own.sizes[r] - base.sizes[r] >= 0 ? '+' : '')}${(own.sizes[r] - base.sizes[r]).toFixed(1)})`));
  const times = ROUTES.map(({ route }) => ['fcp', 'shown', 'longTotal', 'task', 'style', 'layout'].map((m) => {
    const s = own.summary[route][m];
    return b === builds[0] ? `${r0(s.median)} [${r0(s.min)}–${r0(s.max)}]` : `${r0(s.median)} (${s.gain >= 0 ? '+' : ''}${r0(s.gain)}, ${r0(s.gainIqr[0])}…${r0(s.gainIqr[1])})`;
  }).join(' / '));
  lines.push(`| ${b.name} | ${sizes.join(' | ')} | ${times.join(' | ')} |`);
}
console.log(lines.join('\n'));
