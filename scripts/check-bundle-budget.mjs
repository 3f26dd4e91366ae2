// Bundle budget check (DESIGN.md "Budgets": first-load JavaScript ≤ 150 KiB gzip per route), run by `npm test` after
// the build: sizes only, computed from the build output, so the same sources always give the same figures.
//
// A route's first-load JavaScript = the entry chunk, the chunks the route loads before its screen shows (its route
// component chunks, the cabinet recipes, chunks its screen imports at once), and everything those import statically.
// Each file counts with its gzip -9 size. The chunk graph comes from <dist>/.vite/bundle-stats.json (written by the
// build, scripts/bundle-stats.mjs); `npm run bench` checks the same routes against the browser's network log.
//
// The DESIGN.md budget is 150 KiB. Routes that cannot reach it with the fixed stack have a `limit` — the figure
// reached, plus a small margin — so a regression still fails; README "Производительность и доступность" shows where
// the bytes go. Usage: node scripts/check-bundle-budget.mjs [dist] [--json]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const DESIGN_BUDGET_KIB = 150;

/**
 * A chunk's text with what changes from one build of the same sources to the next made constant: the build's time (the
 * app's version, vite.config.ts `__APP_VERSION__`, busts the persisted query cache on each deploy) and with it the
 * content hashes in the file names every chunk imports by. Measured as shipped, two builds of one commit differed by up
 * to 122 B gzip on a route, enough to cross a limit kept within 0.1 KiB; measured this way they are equal.
 */
export function stableText(source) {
  return source
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, '2000-01-01T00:00:00.000Z')
    .replace(/-[A-Za-z0-9_-]{8}\.(js|css)\b/g, '-00000000.$1');
}

const CABINET = ['src/app/theme-cabinet.ts', 'src/routes/_cabinet.tsx?tsr-split=component'];

