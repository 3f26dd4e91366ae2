// Vite plugin + code-splitting group: the code a screen loads before it shows comes in as few files as possible,
// without any screen loading a byte it does not use.
//
// Why: by default the bundler puts each module in a chunk shared by exactly the dynamic imports that reach it, and the
// app has many besides its screens (dialogs, drawers, pickers, the dock): the modules of one screen came in ~40 files,
// most under 1 KiB (/tasks: 44 files, 36 of them under 2 KiB). Over HTTP/1.1 a browser fetches at most 6 at a time
// per origin, and on a phone's network each file costs a round trip (≈150 ms) more than its bytes.
//
// Here a module's chunk is decided by the screens alone: the modules loaded before the same set of screens show go
// into one chunk. A screen loads a chunk only because it needs one of its modules, and every module of that chunk is
// needed by the same screens, so no screen's first load grows; only what a screen loads later (a dialog's code) may
// come with modules of the screens that open it. Modules no screen loads first keep the default chunking. Two such
// chunks never import each other: a module imports only modules that every screen loading it loads too, so a chunk
// imports only chunks of more screens.
//
// Which modules a screen loads is read from the output of a first build with the default chunking (in memory): only
// the bundler knows, after tree-shaking, which of a barrel's re-exports ('@chakra-ui/react') a screen really uses.
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A screen's component chunk (TanStack Router's automatic code splitting): `src/routes/<route>.tsx?tsr-split=component`. */
const SCREEN = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/;

/** A module id as a project path with `/` separators, its query kept (`src/routes/login.tsx?tsr-split=component`). */
export function projectPath(root, id) {
  const [file, query] = id.split('?');
  const rel = path.relative(root, file).split(path.sep).join('/');
  return query ? `${rel}?${query}` : rel;
}

/** Set while the first build runs: vite.config.ts leaves out what only the shipped build needs. */
export const PLANNING = 'SCREEN_CHUNKS_PLANNING';

/**
 * For every module a screen loads before it shows, the screens that do, as a key (routes, sorted, joined by a space).
 * A screen is a route without child routes; its first load is the static closure of the chunks holding its component,
 * its layouts' components (`_cabinet` for `_cabinet/tasks.index`) and the `extra` modules of either, minus the entry's
 * static closure (the startup code every page loads).
 * @param {{ fileName: string, imports: string[], isEntry: boolean, moduleIds: string[] }[]} chunks
 * @param {{ extra?: Record<string, string[]>, relative: (id: string) => string }} options
 * @returns {Map<string, string>} module id → its screens' key
 */
export function screenSets(chunks, { extra = {}, relative }) {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (files) => {
    const seen = new Set();
    const stack = [...files];
    while (stack.length) {
      const file = stack.pop();
      if (seen.has(file) || !byFile.has(file)) continue;
      seen.add(file);
      stack.push(...byFile.get(file).imports);
    }
    return seen;
  };
  const startup = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
  const chunkOf = new Map(chunks.flatMap((c) => c.moduleIds.map((id) => [relative(id), c.fileName])));
  const routes = [...chunkOf.keys()].flatMap((id) => SCREEN.exec(id)?.[1] ?? []).sort();
  const own = (route) => [chunkOf.get(`src/routes/${route}.tsx?tsr-split=component`), ...(extra[route] ?? []).map((file) => chunkOf.get(file))].filter(Boolean);
  const sets = new Map();
  for (const route of routes) {
    if (routes.some((child) => child.startsWith(`${route}/`))) continue; // a layout: loaded with its screens
    const layouts = routes.filter((layout) => route.startsWith(`${layout}/`));
    for (const file of closure([route, ...layouts].flatMap(own))) {
      if (startup.has(file)) continue;
      for (const id of byFile.get(file).moduleIds) sets.set(id, sets.has(id) ? `${sets.get(id)} ${route}` : route);
    }
  }
  return sets;
}

/** A chunk's name: the screen's route when one screen loads it, else a short stable hash of the screens. */
export function chunkName(key) {
  if (!key.includes(' ')) return key.replace(/[^\w.-]+/g, '_');
  return `screens-${createHash('sha256').update(key).digest('hex').slice(0, 8)}`;
}

/**
 * @param {{ extra?: Record<string, string[]> }} options extra: route → more modules its screen imports at once (as in
 *   bootPreload's `extra`, e.g. the calendar screen)
 */
export function screenChunks({ extra = {} } = {}) {
  let sets = new Map();
  let config;
  const relative = (id) => projectPath(config.root, id);
  return {
    plugin: {
      name: 'screen-chunks',
      apply: 'build',
      configResolved(resolved) {
        config = resolved;
      },
      async buildStart() {
        if (process.env[PLANNING]) return;
        const { build } = await import('vite');
        const outDir = await mkdtemp(path.join(tmpdir(), 'screen-chunks-'));
        process.env[PLANNING] = '1';
        try {
          const result = await build({ configFile: config.configFile, root: config.root, mode: config.mode, logLevel: 'error', build: { write: false, outDir, emptyOutDir: false } });
          const output = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output ?? []);
          const chunks = output.filter((o) => o.type === 'chunk').map((c) => ({ ...c, moduleIds: Object.keys(c.modules) }));
          sets = new Map([...screenSets(chunks, { extra, relative })].map(([id, key]) => [id, chunkName(key)]));
        } finally {
          delete process.env[PLANNING];
          await rm(outDir, { recursive: true, force: true });
        }
      },
    },
    group: {
      name: (id) => sets.get(id) ?? null,
      includeDependenciesRecursively: false,
      test: (id) => sets.has(id),
    },
  };
}
