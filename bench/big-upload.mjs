// Bench section "big upload": a 100 MB file picked in the START-2026 questionnaire (ST_CHARTER, up to 100 MB) with a
// real file chooser, kept on the device and uploaded by the offline layer (DESIGN.md "Attachments offline"), against a
// plain fetch of the same file to the same endpoint from the same page. Built app, service worker, a persistent
// profile (IndexedDB on disk, as on an installed PWA), a fresh applicant per run (POST /__test/applicant).
import { chromium } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { open, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';

const SIZE = 104_857_600;
const FILE_NAME = 'charter-100mb.pdf';
const PICKER = 'Устав организации: выбрать файл';
const QUESTIONNAIRE = '/programs/create/START-2026';
const UPLOAD_PATH = '/hosts/main/v2/projects/upload-attach';
const SAMPLE_MS = 100;
const TIMEOUT = 300_000;

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : null; };
const MB = (bytes) => Math.round((bytes / 1048576) * 10) / 10;
const ms = (n) => `${Math.round(n)} ms`;
const sleep = (n) => new Promise((r) => setTimeout(r, n));
const loadavg = () => os.loadavg().map((n) => n.toFixed(2)).join(' / ');
const trace = (...a) => { if (process.env.BENCH_TRACE) console.error('[bench] big upload:', ...a); };

/** 100 MiB on disk: a PDF header, then random mebibytes (no run compresses or deduplicates), written in pieces. */
async function makeFile(dir) {
  const file = path.join(dir, FILE_NAME);
  const handle = await open(file, 'w');
  try {
    const chunk = 1 << 20;
    for (let at = 0; at < SIZE; at += chunk) {
      const piece = randomBytes(Math.min(chunk, SIZE - at));
      if (at === 0) piece.write('%PDF-1.4\n% bench 100 MB\n', 0, 'latin1');
      await handle.write(piece);
    }
  } finally {
    await handle.close();
  }
  return file;
}

async function newApplicant(base) {
  const res = await fetch(`${base}/__test/applicant`, { method: 'POST' });
  if (!res.ok) throw new Error(`POST /__test/applicant → ${res.status} (the bench server needs TEST_CONTROL=1)`);
  return (await res.json()).userId;
}

async function tokenOf(base, userId) {
  const res = await fetch(`${base}/sso/authorize`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ user_id: String(userId), redirect_uri: `${base}/callback` }) });
  const code = new URL(res.headers.get('location')).searchParams.get('code');
  return (await (await fetch(`${base}/hosts/main/v1/users/setcode?code=${code}`)).json()).result;
}

/** Resident memory of a browser: its own process and every descendant (renderers, GPU, network and storage services). */
async function browserPid(userDataDir) {
  for (const pid of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(pid)) continue;
    const cmd = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmd.includes(`--user-data-dir=${userDataDir}`) && !cmd.includes('--type=')) return Number(pid);
  }
  return null;
}
async function treeRss(root) {
  if (!root) return 0;
  const parent = new Map();
  for (const pid of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
    if (stat) parent.set(Number(pid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
  }
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parent) if (!tree.has(pid) && tree.has(ppid)) { tree.add(pid); grew = true; }
  }
  let pages = 0;
  for (const pid of tree) pages += Number((await readFile(`/proc/${pid}/statm`, 'utf8').catch(() => '0 0')).split(' ')[1]) || 0;
  return pages * 4096;
}

/** Samples the page's JS heap (CDP Runtime.getHeapUsage) and the browser's resident memory every ~100 ms until stopped. */
function startSampling(cdp, pid) {
  const samples = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = Date.now();
      try {
        const [heap, rss] = await Promise.all([cdp.send('Runtime.getHeapUsage'), treeRss(pid)]);
        samples.push({ t, used: heap.usedSize, backing: heap.backingStorageSize ?? 0, rss });
      } catch {
        // The page is navigating or closing: no sample.
      }
      await sleep(Math.max(0, SAMPLE_MS - (Date.now() - t)));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return samples;
  };
}

