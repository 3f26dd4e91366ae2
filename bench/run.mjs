// npm run bench — measures the DESIGN.md budgets against the built app and the reference back end on this machine.
// A benchmark, not a test: it prints a table, writes bench/results.json and bench/results.md, and exits 0 even when a
// budget is missed (the deterministic bundle-size check that fails CI is scripts/check-bundle-budget.mjs, run by npm test).
// DIST_DIR (default dist) picks the build, BENCH_BASELINE a build to compare with in the same run, BENCH_PORT the port, BENCH_ONLY=js,lighthouse,offline,keystroke,blocking,render,lists,outbox,big-upload a
// part, BENCH_UPLOAD_RUNS the runs of the 100 MB upload (median), BENCH_LH_RUNS the Lighthouse runs per page (median), BENCH_LH_VISITS=first,repeat which visits, BENCH_LH_SERVE=
// deployed,reference how the app is served to Lighthouse (startDeployed), BENCH_LH_SAVE a folder for the full reports.
import { chromium } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import { request as httpsRequest } from 'node:https';
import { chmod, mkdir, writeFile, rm, mkdtemp } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import { measureRoutes } from '../scripts/check-bundle-budget.mjs';
import { demoToken, recordUntilShown } from './first-visit.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const PORT = Number(process.env.BENCH_PORT ?? 4310);
let BASE = `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu'];
const only = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const want = (name) => only.size === 0 || only.has(name);
const KiB = (n) => Math.round((n / 1024) * 10) / 10;
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : null; };
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : null; };

const DIST = path.resolve(ROOT, process.env.DIST_DIR ?? 'dist');
// BENCH_BASELINE=<build folder>: every measured section runs on that build ("before") and then on DIST ("after") in
// the same run, so the two are compared under the same load of a shared machine.
const BASELINE = process.env.BENCH_BASELINE ? path.resolve(ROOT, process.env.BENCH_BASELINE) : null;
let label = '';
const results = { date: new Date().toISOString(), dist: path.relative(ROOT, DIST).startsWith('..') ? path.basename(DIST) : path.relative(ROOT, DIST), ...(BASELINE ? { baseline: path.basename(BASELINE) } : {}), machine: { cores: os.cpus().length, loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100) }, sections: {} };
const rows = [];
function row(section, metric, value, budget, ok, how) {
  if (label) metric = `${metric} — ${label}`;
  rows.push({ section, metric, value, budget, ok, how });
  (results.sections[section] ??= []).push({ metric, value, budget, ok, how });
}

async function startServer(dist = DIST, port = PORT) {
  const server = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: ':memory:', TEST_CONTROL: '1', SIGNING_MODE: 'demo', DIST_DIR: dist },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for (let i = 0; i < 720; i++) {
    try { if ((await fetch(`http://127.0.0.1:${port}/config.json`)).ok) return server; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  server.kill();
  throw new Error('reference server did not start');
}

const token = (login, base = BASE) => demoToken(login, base);

async function signedInContext(browser, login, options = {}) {
  const context = await browser.newContext({ locale: 'ru-RU', timezoneId: 'Europe/Moscow', ...options });
  if (login) {
    const t = await token(login);
    await context.addInitScript((r) => {
      if (!sessionStorage.getItem('__bench')) {
        sessionStorage.setItem('__bench', '1');
        localStorage.setItem('access_token', r.token);
        localStorage.setItem('access_token_expires', String(r.tokenExpireAt * 1000));
        localStorage.setItem('renew_token', r.renew_token);
      }
    }, t);
  }
  return context;
}

/** The first-load routes of the issue and what shows that each one's screen is there. */
export const FIRST_LOAD_ROUTES = [
  { route: '/login', login: null, ready: { selector: 'button', text: 'Войти' } },
  { route: '/programs', login: 'user', ready: { selector: '[data-group] h3, main h3', text: '2026' } },
  { route: '/tasks', login: 'grantee', ready: { selector: 'tbody tr' } },
  { route: '/programs/create/START-2026', login: 'user', ready: { selector: 'main', text: 'Введенные данные сохраняются автоматически' } },
  { route: '/calendar', login: 'grantee', ready: { selector: '.rbc-calendar, [data-calendar]' } },
];

/**
 * 1. First-load JS per route, from the network log of a cold load (HTTP cache off, service worker blocked so its
 * precache is not counted). "critical" = scripts requested before the route's screen appeared (the page's own clock:
 * a MutationObserver notes when the screen's element shows, Resource Timing when each script was requested);
 * "all" adds what the app loads by itself after the first screen (offline layer, toast view) until the network is idle.
 */
