import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  hook,
  prepareContext,
  seeded,
  setFaults,
  stashAt,
  ownServerForSpec,
  violationsAt,
  waitForHook,
  waitForServiceWorker,
  type HookWindow,
} from './offline-support';

/**
 * "Nothing typed is ever lost" (DESIGN.md "Offline drafts"), proved in Chromium against the built app and a reference
 * back end of its own (the injected faults cannot disturb other specs): random edits with offline/online flips,
 * reloads, closed tabs, server 500s and slow answers; then the server's stash — read through the API — must hold
 * exactly the last value of every field, and for every field the seq of the client's last operation (no older write
 * was accepted after it). The edits go through the offline store's test hook in the page (the same DraftStore calls
 * the questionnaire makes), so the run is about the offline layer, not about typing speed.
 */
// These specs are about the service worker: it must run (the project default blocks it for page.route).
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

const server = ownServerForSpec();

type Op =
  | { kind: 'set'; field: string; value: unknown }
  | { kind: 'remove'; field: string }
  | { kind: 'clear' };

async function openTab(context: BrowserContext, path = '/tasks'): Promise<Page> {
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(path);
  await waitForHook(page);
  return page;
}

/** JSON with sorted keys: the server's JSONB does not keep key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

async function runOps(page: Page, hash: string, ops: Op[]) {
  await page.evaluate(
    async ([h, list]) => {
      const { store } = (window as unknown as HookWindow).__offline;
      for (const op of list as Op[]) {
        if (op.kind === 'set') store.set(h as string, op.field, op.value);
        else if (op.kind === 'remove') store.remove(h as string, op.field);
        else await store.clear(h as string);
      }
    },
    [hash, ops] as const,
  );
}

/** Collects the seqs of what was recorded on the device (before a reload or a closed tab wipes the page). */
async function collectSeqs(page: Page, lastSeq: Map<string, number>) {
  const recorded = await page.evaluate(() => (window as unknown as HookWindow).__offline.recorded());
  for (const op of recorded) lastSeq.set(op.field, op.seq);
}

async function waitUntilSaved(page: Page, hash: string, timeout = 120_000) {
  await expect
    .poll(
      async () => {
        await hook.flush(page);
        const state = await hook.state(page, hash);
        return `${state.status}/${state.pending}/${state.rejected.length}`;
      },
      { timeout, intervals: [500, 1000, 2000] },
    )
    .toBe('saved/0/0');
}