/** Peak and baseline of one measurement: baseline = median of the samples before the pick, peak = max after it. */
function memoryOf(samples, pickedAt) {
  const before = samples.filter((s) => s.t < pickedAt);
  const during = samples.filter((s) => s.t >= pickedAt);
  const gaps = samples.slice(1).map((s, i) => s.t - samples[i].t);
  const pick = (list, k) => list.map((s) => s[k]);
  return {
    baseHeap: median(pick(before, 'used')),
    peakHeap: Math.max(...pick(during, 'used')),
    baseBacking: median(pick(before, 'backing')),
    peakBacking: Math.max(...pick(during, 'backing')),
    baseRss: median(pick(before, 'rss')),
    peakRss: Math.max(...pick(during, 'rss')),
    samples: during.length,
    maxGap: gaps.length ? Math.max(...gaps) : 0,
  };
}

/** The page's clock of one measurement, set up before every document of the profile starts. */
function instrument(name) {
  window.__big = null;
  document.addEventListener('change', (event) => {
    const b = window.__big;
    if (b && b.pick === undefined && event.target instanceof HTMLInputElement && event.target.type === 'file') b.pick = performance.now();
  }, true);
  // When the app's XHR has handed the whole body over (upload "load"): splits the request into sending and the server's work.
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (body) {
    const b = window.__big;
    if (b && b.mode === 'app' && body instanceof FormData) this.upload.addEventListener('load', () => { b.bodySent ??= performance.now(); });
    return send.call(this, body);
  };
  const shown = (el) => !!el && el.getClientRects().length > 0;
  new MutationObserver(() => {
    const b = window.__big;
    if (!b || b.mode !== 'app' || b.pick === undefined) return;
    const now = performance.now();
    if (b.kept === undefined && [...document.querySelectorAll('[data-testid="kept-file"]')].some((el) => shown(el) && el.textContent.includes(name))) b.kept = now;
    if (b.done === undefined && shown(document.querySelector(`button[aria-label="Скачать ${name}"]`))) b.done = now;
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/** Starts one measurement in the page: clean clocks, resource timings, and (app) a watch on the device's file queue. */
async function arm(page, mode) {
  await page.evaluate(async (m) => {
    performance.clearResourceTimings();
    performance.setResourceTimingBufferSize(2000);
    window.__big = { mode: m };
    if (m !== 'app') return;
    // Opened only now, when the app has made its database; closed at once should the app upgrade it.
    const db = await new Promise((resolve, reject) => {
      const req = indexedDB.open('cabinet-offline');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    db.onversionchange = () => db.close();
    const poll = () => {
      const b = window.__big;
      if (!b || b.queued !== undefined) return db.close();
      if (b.pick === undefined) return setTimeout(poll, 20);
      try {
        const count = db.transaction('uploads').objectStore('uploads').count();
        count.onsuccess = () => { if (count.result > 0 && b.queued === undefined) b.queued = performance.now(); setTimeout(poll, 20); };
        count.onerror = () => setTimeout(poll, 20);
      } catch {
        setTimeout(poll, 20);
      }
    };
    poll();
  }, mode);
}

/** The request to the upload endpoint of this measurement, on the page's clock (Resource Timing). */
const requestTiming = (page) => page.evaluate((p) => {
  const e = performance.getEntriesByType('resource').filter((r) => new URL(r.name).pathname === p).pop();
  return e ? { start: e.startTime, responseStart: e.responseStart, end: e.responseEnd, initiator: e.initiatorType } : null;
}, UPLOAD_PATH);

async function measureApp(page, cdp, pid, file) {
  await cdp.send('HeapProfiler.collectGarbage');
  await arm(page, 'app');
  const stop = startSampling(cdp, pid);
  await sleep(600);
  const pickedAt = Date.now();
  await page.getByLabel(PICKER).setInputFiles(file);
  const ok = await page.waitForFunction(() => window.__big.done !== undefined, null, { timeout: TIMEOUT, polling: 50 }).then(() => true, () => false);
  await sleep(500);
  const samples = await stop();
  const t = await page.evaluate(() => window.__big);
  const request = await requestTiming(page);
  if (!ok) {
    const shown = await page.evaluate(() => document.querySelector('[data-testid="kept-file"]')?.textContent ?? null);
    throw new Error(`the app did not show «Скачать ${FILE_NAME}» in ${TIMEOUT / 1000} s (kept row: ${shown}; clocks ${JSON.stringify(t)})`);
  }
  return { keep: t.kept - t.pick, queued: t.queued === undefined ? null : t.queued - t.pick, total: t.done - t.pick, request, pick: t.pick, bodySent: t.bodySent ?? NaN, memory: memoryOf(samples, pickedAt) };
}

async function measureFetch(page, cdp, pid, file) {
  // The bench's own chooser on the same page: the same bytes from disk, the same endpoint, token and loopback.
  await page.evaluate((p) => {
    document.getElementById('bench-plain-file')?.remove();
    const input = Object.assign(document.createElement('input'), { type: 'file', id: 'bench-plain-file' });
    input.addEventListener('change', async () => {
      const form = new FormData();
      form.append('file', input.files[0]);
      form.append('attachCode', 'ST_CHARTER');
      form.append('valueIndex', '0');
      try {
        const res = await fetch(p, { method: 'POST', body: form, headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}` } });
        const body = await res.json();
        window.__big.status = res.status;
        window.__big.id = body?.id ?? body?.result?.id ?? null;
      } catch (error) {
        window.__big.status = String(error);
      }
      window.__big.done = performance.now();
    });
    document.body.append(input);
  }, UPLOAD_PATH);
  await cdp.send('HeapProfiler.collectGarbage');
  await arm(page, 'fetch');
  const stop = startSampling(cdp, pid);
  await sleep(600);
  const pickedAt = Date.now();
  await page.locator('#bench-plain-file').setInputFiles(file);
  await page.waitForFunction(() => window.__big.done !== undefined, null, { timeout: TIMEOUT, polling: 50 });
  await sleep(500);
  const samples = await stop();
  const t = await page.evaluate(() => window.__big);
  if (t.status !== 200) throw new Error(`plain fetch answered ${t.status}`);
  return { total: t.done - t.pick, request: await requestTiming(page), id: t.id, memory: memoryOf(samples, pickedAt) };
}

/** One run: a fresh applicant in a fresh profile, the questionnaire controlled by the service worker, both measurements. */
async function oneRun({ base, executablePath, args }, file, appFirst) {
  const userId = await newApplicant(base);
  const session = await tokenOf(base, userId);
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-upload-profile-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath, args, headless: true, locale: 'ru-RU', timezoneId: 'Europe/Moscow', viewport: { width: 1440, height: 900 } });
  const uploadedIds = [];
  context.on('response', (response) => {
    if (response.request().method() === 'POST' && new URL(response.url()).pathname === UPLOAD_PATH) response.json().then((b) => uploadedIds.push(b?.id), () => undefined);
  });
  try {
    await context.addInitScript(instrument, FILE_NAME);
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('dialog', (d) => void d.accept());
    await page.goto(`${base}/empty.html`);
    await page.evaluate((r) => { localStorage.setItem('access_token', r.token); localStorage.setItem('access_token_expires', String(r.tokenExpireAt * 1000)); localStorage.setItem('renew_token', r.renew_token); }, session);
    await page.goto(base + QUESTIONNAIRE);
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 60_000 }).catch(() => undefined);
    await page.reload();
    await page.getByTestId('save-state').waitFor({ timeout: 60_000 });
    if (!(await page.evaluate(() => !!navigator.serviceWorker?.controller))) throw new Error('the service worker does not control the questionnaire');
    // The first dialog of the form opens by itself: closed, as a person does, before anything is measured.
    const form = page.locator('form[data-first-dialog]');
    await page.waitForFunction(() => document.querySelector('form[data-first-dialog]')?.getAttribute('data-first-dialog') !== 'pending', null, { timeout: 30_000 }).catch(() => undefined);
    if ((await form.getAttribute('data-first-dialog').catch(() => null)) === 'open') {
      const button = page.getByRole('dialog').getByRole('button', { name: 'Понятно' });
      if (await button.waitFor({ timeout: 10_000 }).then(() => true, () => false)) await button.click();
    }
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => indexedDB.databases().then((list) => list.some((d) => d.name === 'cabinet-offline')), null, { timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    const pid = await browserPid(dir);
    let app;
    let plain;
    if (appFirst) {
      app = await measureApp(page, cdp, pid, file);
      plain = await measureFetch(page, cdp, pid, file);
    } else {
      plain = await measureFetch(page, cdp, pid, file);
      app = await measureApp(page, cdp, pid, file);
    }
    return { app, plain };
  } finally {
    await context.close();
    await rm(dir, { recursive: true, force: true });
    // The server keeps uploads in memory: this run's copies go, so later runs meet the same server.
    for (const id of new Set(uploadedIds.filter((x) => typeof x === 'number'))) {
      await fetch(`${base}/hosts/main/v2/projects/delete-attach/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${session.token}` } }).catch(() => undefined);
    }
  }
}

/** @returns {Promise<Array<{ metric: string, value: string, budget: string, ok: boolean, how: string }>>} */
export async function bigUploadRuns({ base, executablePath, args, runs = Number(process.env.BENCH_UPLOAD_RUNS ?? 3) }) {
  const loadAtStart = loadavg();
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-upload-'));
  const results = [];
  const failures = [];
  try {
    const file = await makeFile(dir);
    for (let i = 0; i < runs; i++) {
      // The order alternates run by run: neither path always meets the page (or the server) after the other.
      try {
        const r = await oneRun({ base, executablePath, args }, file, i % 2 === 0);
        trace(`run ${i + 1}: app ${Math.round(r.app.total)} ms (keep ${Math.round(r.app.keep)}), fetch ${Math.round(r.plain.total)} ms`);
        results.push(r);
      } catch (error) {
        // A failed run is said in the table, not thrown: the other sections' figures are still written.
        console.error(`[bench] big upload: run ${i + 1} failed: ${error.message}`);
        failures.push(error.message.split('\n')[0]);
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const loadAtEnd = loadavg();
  if (!results.length) return [{ metric: '100 MB file through the questionnaire', value: 'n/a', budget: 'info', ok: false, how: `every run failed: ${failures.join('; ')}` }];
  const each = (get, fmt = (n) => String(Math.round(n))) => results.map((r) => fmt(get(r))).join(', ');
  const med = (get) => median(results.map(get));
  const app = (r) => r.app;
  const wire = (r) => r.request ? r.request.end - r.request.start : NaN;
  const ratio = (r) => r.app.total / r.plain.total;
  const heapRise = (m) => m.peakHeap - m.baseHeap;
  const parts = [
    (r) => r.app.keep,
    (r) => r.app.request.start - r.app.pick - r.app.keep,
    (r) => r.app.bodySent - r.app.request.start,
    (r) => r.app.request.end - r.app.bodySent,
    (r) => r.app.total - (r.app.request.end - r.app.pick),
  ];
  const ratioMedian = med(ratio);
  const n = results.length;
  const orders = results.map((_, i) => (i % 2 === 0 ? 'app, fetch' : 'fetch, app')).join(' / ');
  const common = `${n} runs${failures.length ? ` (${failures.length} more failed: ${failures.join('; ')})` : ''} (median; each run: ${orders}), each a fresh applicant (POST /__test/applicant) in a fresh persistent profile, ${QUESTIONNAIRE} controlled by the service worker; a ${SIZE.toLocaleString('en')}-byte random ${FILE_NAME} on disk chosen with setInputFiles(path); load average (1/5/15 min) ${loadAtStart} at the start, ${loadAtEnd} at the end`;
  const heapValue = (get) => `peak ${MB(med((r) => get(r).peakHeap))} MB, baseline ${MB(med((r) => get(r).baseHeap))} MB (+${MB(med((r) => heapRise(get(r))))} MB); ArrayBuffers peak ${MB(med((r) => get(r).peakBacking))} MB; runs: ${results.map((r) => `${MB(get(r).peakHeap)}/${MB(get(r).baseHeap)}`).join(', ')}`;
  const heapHow = 'CDP Runtime.getHeapUsage of the page every ~100 ms (usedSize; ArrayBuffer backing stores apart): baseline = median of the samples in the 0.6 s before the pick after a forced GC, peak = max from the pick to 0.5 s after the end';
  return [
    { metric: 'load average (1/5/15 min) at the section start / end', value: `${loadAtStart} → ${loadAtEnd}`, budget: 'info', ok: true, how: `os.loadavg(); ${os.cpus().length} cores` },
    { metric: '100 MB file kept on the device (pick → kept row)', value: `${ms(med((r) => app(r).keep))} (runs ${each((r) => app(r).keep)}); row in IndexedDB at ${ms(med((r) => app(r).queued ?? NaN))}`, budget: 'info', ok: true,
      how: `page clock: the file input's change event → the kept row (data-testid="kept-file" naming the file) is in the DOM and laid out (MutationObserver); the second figure → a count() of the IndexedDB store "uploads" of cabinet-offline first finds the row (polled every 20 ms; it waits behind the write transaction of row and Blob). ${common}` },
    { metric: '100 MB file on the server, app (pick → «Скачать»)', value: `${ms(med((r) => app(r).total))} (runs ${each((r) => app(r).total)})`, budget: 'info', ok: true,
      how: `page clock: change event → the button «Скачать ${FILE_NAME}» is in the DOM and laid out: keep, the offline layer's XHR upload (multipart) and the form taking the file. ${common}` },
    { metric: 'app: where the time goes (keep / kept → request / body sent / server → answer / answer → «Скачать»)', value: `${parts.map((get) => ms(med(get))).join(' / ')} (runs ${results.map((r) => parts.map((get) => Math.round(get(r))).join('/')).join(', ')})`, budget: 'info', ok: true,
      how: 'same runs, page clock: pick → kept row; kept row → request start (Resource Timing startTime of the POST to upload-attach: the queue claims the row, reads the Blob back from IndexedDB); request start → the XHR\'s upload "load" event (the whole body handed over; a listener the bench adds in XMLHttpRequest.prototype.send); → response end (the server parses, stores and answers); response end → «Скачать» shown (the draft takes the file, the kept copy goes)' },
    { metric: '100 MB file on the server, plain fetch (pick → answer)', value: `${ms(med((r) => r.plain.total))} (runs ${each((r) => r.plain.total)}); request ${ms(med((r) => wire(r.plain)))}`, budget: 'info', ok: true,
      how: `page clock: change event of a file input the bench adds to the same page → fetch(POST ${UPLOAD_PATH}, FormData file + attachCode ST_CHARTER + valueIndex 0, the same bearer token) answered and its JSON read; request = Resource Timing start → response end. ${common}` },
    // The app sends the same bytes once, as a plain fetch does; its extra steps (the local copy, the queue) cost well under a second here, so more than 1.5× means it does much more than that.
    { metric: 'ratio app / plain fetch (pick → on the server)', value: `${ratioMedian.toFixed(2)}× (runs ${each(ratio, (x) => x.toFixed(2))}); request alone ${med((r) => wire(r.app) / wire(r.plain)).toFixed(2)}×`, budget: '≤ 1.5×', ok: ratioMedian <= 1.5,
      how: 'per run: app pick → «Скачать» divided by plain fetch pick → answer, median of the runs; "request alone": the two POSTs\' Resource Timing durations (the app\'s total also includes keeping the file first, which a plain fetch does not do); both include the reference server parsing and storing 100 MB' },
    { metric: 'peak JS heap, app (pick → «Скачать» + 0.5 s)', value: heapValue((r) => r.app.memory), budget: 'info', ok: true, how: heapHow },
    { metric: 'peak JS heap, plain fetch (pick → answer + 0.5 s)', value: heapValue((r) => r.plain.memory), budget: 'info', ok: true, how: heapHow },
    { metric: 'peak browser memory (RSS of all its processes) above baseline, app / plain fetch', value: `+${MB(med((r) => r.app.memory.peakRss - r.app.memory.baseRss))} MB / +${MB(med((r) => r.plain.memory.peakRss - r.plain.memory.baseRss))} MB (baseline ${MB(med((r) => r.app.memory.baseRss))} MB)`, budget: 'info', ok: true,
      how: `same samples: Σ VmRSS (/proc/PID/statm) of the browser process and its descendants; catches copies of the file outside the JS heap (Blob data, IndexedDB, network buffers). Sampling: ${median(results.flatMap((r) => [r.app.memory.samples, r.plain.memory.samples]))} samples per measurement (median), longest gap ${Math.max(...results.flatMap((r) => [r.app.memory.maxGap, r.plain.memory.maxGap]))} ms` },
  ];
}