async function firstLoadJs(browser) {
  const sizeCache = new Map();
  const sizes = async (url) => {
    if (!sizeCache.has(url)) {
      const body = Buffer.from(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
      sizeCache.set(url, { raw: body.byteLength, gzip: gzipSync(body, { level: 9 }).length });
    }
    return sizeCache.get(url);
  };
  results.firstLoadFiles = {};
  for (const { route, login, ready } of FIRST_LOAD_ROUTES) {
    if (process.env.BENCH_TRACE) console.error(`[bench] first-load JS: ${route}`);
    const context = await signedInContext(browser, login, { serviceWorkers: 'block' });
    await context.addInitScript((spec) => {
      const shown = () => [...document.querySelectorAll(spec.selector)].some((el) => (!spec.text || el.textContent.includes(spec.text)) && el.getClientRects().length > 0);
      const observer = new MutationObserver(() => {
        if (window.__readyAt === undefined && shown()) {
          window.__readyAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { subtree: true, childList: true, characterData: true });
    }, ready);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const wire = new Map();
    const ids = new Map();
    cdp.on('Network.requestWillBeSent', (e) => ids.set(e.requestId, e.request.url));
    cdp.on('Network.loadingFinished', (e) => { if (ids.has(e.requestId)) wire.set(ids.get(e.requestId), e.encodedDataLength); });
    await page.goto(BASE + route, { waitUntil: 'commit' });
    const readyAt = await page.waitForFunction(() => window.__readyAt, null, { timeout: 30000 }).then((h) => h.jsonValue(), () => null);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500); // idle-time loads (requestIdleCallback, time-out 1 s)
    await page.waitForLoadState('networkidle');
    const entries = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => ({ url: e.name, start: e.startTime })));
    const files = [];
    for (const e of entries) {
      if (!/\.m?js$/.test(new URL(e.url).pathname)) continue;
      files.push({ file: new URL(e.url).pathname, critical: readyAt !== null && e.start < readyAt, requestedAt: Math.round(e.start), wire: wire.get(e.url) ?? 0, ...(await sizes(e.url)) });
    }
    const sum = (list, k) => list.reduce((n, f) => n + f[k], 0);
    const critical = files.filter((f) => f.critical);
    results.firstLoadFiles[route] = { readyAt: readyAt === null ? null : Math.round(readyAt), files };
    row('first-load JS', `${route} critical (${critical.length} files)`, readyAt !== null ? `${KiB(sum(critical, 'gzip'))} KiB gzip / ${KiB(sum(critical, 'raw'))} KiB raw (on the wire ${KiB(sum(critical, 'wire'))} KiB)` : 'screen not shown', '≤ 150 KiB gzip', readyAt !== null && sum(critical, 'gzip') <= 150 * 1024,
      `scripts requested before the screen showed (${ready.selector}${ready.text ? ` with "${ready.text}"` : ''}); cold load, cache off, service worker blocked; gzip -9 of each script`);
    row('first-load JS', `${route} all until network idle (${files.length} files)`, `${KiB(sum(files, 'gzip'))} KiB gzip / ${KiB(sum(files, 'raw'))} KiB raw`, 'info', true,
      'adds what the app loads by itself after the first screen (offline layer, toast view, service-worker registration)');
    await context.close();
  }
  // Total precache size: what the service worker downloads on install.
  const sw = await (await fetch(`${BASE}/sw.js`)).text();
  const urls = [...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]);
  let total = 0;
  let totalGzip = 0;
  for (const u of urls) {
    const s = await sizes(new URL(u, BASE).href);
    total += s.raw;
    totalGzip += s.gzip;
  }
  row('first-load JS', `precache (${urls.length} entries)`, `${KiB(total)} KiB raw / ${KiB(totalGzip)} KiB gzip`, 'info', true, 'sum of the precache manifest in sw.js');
}

/**
 * 2. Lighthouse (mobile emulation, simulated throttling) for /login and, signed in, the screens a grantee lives in.
 * Two visits, each in a fresh profile whose state is checked in the report:
 * - first visit: nothing cached. The session is written from an empty page of the origin (no app code, so no service
 *   worker and no HTTP cache). Until this was made explicit the session came from /login, whose scripts (and, when the
 *   machine was quick enough, the service worker) were then partly in the cache: 1 to 48 responses of a run came from
 *   it, and the run's figures with them;
 * - repeat visit: the screen was opened once before, the service worker controls the page (the installed PWA a person
 *   comes back to).
 * Each served two ways (startDeployed): as deployed, and by the reference server alone. With BENCH_BASELINE the two
 * builds alternate run by run, so they share the machine's load.
 */