/**
 * The routes of the issue: what each loads before its screen shows (module ids of chunk facades) and its limit. A route
 * that gets lighter lowers its limit to what it reached (issue 19); /login's first-load JS must never grow past its
 * figure when issue 19 was filed.
 * Limits are in the measure of `stableText` (since it was introduced; 1.3–3.0 KiB below the figures as shipped, which
 * carry one random 8-character hash per imported file): /login's 166.5 KiB as shipped is 165.3 in it; the others are
 * what the routes reached then, with the kept picture waiting for the service message (+53 B), the bell's badge
 * placed without Chakra's Float (−293 B) and the first-load chunks grouped by the screens that load them
 * (scripts/screen-chunks.mjs: /tasks 44 → 21 files and 3.1 KiB less; /login's limit follows it down, 165.3 → 165.0).
 * /calendar 247.1 → 243.8: react-big-calendar's lodash calls served by plain functions (src/features/calendar/vendor/lodash).
 * /programs, /tasks and the questionnaire +0.1 (212.9 → 213, 210.9 → 211, 236.9 → 237; still 4–57 KiB below their figures
 * when issue 19 was filed): a tab restarted for another user asks the server who is signed in before it trusts the kept
 * record (features/auth/signed-in-user.ts, 61 B in the startup chunk); it showed the previous user's name before.
 * Every route −0.7 KiB (165 → 164.3, 213 → 212.3, 211 → 210.3, 237 → 236.3, 243.8 → 243.1): the startup chunk carries the
 * theme's finished tokens instead of Chakra's token definitions and the code that made tokens of them
 * (scripts/token-snapshot.mjs).
 * /programs and /tasks +0.1 (212.3 → 212.4, 210.3 → 210.4; +70 B): the kept picture goes as soon as a person moves the
 * pointer, touches the screen or presses a key over the app's settled screen (lib/screen-snapshot-release.ts); a click
 * in the moments before the swap went to nothing before.
 * /login, the questionnaire and /calendar +0.1 (164.3 → 164.4, 236.3 → 236.4, 243.1 → 243.2; +22–25 B): React DOM's five
 * thrown-by-identity values are made without a recorded stack (scripts/react-sentinels.mjs); with DevTools attached,
 * as in Lighthouse, making them re-parsed the startup chunk: 60–80 ms of its evaluation at full speed. /login stays
 * 0.9 KiB below its figure when issue 19 was filed.
 * /programs and /tasks +0.1, the questionnaire +0.2 (212.4 → 212.5, 210.4 → 210.5, 236.4 → 236.6; +81–146 B): Moscow
 * dates and the relative notes of the RID tab and the project plan without luxon and without ICU's date data
 * (lib/moscow-time.ts, lib/relative-days.ts). The project card's first load loses luxon (−21 KiB gzip), and no first
 * screen makes an Intl.DateTimeFormat any more: 25–35 ms of ICU loading at full speed in each first render. The Russian
 * plural rules (lib/plural.ts), now used by the project card too, came out of a shared chunk into a file of their own.
 * /programs and /tasks +0.1 (212.5 → 212.6, 210.5 → 210.6; +49 B): the cabinet's frame keeps the service message's
 * banner that boot.js drew before the app's code ran (features/shell/components/cabinet-frame.tsx), the largest text of
 * these screens on a phone (their largest contentful paint; README "Производительность и доступность").
 * /login, the questionnaire and /calendar +0.1 (164.4 → 164.5, 236.6 → 236.7, 243.2 → 243.3; +107 B on every route,
 * /programs and /tasks stay within theirs): the frame index.html painted stays on screen until the first route is drawn
 * (app/router.tsx PaintedFrame); the app's first render emptied the page for ~0.15–0.25 s of a phone's first visit.
 * /login stays 0.8 KiB below its figure when issue 19 was filed.
 * /programs and /tasks +0.3, the questionnaire +0.2, /calendar +0.3 (212.6 → 212.9, 210.6 → 210.9, 236.7 → 236.9,
 * 243.3 → 243.6; +230 B): the cabinet puts emotion's rules into its blocks split by their text (app/emotion-layers.ts
 * splitText); written back by the browser, a shorthand with var() was lost — every skeleton of the cabinet was
 * transparent and still, and its spinners did not turn.
 * /programs, /tasks, the questionnaire and /calendar −0.2 / −0.2 / −0.1 / −0.2 (212.9 → 212.7, 210.9 → 210.7,
 * 236.9 → 236.8, 243.6 → 243.4): the sign-out warning's texts come with its dialog (features/auth/components/
 * leave-session-confirm.tsx), not with the signed-in layout; with them, a field a dialog gives the focus back to keeps
 * its caret (lib/focus-return.ts, loaded after the first screen) and the signed-in layout's pending view keeps the
 * painted frame (app/painted-frame.tsx). /login unchanged.
 * The questionnaire +0.1 (236.8 → 236.9; +79 B): the save state keeps an edit counted until the outbox rows read hold it,
 * and says nothing is saved before the outbox was read once (lib/offline/offline-draft-store.ts, sync-state.ts: the chaos
 * run's «Все изменения сохранены» over an unsent edit), and a draft opens only after the edits a page going away left in
 * the journal are on the device (a region chosen the moment before a reload showed empty after it).
 * The questionnaire −13.9 (236.9 → 223.0), /programs −0.3 (212.7 → 212.4), /tasks +0.5 (210.7 → 211.2; the same modules,
 * in 23 files instead of 21): the questionnaire's radios and checkboxes are the browser's own inputs
 * (components/plain-field.tsx Choice), so its first load has no Ark checkbox, radio group or zag state machine. zag's
 * machine and DOM helpers, shared before by /tasks, /programs and the questionnaire, are now shared by fewer screens and
 * come in three small files of their own (scripts/screen-chunks.mjs: no screen loads a byte it does not use); each file
 * is compressed on its own. /login and /calendar unchanged.
 * The questionnaire +7.0 (223.0 → 230.0), /programs and /calendar +0.2 (212.4 → 212.6, 243.4 → 243.6), /tasks +0.1
 * (211.2 → 211.3): files keep the offline promise (DESIGN.md "Attachments offline"). The questionnaire's first load
 * carries the device's file queue (lib/offline/uploads.ts, file-queue.ts: 2.6 KiB), the replayer's file lane (1 KiB),
 * a kept file's row with its progress and actions, keeping and recognising a kept file at its field (~2.5 KiB) and the
 * upload's words (lib/upload-progress.ts); the XHR transport (lib/api/upload-transport.ts, 1 KiB) loads with the first
 * upload. Every signed-in screen: the app badge adds what waits on the device to the unread notifications
 * (lib/pwa/badge.ts) and the sign-out warning names the files it would lose (features/auth/leave-session.ts). /login
 * unchanged.
 * /programs, /tasks and /calendar +0.2 (212.6 → 212.8, 211.3 → 211.5, 243.6 → 243.8), the questionnaire +0.4 (230.0 →
 * 230.4): edits leave the device with the tab closed (DESIGN.md "Background send"). Every signed-in screen can say once
 * what the service worker sent («Изменения, сделанные без сети, отправлены»; its notice loads only then) and hands the
 * unread count to the worker's badge (lib/offline/status.ts, lib/pwa/badge.ts); the questionnaire's offline layer
 * takes its API client as a parameter, so the worker's script runs the same code. /login unchanged.
 * The questionnaire +1.0 (230.4 → 231.4), /programs −0.6 (212.8 → 212.2), /tasks −0.6 (211.5 → 210.9), /calendar −0.5
 * (243.8 → 243.3): the phone, keyboard and screen-reader pass of the questionnaire — dates that do not exist said so
 * (rules/dates.ts, out of input-behaviour.ts, which every signed-in screen loads: hence the others' loss), the amount's
 * maximum checked at once, the focus ring on invalid fields, the sticky bar's height kept as the scroll padding, the
 * focus given back after a deletion or the recognition dialog. /login unchanged.
 */
