// Bundle budget check (DESIGN.md "Budgets": first-load JavaScript ≤ 150 KiB gzip per route), run by `npm test` after
// the build: sizes only, computed from the build output, so the same sources always give the same figures.
//
// A route's first-load JavaScript = the entry chunk, the chunks the route loads before its screen shows (its route
// component chunks, the cabinet recipes, chunks its screen imports at once), and everything those import statically.
// Each file counts with its gzip -9 size. The chunk graph comes from <dist>/.vite/bundle-stats.json (written by the
// build, scripts/bundle-stats.mjs); `npm run bench` checks the same routes against the browser's network log.
//
// The DESIGN.md budget is 150 KiB. Routes that cannot reach it with the fixed stack have a goal instead: `reachedKiB`, the
// figure the route reached when its size was last reviewed, and a limit HEADROOM above it. Growth within the headroom
// (a dependency's patch or minor release, a small feature) is printed, with its size, and does not fail; growth past
// the limit fails `npm test`, and the change that caused it either wins the bytes back or sets a new reached figure
// (README "Производительность и доступность", docs/dependency-upgrades.md). The history of each figure is this file's
// git log. Usage: node scripts/check-bundle-budget.mjs [dist] [--json]
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

/** Headroom of each route's limit above its reached figure: 2 %, 3.3–4.9 KiB on these routes. */
export const HEADROOM = 0.02;

/** A route's limit: its reached figure plus the headroom, to 0.1 KiB. */
export const limitOf = (reachedKiB) => Math.round(reachedKiB * (1 + HEADROOM) * 10) / 10;

/**
 * The routes: what each loads before its screen shows (module ids of chunk facades) and the first-load figure it reached
 * (in the measure of `stableText`, which is 1.3–3.0 KiB below the figures as shipped). Reviewed with Chakra UI 3.38.0,
 * Ark UI 5.40.0 and Zag 1.47.0 (+0.1 to +1.0 KiB on the routes from 3.37.0 / 5.39.0 / 1.43.3), then with the build
 * patches that did not pay for their upkeep taken out (+0.6 to +0.7 KiB: pure-anatomy, bench/patches.md). /login is no
 * longer capped at its figure of issue 19 (165.3 KiB in this measure): a cap with no headroom was the ratchet that
 * failed every dependency bump; it has the same 2 % as every route.
 */
export const ROUTES = [
  { route: '/login', loads: ['src/routes/login.tsx?tsr-split=component'], reachedKiB: 165.3 },
  { route: '/programs', loads: [...CABINET, 'src/routes/_cabinet/programs.index.tsx?tsr-split=component'], reachedKiB: 213.9 },
  { route: '/tasks', loads: [...CABINET, 'src/routes/_cabinet/tasks.index.tsx?tsr-split=component'], reachedKiB: 212.1 },
  {
    route: '/programs/create/$code1C',
    loads: [...CABINET, 'src/routes/_cabinet/programs.create.$code1C.tsx?tsr-split=component'],
    reachedKiB: 232.4,
  },
  {
    route: '/calendar',
    loads: [...CABINET, 'src/routes/_cabinet/calendar.tsx?tsr-split=component', 'src/features/calendar/components/calendar-screen.tsx'],
    reachedKiB: 244.1,
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
  return routes.map(({ route, loads, reachedKiB }) => {
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
    return { route, files: [...files], gzipKiB: KiB(gzip), rawKiB: KiB(raw), reachedKiB, limitKiB: limitOf(reachedKiB), designKiB: DESIGN_BUDGET_KIB, breakdown };
  });
}

/** Signed KiB to 0.1 with its share of `of`: "+0.6 KiB (+0.3 %)". */
const growth = (kib, of) => `${kib >= 0 ? '+' : '−'}${Math.abs(kib).toFixed(1)} KiB (${kib >= 0 ? '+' : '−'}${Math.abs((kib / of) * 100).toFixed(1)} %)`;

/**
 * Human-readable report and the verdict: a route over its limit (reached figure + HEADROOM) fails; growth within the
 * headroom is printed; over the DESIGN.md budget is reported.
 */
export function report(results) {
  const lines = ['First-load JavaScript per route (gzip -9, from the build output):', ''];
  lines.push(`| route | files | gzip KiB | raw KiB | DESIGN.md budget | reached | limit (+${HEADROOM * 100} %) | status |`, '|---|---|---|---|---|---|---|---|');
  let failed = false;
  const grown = [];
  for (const r of results) {
    const over = r.gzipKiB > r.limitKiB;
    failed ||= over;
    const change = KiB((r.gzipKiB - r.reachedKiB) * 1024);
    if (change !== 0 && !over) grown.push(`${r.route}: ${growth(change, r.reachedKiB)} from its reached ${r.reachedKiB} KiB, ${KiB((r.limitKiB - r.gzipKiB) * 1024)} KiB left below its limit`);
    const status = over
      ? `FAIL: over the limit by ${KiB((r.gzipKiB - r.limitKiB) * 1024)} KiB (${growth(change, r.reachedKiB)} from the reached figure)`
      : r.gzipKiB <= r.designKiB
        ? 'within budget'
        : `within limit${change ? ` (${growth(change, r.reachedKiB)})` : ''}; ${KiB((r.gzipKiB - r.designKiB) * 1024)} KiB over the budget`;
    lines.push(`| ${r.route} | ${r.files.length} | ${r.gzipKiB} | ${r.rawKiB} | ${r.designKiB} | ${r.reachedKiB} | ${r.limitKiB} | ${status} |`);
  }
  if (grown.length) lines.push('', 'Changed within the headroom (not a failure; lower `reachedKiB` when a route gets lighter):', ...grown.map((g) => `- ${g}`));
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
    console.error(`\nBundle budget check failed: a route grew more than ${HEADROOM * 100} % past the figure it reached (scripts/check-bundle-budget.mjs).`);
    process.exit(1);
  }
}