test('loss test: 500+ random edits across 36 fields with offline flips, reloads, 500s and slow answers lose nothing', async ({ browser }) => {
  test.setTimeout(480_000);
  const seed = Number(process.env.LOSS_SEED ?? 20260501);
  const random = seeded(seed);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 800 } });
  const session = await prepareContext(context, server.baseURL);
  const stats = { edits: 0, sets: 0, changes: 0, clears: 0, removes: 0, groupAdds: 0, groupRemoves: 0, draftClears: 0, flips: 0, reloads: 0, reopened: 0, faults500: 0, faultsSlow: 0, conflicts: 0, serverErrors: 0 };
  context.on('response', (response) => {
    if (!response.url().includes('/v2/stash')) return;
    if (response.status() === 409) stats.conflicts++;
    if (response.status() >= 500) stats.serverErrors++;
  });

  let page = await openTab(context);
  await waitForServiceWorker(page);
  // Shorter than the injected slow answers: a slow write is abandoned and sent again while the first copy is still
  // on its way — the server must apply it once and refuse older copies that arrive late.
  await page.evaluate(() => (window as unknown as HookWindow).__offline.setRequestTimeout(1_500));

  const hash = `7questionnaireLOSS-${seed}`;
  // 30 plain fields in the engine's key format "code|group|index", plus a repeatable group of 3 fields × 4 instances.
  const plain = Array.from({ length: 30 }, (_, i) => `field${String(i + 1).padStart(2, '0')}|0|0`);
  const groupFields = (instance: number) => ['member', 'share', 'role'].map((code) => `${code}|${instance}|0`);
  const expected = new Map<string, unknown>();
  const lastSeq = new Map<string, number>();
  const touched = new Set<string>();
  let instances: number[] = [0];
  let offline = false;

  const valueFor = (step: number): unknown => {
    const r = random();
    if (r < 0.6) return `Значение ${step} «${seed}»`;
    if (r < 0.75) return String(Math.floor(random() * 1_000_000));
    if (r < 0.9) return [{ value: `п${step}`, groupIndex: 0, valueIndex: 0 }];
    return { checked: random() < 0.5, step };
  };

  while (stats.edits < 520) {
    const r = random();
    if (r < 0.72) {
      const ops: Op[] = [];
      const count = 1 + Math.floor(random() * 8);
      for (let i = 0; i < count; i++) {
        const kind = random();
        if (kind < 0.78) {
          const field = random() < 0.8 ? pick(plain) : pick(instances.flatMap(groupFields));
          const value = valueFor(stats.edits);
          if (expected.has(field)) stats.changes++;
          else stats.sets++;
          ops.push({ kind: 'set', field, value });
          expected.set(field, value);
        } else if (kind < 0.88) {
          // Clearing a field: the empty value is stored like any other.
          const field = pick(plain);
          ops.push({ kind: 'set', field, value: '' });
          expected.set(field, '');
          stats.clears++;
        } else if (kind < 0.93) {
          const field = pick(plain);
          ops.push({ kind: 'remove', field });
          expected.delete(field);
          stats.removes++;
        } else if (kind < 0.97 && instances.length < 4) {
          const next = Math.max(...instances, -1) + 1;
          instances = [...instances, next];
          ops.push({ kind: 'set', field: 'team|group', value: instances });
          expected.set('team|group', instances);
          for (const field of groupFields(next)) {
            const value = valueFor(stats.edits);
            ops.push({ kind: 'set', field, value });
            expected.set(field, value);
          }
          stats.groupAdds++;
        } else if (instances.length > 1) {
          // SPEC §2: removing a group deletes its fields from the draft store.
          const gone = pick(instances.slice(1));
          instances = instances.filter((i) => i !== gone);
          for (const field of groupFields(gone)) {
            ops.push({ kind: 'remove', field });
            expected.delete(field);
          }
          ops.push({ kind: 'set', field: 'team|group', value: instances });
          expected.set('team|group', instances);
          stats.groupRemoves++;
        } else if (stats.draftClears < 2 && stats.edits > 150 * (stats.draftClears + 1)) {
          // The whole draft cleared (after a save), then filling goes on.
          ops.push({ kind: 'clear' });
          expected.clear();
          instances = [0];
          stats.draftClears++;
        } else {
          continue;
        }
        stats.edits++;
      }
      for (const op of ops) if (op.kind !== 'clear') touched.add(op.field);
      await runOps(page, hash, ops);
    } else if (r < 0.8) {
      offline = !offline;
      await context.setOffline(offline);
      stats.flips++;
    } else if (r < 0.86) {
      if (random() < 0.5) {
        await setFaults(page.request, server.baseURL, [{ match: '/v2/stash', status: 500, times: 1 + Math.floor(random() * 3) }]);
        stats.faults500++;
      } else {
        await setFaults(page.request, server.baseURL, [{ match: '/v2/stash', delayMs: 2_000 + Math.floor(random() * 1_500), times: 1 + Math.floor(random() * 2) }]);
        stats.faultsSlow++;
      }
    } else if (r < 0.91) {
      await collectSeqs(page, lastSeq);
      await page.reload();
      await waitForHook(page);
      await page.evaluate(() => (window as unknown as HookWindow).__offline.setRequestTimeout(1_500));
      stats.reloads++;
    } else if (r < 0.93) {
      await collectSeqs(page, lastSeq);
      await page.close();
      page = await openTab(context);
      await page.evaluate(() => (window as unknown as HookWindow).__offline.setRequestTimeout(1_500));
      stats.reopened++;
    } else {
      // The person pauses (think time is part of the simulated behaviour, not a wait for the app).
      await page.waitForTimeout(50 + Math.floor(random() * 400));
    }
  }

  await collectSeqs(page, lastSeq);
  await context.setOffline(false);
  await setFaults(page.request, server.baseURL, []);
  await waitUntilSaved(page, hash);
  await collectSeqs(page, lastSeq);

  // Through the API, not the UI.
  const stash = await stashAt(page.request, server.baseURL, session.token, hash);
  const differences: string[] = [];
  for (const [field, value] of expected) {
    if (canonical(stash.values[field]) !== canonical(value)) {
      differences.push(`${field}: expected ${JSON.stringify(value)}, server ${JSON.stringify(stash.values[field])}`);
    }
  }
  for (const field of Object.keys(stash.values)) if (!expected.has(field)) differences.push(`${field}: should be absent`);
  // Out-of-order check: the server's last accepted seq of every field is the seq of the client's last operation.
  const outOfOrder = [...expected.keys()].filter((field) => stash.seqs?.[field] !== lastSeq.get(field));
  console.info(`[loss] seed=${seed} ${JSON.stringify(stats)} fields=${expected.size} differences=${differences.length} outOfOrder=${outOfOrder.length}`);
  expect(stats.edits).toBeGreaterThanOrEqual(500);
  expect(touched.size).toBeGreaterThanOrEqual(30);
  expect(differences).toEqual([]);
  expect(outOfOrder).toEqual([]);
  expect(await violationsAt(page.request, server.baseURL)).toEqual([]);
  await context.close();
});