export const ROUTES = [
  { route: '/login', loads: ['src/routes/login.tsx?tsr-split=component'], limitKiB: 164.5 },
  { route: '/programs', loads: [...CABINET, 'src/routes/_cabinet/programs.index.tsx?tsr-split=component'], limitKiB: 212.2 },
  { route: '/tasks', loads: [...CABINET, 'src/routes/_cabinet/tasks.index.tsx?tsr-split=component'], limitKiB: 210.9 },
  {
    route: '/programs/create/$code1C',
    loads: [...CABINET, 'src/routes/_cabinet/programs.create.$code1C.tsx?tsr-split=component'],
    limitKiB: 231.4,
  },
  {
    route: '/calendar',
    loads: [...CABINET, 'src/routes/_cabinet/calendar.tsx?tsr-split=component', 'src/features/calendar/components/calendar-screen.tsx'],
    limitKiB: 243.3,
  },
];

const KiB = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** Group of a module for the breakdown: the npm package, or the source folder. */
function groupOf(module) {
  if (module.pkg !== 'src') return module.pkg;
  const parts = module.id.split('?')[0].split('/');
  return parts.slice(0, parts[1] === 'features' || parts[1] === 'lib' ? 3 : 2).join('/');
}

/**
 * Measures every route of `routes` in a build: files, gzip total, and a breakdown by package / source folder
 * (each module's share of its chunk's gzip size). Throws when the stats are missing or a route's chunk is not found.
 */
export function measureRoutes(distDir, routes = ROUTES) {
  const statsFile = path.join(distDir, '.vite', 'bundle-stats.json');
  if (!existsSync(statsFile)) throw new Error(`${statsFile} not found: build with vite.config.ts (bundle-stats plugin) first`);
  const { chunks } = JSON.parse(readFileSync(statsFile, 'utf8'));
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('no entry chunk in the bundle stats');
  const gzipOf = new Map();
  const fileGzip = (file) => {
    if (!gzipOf.has(file)) gzipOf.set(file, gzipSync(Buffer.from(stableText(readFileSync(path.join(distDir, file), 'latin1')), 'latin1'), { level: 9 }).length);
    return gzipOf.get(file);
  };
  return routes.map(({ route, loads, limitKiB }) => {
    const start = [entry.file];
    for (const facade of loads) {
      const chunk = (chunks.find((c) => c.facade === facade) ?? chunks.find((c) => c.modules.some((m) => m.id === facade)));
      if (!chunk) throw new Error(`${route}: no chunk for ${facade} — update ROUTES in scripts/check-bundle-budget.mjs`);
      start.push(chunk.file);
    }
    const files = new Set();
    const visit = (file) => {
      if (files.has(file)) return;
      files.add(file);
      for (const dep of byFile.get(file)?.imports ?? []) visit(dep);
    };
    start.forEach(visit);
    let gzip = 0;
    let raw = 0;
    const groups = new Map();
    for (const file of files) {
      const size = fileGzip(file);
      gzip += size;
      const chunk = byFile.get(file);
      raw += chunk?.raw ?? 0;
      // Module shares are of the chunk before Vite's final rewrite; scale them to the file's real gzip size.
      const shares = chunk?.modules ?? [];
      const total = shares.reduce((n, m) => n + m.gzip, 0) || 1;
      for (const m of shares) groups.set(groupOf(m), (groups.get(groupOf(m)) ?? 0) + (m.gzip / total) * size);
    }
    const breakdown = [...groups].map(([name, bytes]) => ({ name, kib: KiB(bytes) })).sort((a, b) => b.kib - a.kib);
    return { route, files: [...files], gzipKiB: KiB(gzip), rawKiB: KiB(raw), limitKiB, designKiB: DESIGN_BUDGET_KIB, breakdown };
  });
}

/** Human-readable report and the verdict: a route over its limit fails; over the DESIGN.md budget is reported. */
export function report(results) {
  const lines = ['First-load JavaScript per route (gzip -9, from the build output):', ''];
  lines.push('| route | files | gzip KiB | raw KiB | DESIGN.md budget | limit (regression) | status |', '|---|---|---|---|---|---|---|');
  let failed = false;
  for (const r of results) {
    const over = r.gzipKiB > r.limitKiB;
    failed ||= over;
    const status = over ? `FAIL: over the limit by ${KiB((r.gzipKiB - r.limitKiB) * 1024)} KiB` : r.gzipKiB <= r.designKiB ? 'within budget' : `within limit; ${KiB((r.gzipKiB - r.designKiB) * 1024)} KiB over the budget`;
    lines.push(`| ${r.route} | ${r.files.length} | ${r.gzipKiB} | ${r.rawKiB} | ${r.designKiB} | ${r.limitKiB} | ${status} |`);
  }
  for (const r of results.filter((x) => x.gzipKiB > x.designKiB)) {
    lines.push('', `${r.route}: ${r.breakdown.slice(0, 12).map((b) => `${b.name} ${b.kib}`).join(', ')}`);
  }
  return { text: lines.join('\n'), failed };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const dist = path.resolve(args.find((a) => !a.startsWith('--')) ?? 'dist');
  const results = measureRoutes(dist);
  if (args.includes('--json')) console.log(JSON.stringify(results, null, 2));
  const { text, failed } = report(results);
  console.log(text);
  if (failed) {
    console.error('\nBundle budget check failed: a route grew past its limit (scripts/check-bundle-budget.mjs).');
    process.exit(1);
  }
}