async function lighthouseRuns() {
  const { default: lighthouse } = await import('lighthouse');
  const pages = [['/login', null], ['/tasks', 'grantee'], ['/programs', 'user'], ['/projects/1?tab=rid', 'grantee'], ['/programs/create/START-2026', 'user']].filter(([r]) => !process.env.BENCH_LH_ROUTES || process.env.BENCH_LH_ROUTES.split(',').includes(r));
  const runs = Number(process.env.BENCH_LH_RUNS ?? 3);
  // Each build served as deployed (nginx, HTTPS, HTTP/2: startDeployed) and by the reference server alone (plain
  // HTTP/1.1), both by default: BENCH_LH_SERVE=deployed or =reference for one. The two differ in the network Lighthouse
  // simulates, so both are reported, never one for the other.
  const serving = (process.env.BENCH_LH_SERVE ?? 'deployed,reference').split(',');
  const backEnds = BASELINE ? [['before', PORT + 1], ['after', PORT]] : [['', PORT]];
  const builds = [];
  const stops = [];
  for (const [name, backendPort] of backEnds) {
    const api = `http://127.0.0.1:${backendPort}`;
    if (serving.includes('deployed')) {
      const deployed = await startDeployed(backendPort, backendPort + 20, name === 'before' ? BASELINE : DIST);
      if (deployed.url) {
        stops.push(deployed.stop);
        builds.push([[name, 'deployed'].join('|'), deployed.url, api, '']);
      } else console.error(`[bench] lighthouse: not served as deployed, ${deployed.reason}; the reference server's figures only`);
      if (!deployed.url && !serving.includes('reference')) builds.push([[name, 'reference'].join('|'), api, api, ' (reference server, HTTP/1.1)']);
    }
    if (serving.includes('reference')) builds.push([[name, 'reference'].join('|'), api, api, ' (reference server, HTTP/1.1)']);
  }
  try {
    await lighthouseVisits(lighthouse, pages, runs, builds);
  } finally {
    for (const stop of stops) await stop();
  }
}

async function lighthouseVisits(lighthouse, pages, runs, builds) {
  const visits = (process.env.BENCH_LH_VISITS ?? 'first,repeat').split(',');
  for (const visit of visits) {
    for (const [route, login] of pages) {
      if (visit === 'repeat' && !login) continue;
      const scores = Object.fromEntries(builds.map(([name]) => [name, []]));
      for (let i = 0; i < runs; i++) {
        for (const [name, base, api] of i % 2 ? [...builds].reverse() : builds) {
          const dir = await mkdtemp(path.join(tmpdir(), 'lh-'));
          const port = 9300 + Math.floor(Math.random() * 500);
          // The deployed origin's certificate is made for the run: no authority vouches for it.
          const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, args: [...ARGS, '--ignore-certificate-errors', `--remote-debugging-port=${port}`], headless: true, ignoreHTTPSErrors: true });
          const p = context.pages()[0] ?? (await context.newPage());
          if (login) {
            const t = await token(login, api);
            await p.goto(`${base}/empty.html`);
            await p.evaluate((r) => { localStorage.setItem('access_token', r.token); localStorage.setItem('access_token_expires', String(r.tokenExpireAt * 1000)); localStorage.setItem('renew_token', r.renew_token); }, t);
          }
          if (visit === 'repeat') {
            await p.goto(base + route, { waitUntil: 'networkidle' });
            await p.evaluate(async () => { await navigator.serviceWorker.ready; });
            await p.reload({ waitUntil: 'networkidle' });
            await p.waitForTimeout(1000);
          }
          await p.goto('about:blank');
          const result = await lighthouse(base + route, { port, output: 'json', logLevel: process.env.BENCH_TRACE ? 'info' : 'error', disableStorageReset: true, onlyCategories: ['performance', 'accessibility', 'best-practices'] });
          const lhr = result.lhr;
          if (process.env.BENCH_LH_SAVE) await writeFile(path.join(process.env.BENCH_LH_SAVE, `${visit}-${name.replace('|', '-') || 'this'}${route.replace(/\W+/g, '_')}-${i}.json`), JSON.stringify(lhr));
          if (lhr.runtimeError) console.error(`[bench] lighthouse ${route}: ${lhr.runtimeError.message}`);
          // What the run's state was: responses with no bytes on the wire before the page's load ended (the cache, or
          // the service worker when the document itself is one of them).
          const requests = lhr.audits['network-requests']?.details?.items ?? [];
          const loadEnd = lhr.audits.metrics?.details?.items?.[0]?.observedLoad ?? Infinity;
          const cached = requests.filter((r) => r.transferSize === 0 && !String(r.url).startsWith('data:') && r.networkRequestTime <= loadEnd).length;
          const fromWorker = requests.find((r) => r.resourceType === 'Document')?.transferSize === 0;
          scores[name].push({
            performance: Math.round(lhr.categories.performance.score * 100),
            accessibility: Math.round(lhr.categories.accessibility.score * 100),
            bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
            lcp: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
            tbt: Math.round(lhr.audits['total-blocking-time'].numericValue),
            cls: Math.round(lhr.audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
            cached,
            fromWorker,
          });
          await context.close();
          await rm(dir, { recursive: true, force: true });
        }
      }
      for (const [name, , , served] of builds) {
        label = name.split('|')[0];
        const list = scores[name];
        const med = (k) => median(list.map((s) => s[k]));
        const state = visit === 'first'
          ? `first visit: responses from a cache ${list.map((s) => s.cached).join(', ')} (must be 0)`
          : `repeat visit: document from the service worker in ${list.filter((s) => s.fromWorker).length} of ${list.length} runs`;
        const servedBy = served ? 'served by the reference server alone, plain HTTP/1.1' : 'served as deployed: nginx (server/nginx-conf.ts), HTTPS, HTTP/2, the reference back end behind it';
        const how = `lighthouse ${runs}× (mobile emulation, Debian Chromium, median${BASELINE ? ', builds alternated' : ''}); ${servedBy}; ${state}; runs: ${list.map((s) => `${s.performance}/${s.tbt}`).join(' ')}`;
        const at = `${route}${visit === 'repeat' ? ' (repeat visit)' : ''}${served}`;
        // Issue budgets: the sign-in page ≥ 95; the screens a grantee lives in ≥ 90 with TBT ≤ 300 ms, LCP ≤ 2.5 s, CLS ≤ 0.05.
        const minScore = route === '/login' ? 95 : 90;
        row('lighthouse', `${at} performance`, med('performance'), `≥ ${minScore}`, med('performance') >= minScore, how);
        row('lighthouse', `${at} accessibility`, med('accessibility'), '100', med('accessibility') === 100, how);
        row('lighthouse', `${at} best practices`, med('bestPractices'), '≥ 95', med('bestPractices') >= 95, how);
        row('lighthouse', `${at} TBT`, `${med('tbt')} ms`, '≤ 300 ms', med('tbt') <= 300, how);
        row('lighthouse', `${at} LCP`, `${med('lcp')} ms`, '≤ 2500 ms', med('lcp') <= 2500, how);
        row('lighthouse', `${at} CLS`, med('cls'), '≤ 0.05', med('cls') <= 0.05, how);
      }
      label = '';
    }
  }
}