test('two tabs on the same draft: one replayer at a time, the same count in both, no edit lost', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: server.baseURL });
  const session = await prepareContext(context, server.baseURL);
  const hash = '7questionnaireTWO-TABS';
  let inFlight = 0;
  let maxInFlight = 0;
  let writes = 0;
  const isWrite = (url: string, method: string) => url.includes('/v2/stash') && method !== 'GET';
  context.on('request', (request) => {
    if (!isWrite(request.url(), request.method())) return;
    writes++;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
  });
  const done = (request: { url(): string; method(): string }) => {
    if (isWrite(request.url(), request.method())) inFlight--;
  };
  context.on('requestfinished', done);
  context.on('requestfailed', done);

  const a = await openTab(context);
  await waitForServiceWorker(a);
  const b = await openTab(context);
  // Slow answers: both tabs would overlap if each sent on its own.
  await setFaults(a.request, server.baseURL, [{ match: '/v2/stash', delayMs: 150 }]);
  await context.setOffline(true);
  const expected: Record<string, string> = {};
  for (let i = 0; i < 30; i++) {
    const tab = i % 2 ? b : a;
    const field = `f${i % 12}|0|0`;
    const value = `${i % 2 ? 'Б' : 'А'}-${i}`;
    await hook.set(tab, hash, field, value);
    expected[field] = value;
  }
  // The same count in both tabs (BroadcastChannel), and on screen as the same words.
  await expect.poll(async () => (await hook.state(a, hash)).pending).toBe(12);
  await expect.poll(async () => (await hook.state(b, hash)).pending).toBe(12);
  expect((await hook.state(a, hash)).status).toBe('offline');
  expect((await hook.state(b, hash)).status).toBe('offline');

  await context.setOffline(false);
  await expect.poll(async () => `${(await hook.state(a, hash)).status}/${(await hook.state(b, hash)).status}`, { timeout: 60_000 }).toBe('saved/saved');
  await setFaults(a.request, server.baseURL, []);
  const stash = await stashAt(a.request, server.baseURL, session.token, hash);
  console.info(`[two tabs] writes=${writes} maxConcurrentWrites=${maxInFlight}`);
  expect(stash.values).toEqual(expected);
  expect(maxInFlight).toBe(1);
  expect(writes).toBeLessThanOrEqual(12 + 2);
  await context.close();
});