/** 3. Repeat visit served by the service worker, offline: /tasks shell paint vs an empty page served the same way. */
async function offlineRepeat(throttle) {
  const dir = await mkdtemp(path.join(tmpdir(), 'sw-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, args: ARGS, headless: true, locale: 'ru-RU' });
  const t = await token('grantee');
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${BASE}/login`);
  await page.evaluate((r) => { localStorage.setItem('access_token', r.token); localStorage.setItem('access_token_expires', String(r.tokenExpireAt * 1000)); localStorage.setItem('renew_token', r.renew_token); }, t);
  await page.goto(`${BASE}/tasks`, { waitUntil: 'networkidle' });
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  await page.reload({ waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  const cdp = await context.newCDPSession(page);
  if (throttle) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await context.setOffline(true);
  // Both times on the page's own clock from the start of the navigation: the empty page when its document has loaded,
  // the shell when the main menu is shown (a MutationObserver notes the moment; polling from here would add its delay).
  // Two moments: the menu and the screen's content on screen — whoever drew them, the picture boot-frame.js paints from
  // the last visit (src/lib/screen-snapshot.ts) or the app — taken at the animation frame after they are in the page;
  // and the app's own menu (React, in #root, visible), from which the screen answers clicks.
  await context.addInitScript(() => {
    // Laid out, and not inside #root while the picture covers it (html[data-boot=snapshot] hides #root).
    const visible = (el) => !!el && el.getClientRects().length > 0 && !(document.documentElement.dataset.boot === 'snapshot' && el.closest('#root'));
    const observer = new MutationObserver(() => {
      const nav = [...document.querySelectorAll('nav[aria-label="Главное меню"]')].find(visible);
      const row = [...document.querySelectorAll('tbody tr')].find(visible);
      if (window.__contentAt === undefined && nav && row) {
        window.__contentAt = -1;
        requestAnimationFrame(() => (window.__contentAt = performance.now()));
      }
      if (window.__shellAt === undefined && visible(document.querySelector('#root nav[aria-label="Главное меню"]'))) window.__shellAt = performance.now();
      if (window.__shellAt !== undefined && window.__contentAt > 0) observer.disconnect();
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-boot'] });
  });
  // Every measured load starts from the same page, the empty one: a person opening the app has no page of it open
  // already. Measured after itself, the app's load also held the leaving page's work — Chromium restyles a whole page
  // that loses focus as it is left (~22 ms of /tasks at CPU 1×, "PlatformColorChange" in a trace) and tears it down —
  // which the empty page, measured after itself, never paid.
  const timesOf = async (url, read) => {
    const times = [];
    for (let i = 0; i < 7; i++) {
      await page.goto(`${BASE}/empty.html`, { waitUntil: 'load' });
      await page.goto(url, { waitUntil: 'load' });
      times.push(await read());
    }
    return median(times);
  };
  // The shell painted: the page's first contentful paint (Paint Timing) — the cabinet frame index.html paints before
  // any script, or the app's own shell when its scripts ran before the first frame; and, for the full picture, the
  // moment the app's own menu is on screen (React rendered from the persisted query cache).
  const shellPaint = () => page.evaluate(() => new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error('no first contentful paint in 10 s')), 10000);
    new PerformanceObserver((list, observer) => {
      const entry = list.getEntries().find((e) => e.name === 'first-contentful-paint');
      if (entry) { observer.disconnect(); resolve(entry.startTime); }
    }).observe({ type: 'paint', buffered: true });
  }));
  const floor = await timesOf(`${BASE}/empty.html`, () => page.evaluate(() => performance.getEntriesByType('navigation')[0].loadEventEnd));
  // The same moment on the empty page (its one word): both figures then include the frame's way to the screen.
  const floorPaint = await timesOf(`${BASE}/empty.html`, shellPaint);
  const shell = await timesOf(`${BASE}/tasks`, shellPaint);
  const menu = await timesOf(`${BASE}/tasks`, () => page.waitForFunction(() => window.__shellAt, null, { timeout: 20000 }).then((h) => h.jsonValue()));
  const content = await timesOf(`${BASE}/tasks`, () => page.waitForFunction(() => window.__contentAt > 0 && window.__contentAt, null, { timeout: 20000 }).then((h) => h.jsonValue()));
  await context.close();
  await rm(dir, { recursive: true, force: true });
  const ratio = Math.round((shell / floor) * 100) / 100;
  const menuRatio = Math.round((menu / floor) * 100) / 100;
  const contentRatio = Math.round((content / floor) * 100) / 100;
  const cpu = throttle ? ` (CPU ${throttle}×)` : '';
  row('offline repeat visit', `/tasks shell painted${cpu}`, `${Math.round(shell)} ms vs empty page ${Math.round(floor)} ms → ${ratio}×`, '≤ 2×', ratio <= 2,
    'persistent profile, page controlled by the service worker, context offline; median of 7 navigations, each from /empty.html; page clock: navigation start → first contentful paint (the shell frame of index.html or the app shell, whichever paints first) vs → load event of /empty.html (precached, no script)');
  const paintRatio = Math.round((shell / floorPaint) * 100) / 100;
  row('offline repeat visit', `/tasks shell painted vs the empty page's first paint${cpu}`, `${Math.round(shell)} ms vs ${Math.round(floorPaint)} ms → ${paintRatio}×`, 'info', true,
    'same runs: first contentful paint of both pages (the empty page holds one word), so both include the way of the frame to the screen');
  row('offline repeat visit', `/tasks menu and content on screen${cpu}`, `${Math.round(content)} ms → ${contentRatio}× the empty page`, '≤ 3×', contentRatio <= 3,
    'same profile: navigation start → the animation frame after the menu (nav "Главное меню") and a task row are visible, drawn by the picture of the last visit (boot-frame.js) or by the app');
  row('offline repeat visit', `/tasks app menu shown${cpu}`, `${Math.round(menu)} ms → ${menuRatio}× the empty page`, 'info', true,
    'same runs: navigation start → the React menu (nav "Главное меню" in #root) is visible, rendered from the persisted query cache: the screen answers clicks');
}

/** 4. Keystroke-to-paint latency on the 300-field questionnaire; re-rendered field components per keystroke. */
async function keystrokes(browser, throttle) {
  const context = await signedInContext(browser, 'user', { serviceWorkers: 'block' });
  const page = await context.newPage();
  if (throttle) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.goto(`${BASE}/programs/create/PERF-300`);
  const input = page.locator('input[type="text"]').nth(150);
  const found = await input.waitFor({ timeout: 30000 }).then(() => true, () => false);
  if (!found) {
    row('keystroke', `300-field questionnaire${throttle ? ` (CPU ${throttle}×)` : ''}`, 'n/a', '≤ 50 ms p95', false, 'PERF-300 questionnaire not available in this build');
    await context.close();
    return;
  }
  await input.click();
  const latencies = [];
  let renders = [];
  for (let i = 0; i < 100; i++) {
    await page.evaluate(() => { window.__fieldRenders = 0; });
    const t = await page.evaluate(() => new Promise((resolve) => {
      const el = document.activeElement;
      const start = performance.now();
      el.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      setter.call(el, el.value + 'а');
      el.dispatchEvent(new InputEvent('input', { bubbles: true, data: 'а', inputType: 'insertText' }));
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
    }));
    latencies.push(t);
    renders.push(await page.evaluate(() => window.__fieldRenders ?? null));
  }
  await context.close();
  const label = `300-field questionnaire${throttle ? ` (CPU ${throttle}×)` : ''}`;
  const budget = throttle ? 100 : 50;
  const p95 = pct(latencies, 95);
  row('keystroke', `${label} median / p95`, `${median(latencies).toFixed(1)} / ${p95.toFixed(1)} ms`, `≤ ${budget} ms p95`, p95 <= budget,
    '100 synthetic keystrokes into field 150: input event → next animation frame + task (performance.now)');
  const known = renders.filter((r) => r !== null);
  if (known.length) row('keystroke', `${label} field components re-rendered per keystroke`, `median ${median(known)}, max ${Math.max(...known)}`, '1', Math.max(...known) <= 1, 'window.__fieldRenders counter incremented by each field component render');
}

/**
 * 5. First render of the 300-field questionnaire: from the moment its data is there (the loading skeleton on screen)
 * to the first fields painted; and, for the full picture, navigation start → first field painted and → all 300 fields
 * in the DOM. Page clock, MutationObserver; median of 3 cold loads (service worker blocked, HTTP cache warm).
 */
async function formFirstRender(browser, throttle) {
  const context = await signedInContext(browser, 'user', { serviceWorkers: 'block' });
  await context.addInitScript(() => {
    const note = () => {
      const now = performance.now();
      if (window.__skeletonAt === undefined && document.querySelector('[aria-label="Загрузка анкеты"]')) window.__skeletonAt = now;
      if (window.__fieldAt === undefined && document.querySelector('form [data-slot] input')) {
        window.__fieldAt = now;
        requestAnimationFrame(() => setTimeout(() => { window.__fieldPaintAt = performance.now(); }, 0));
      }
      if (window.__allAt === undefined && document.querySelectorAll('form [data-slot]').length >= 300) window.__allAt = now;
    };
    new MutationObserver(note).observe(document, { subtree: true, childList: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (throttle) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  const runs = [];
  for (let i = 0; i < 4; i++) {
    await page.goto(`${BASE}/programs/create/PERF-300`);
    const ok = await page.waitForFunction(() => window.__fieldPaintAt !== undefined && window.__allAt !== undefined, null, { timeout: 60000 }).then(() => true, () => false);
    if (!ok) continue;
    const t = await page.evaluate(() => ({ skeleton: window.__skeletonAt, paint: window.__fieldPaintAt, all: window.__allAt }));
    if (i > 0) runs.push(t); // the first load warms the HTTP cache
    // The first dialog of a questionnaire would cover the form on later loads: it is not part of the measure.
    await page.evaluate(() => { for (const k of Object.keys(localStorage)) if (k.startsWith('questionnaire-')) localStorage.removeItem(k); });
  }
  await context.close();
  const cpu = throttle ? ` (CPU ${throttle}×)` : '';
  if (runs.length === 0) { row('questionnaire render', `PERF-300 first render${cpu}`, 'n/a', '≤ 1000 ms', false, 'the form did not render'); return; }
  const render = median(runs.map((r) => (r.skeleton !== undefined ? r.paint - r.skeleton : r.paint)));
  row('questionnaire render', `PERF-300 first render${cpu}`, `${Math.round(render)} ms`, throttle ? '≤ 1000 ms' : 'info', !throttle || render <= 1000,
    'data there (loading skeleton on screen) → first fields painted (next frame + task); page clock; median of 3 loads, HTTP cache warm, service worker blocked');
  row('questionnaire render', `PERF-300 navigation → first fields painted${cpu}`, `${Math.round(median(runs.map((r) => r.paint)))} ms`, 'info', true, 'navigation start → first fields painted');
  row('questionnaire render', `PERF-300 navigation → all 300 fields in the DOM${cpu}`, `${Math.round(median(runs.map((r) => r.all)))} ms`, 'info', true, 'navigation start → 300 field slots rendered (the groups after the first screen come in idle slices)');
}

/**
 * 5b. Main-thread blocking on a phone-like CPU, measured in the page (Lighthouse's simulated figures swing widely on a
 * shared machine): CPU 4×, HTTP cache warm, service worker blocked; Long Tasks API from navigation start until 1.5 s
 * after the screen's content shows; blocking time = Σ (task − 50 ms), as Lighthouse's TBT. Median of 5 loads.
 */
const BLOCKING_ROUTES = [
  { route: '/tasks', login: 'grantee', ready: 'tbody tr' },
  { route: '/programs', login: 'user', ready: 'main article h3' },
  { route: '/projects/1?tab=rid', login: 'grantee', ready: '[data-testid="rid-card"]' },
  { route: '/programs/create/START-2026', login: 'user', ready: 'form [data-slot] input' },
];
async function blockingTime(browser) {
  for (const { route, login, ready } of BLOCKING_ROUTES) {
    const context = await signedInContext(browser, login, { serviceWorkers: 'block' });
    await recordUntilShown(context, ready);
    const page = await context.newPage();
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const runs = [];
    for (let i = 0; i < 6; i++) {
      await page.goto(BASE + route);
      const ok = await page.waitForFunction(() => window.__readyAt !== undefined, null, { timeout: 60000 }).then(() => true, () => false);
      if (!ok) continue;
      await page.waitForTimeout(1500);
      const r = await page.evaluate(() => ({ ready: window.__readyAt, long: window.__long.filter(([start]) => start <= window.__readyAt + 1500) }));
      // The first dialog of a questionnaire is remembered as seen: later loads are alike.
      if (i > 0) runs.push({ ready: r.ready, blocking: r.long.reduce((n, [, d]) => n + Math.max(0, d - 50), 0), longest: Math.max(0, ...r.long.map(([, d]) => d)) });
    }
    await context.close();
    if (!runs.length) { row('blocking (CPU 4×)', route, 'n/a', '≤ 300 ms', false, 'the screen did not show'); continue; }
    const blocking = median(runs.map((r) => r.blocking));
    row('blocking (CPU 4×)', `${route} blocking time / longest task / content shown`, `${Math.round(blocking)} ms / ${Math.round(median(runs.map((r) => r.longest)))} ms / ${Math.round(median(runs.map((r) => r.ready)))} ms`, '≤ 300 ms', blocking <= 300,
      `in-page Long Tasks at CPU 4× from navigation to 1.5 s after "${ready}" shows: Σ(task − 50 ms); median of 5 loads, HTTP cache warm, service worker blocked`);
  }
}

/** 6. Time from navigation to rows visible, warm cache. */
async function listTimings(browser) {
  const cases = [['/tasks', 'grantee', 'tbody tr'], ['/users', 'admin', 'tbody tr']];
  for (const [route, login, rowsSel] of cases) {
    const context = await signedInContext(browser, login, { serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${BASE}${route}`);
    const ok = await page.locator(rowsSel).first().waitFor({ timeout: 20000 }).then(() => true, () => false);
    if (!ok) { row('lists', `${route} rows visible (warm)`, 'n/a', 'info', false, 'rows not rendered in this build'); await context.close(); continue; }
    const times = [];
    for (let i = 0; i < 5; i++) {
      await page.goto(`${BASE}/diagnostics`);
      await page.locator('h1').first().waitFor();
      const start = Date.now();
      await page.evaluate((r) => { history.pushState({}, '', r); dispatchEvent(new PopStateEvent('popstate')); }, route);
      await page.locator(rowsSel).nth(Math.min(19, (await page.locator(rowsSel).count()) - 1)).waitFor({ timeout: 20000 }).catch(() => undefined);
      times.push(Date.now() - start);
    }
    row('lists', `${route} ${await page.locator(rowsSel).count()} rows visible (warm cache)`, `${median(times)} ms median of 5`, 'info', true, 'client-side navigation from /diagnostics, query cache warm');
    await context.close();
  }
}

/** 0. First-load JS per route from the build output (the deterministic figures `npm test` checks), with a breakdown. */
function bundleFromBuild() {
  results.bundle = measureRoutes(DIST);
  for (const r of results.bundle) {
    row('bundle (build output)', r.route, `${r.gzipKiB} KiB gzip / ${r.rawKiB} KiB raw, ${r.files.length} files; ${r.breakdown.slice(0, 6).map((b) => `${b.name} ${b.kib}`).join(', ')}`, `≤ 150 KiB gzip (limit ${r.limitKiB})`, r.gzipKiB <= 150,
      'scripts/check-bundle-budget.mjs: entry + route chunks + static imports, gzip -9 of each file; breakdown = share of each package / source folder');
  }
}

/**
 * The app served as it is deployed (README «Развёртывание»): nginx with the configuration server/nginx-conf.ts writes,
 * over HTTPS with HTTP/2 (a certificate made for the run), the reference back end behind it on the same origin. A
 * phone then asks for a screen's ~40 files over one connection. The reference server alone speaks plain HTTP/1.1,
 * where Lighthouse's simulated network gives each request one of six connections and a round trip of its own.
 * Without a url, and with the reason, where nginx or openssl is missing.
 */
async function startDeployed(backendPort, port, dist = DIST) {
  const nginx = [process.env.NGINX, '/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => p && existsSync(p));
  if (!nginx) return { reason: 'nginx is not installed' };
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-nginx-'));
  await chmod(dir, 0o755); // nginx workers (another user when started as root) read config.json here
  const [cert, key] = [path.join(dir, 'cert.pem'), path.join(dir, 'key.pem')];
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1']);
  if (made.status !== 0) {
    await rm(dir, { recursive: true, force: true });
    return { reason: `no certificate (openssl: ${String(made.error?.message ?? made.stderr).trim()})` };
  }
  // The back end's own runtime config (its hosts on this origin), kept outside the build as a deployment keeps it.
  await writeFile(path.join(dir, 'config.json'), await (await fetch(`http://127.0.0.1:${backendPort}/config.json`)).text());
  const conf = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/nginx-conf.ts', '--root', dist, '--config', path.join(dir, 'config.json'), '--listen', `127.0.0.1:${port}`,
    '--standalone', dir, '--tls-cert', cert, '--tls-key', key, '--proxy', `http://127.0.0.1:${backendPort}`, ...(process.getuid?.() === 0 ? ['--user', 'root'] : [])], { cwd: ROOT, encoding: 'utf8' });
  if (conf.status !== 0) throw new Error(`nginx configuration: ${conf.stderr}`);
  await writeFile(path.join(dir, 'nginx.conf'), conf.stdout);
  const child = spawn(nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
  const up = () => new Promise((resolve) => {
    const req = httpsRequest({ host: '127.0.0.1', port, path: '/config.json', rejectUnauthorized: false }, (res) => { res.resume(); resolve(res.statusCode === 200); });
    req.on('error', () => resolve(false));
    req.end();
  });
  for (let i = 0; i < 80; i++) {
    if (await up()) return { url: `https://127.0.0.1:${port}`, stop: async () => { child.kill(); await rm(dir, { recursive: true, force: true }); } };
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error('nginx did not start');
}

if (want('js')) bundleFromBuild();
const servers = [await startServer()];
if (BASELINE) servers.push(await startServer(BASELINE, PORT + 1));
/** Runs a section on the baseline build first (when one is given), then on this one. */
async function each(run) {
  if (BASELINE) {
    BASE = `http://127.0.0.1:${PORT + 1}`;
    label = 'before';
    await run();
    BASE = `http://127.0.0.1:${PORT}`;
    label = 'after';
  }
  await run();
  label = '';
}
let browser;
try {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  if (want('js')) await each(() => firstLoadJs(browser));
  // Lighthouse alternates the builds itself, run by run.
  if (want('lighthouse')) await lighthouseRuns();
  if (want('offline')) await each(async () => { await offlineRepeat(0); await offlineRepeat(4); });
  if (want('keystroke')) await each(async () => { await keystrokes(browser, 0); await keystrokes(browser, 4); });
  if (want('blocking')) await each(() => blockingTime(browser));
  if (want('render')) await each(async () => { await formFirstRender(browser, 0); await formFirstRender(browser, 4); });
  if (want('lists')) await each(() => listTimings(browser));
  if (want('outbox') && existsSync(path.join(ROOT, 'bench/outbox.mjs'))) {
    const { outboxReplay } = await import('./outbox.mjs');
    await each(async () => {
      for (const r of await outboxReplay({ base: BASE, browser, token })) row('outbox', r.metric, r.value, r.budget, r.ok, r.how);
    });
  }
  if (want('big-upload')) {
    const { bigUploadRuns } = await import('./big-upload.mjs');
    await each(async () => {
      for (const r of await bigUploadRuns({ base: BASE, executablePath: CHROMIUM, args: ARGS })) row('big upload', r.metric, r.value, r.budget, r.ok, r.how);
    });
  }
} finally {
  await browser?.close();
  for (const server of servers) server.kill();
}

results.machine.loadAverageAtEnd = os.loadavg().map((n) => Math.round(n * 100) / 100);
await mkdir(path.join(ROOT, 'bench'), { recursive: true });
await writeFile(path.join(ROOT, 'bench/results.json'), JSON.stringify(results, null, 2));
const load = (l) => l.join(' / ');
const md = ['# Benchmark results', '', `${results.date}, ${results.dist}${BASELINE ? ` compared with ${path.basename(BASELINE)} (before)` : ''}, ${results.machine.cores} cores, load average (1/5/15 min) ${load(results.machine.loadAverageAtStart)} at the start, ${load(results.machine.loadAverageAtEnd)} at the end`, '', '| section | metric | value | budget | met | how |', '|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.section} | ${r.metric} | ${r.value} | ${r.budget} | ${r.ok ? 'yes' : '**no**'} | ${r.how} |`)].join('\n');
await writeFile(path.join(ROOT, 'bench/results.md'), md + '\n');
console.table(rows.map(({ section, metric, value, budget, ok }) => ({ section, metric, value: String(value), budget, met: ok ? 'yes' : 'NO' })));
