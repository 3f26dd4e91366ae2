// Vite plugin + code-splitting group: the code every signed-in screen loads before it shows (the cabinet layout, its
// recipes and everything they import that the rest of the app does not) in one chunk instead of ~16 small ones.
//
// Why: each file of a first visit is a request, and over HTTP/1.1 a browser runs at most 6 at a time per origin; on a
// phone's network (≈150 ms a round trip) the ~55 files before a cabinet screen cost about nine round trips of waiting,
// more than their bytes. The group takes no module that a screen outside the cabinet can load (sign-in, the hand-over
// pages, what the app loads on any page), so no route loads a byte more than before: it only loads fewer files.
import path from 'node:path';

/** Route component chunks under the cabinet layout (the layout's and its children's): loaded only with the layout. */
const CABINET_SPLIT = /^src\/routes\/_cabinet(\.tsx|\/.+\.tsx)\?tsr-split=/;

/**
 * Modules for the cabinet group, from the module graph: static closure of `roots` minus everything that can load
 * without the cabinet layout (static and dynamic imports from the entries, never entering a cabinet route chunk).
 * @param {{ entries: string[], roots: string[], info: (id: string) => { importedIds: readonly string[], dynamicallyImportedIds: readonly string[] } | null, relative: (id: string) => string }} graph
 */
export function cabinetModules({ entries, roots, info, relative }) {
  const outside = new Set();
  const stack = [...entries];
  while (stack.length) {
    const id = stack.pop();
    if (outside.has(id) || CABINET_SPLIT.test(relative(id))) continue;
    outside.add(id);
    const m = info(id);
    if (m) stack.push(...m.importedIds, ...m.dynamicallyImportedIds);
  }
  const group = new Set();
  const walk = [...roots];
  while (walk.length) {
    const id = walk.pop();
    if (group.has(id) || outside.has(id)) continue;
    group.add(id);
    walk.push(...(info(id)?.importedIds ?? []));
  }
  return group;
}

/**
 * @param {string[]} roots project paths of the cabinet's first-load modules (as in bootPreload's `cabinet`)
 * @returns {{ plugin: import('vite').Plugin, group: { name: string, includeDependenciesRecursively: boolean, test: (id: string) => boolean } }}
 */
export function cabinetChunk(roots) {
  let root = process.cwd();
  let members = new Set();
  const relative = (id) => {
    const [file, query] = id.split('?');
    const rel = path.relative(root, file).split(path.sep).join('/');
    return query ? `${rel}?${query}` : rel;
  };
  return {
    plugin: {
      name: 'cabinet-chunk',
      apply: 'build',
      configResolved(config) {
        root = config.root;
      },
      buildEnd() {
        const ids = [...this.getModuleIds()];
        const info = (id) => this.getModuleInfo(id);
        const entries = ids.filter((id) => info(id)?.isEntry);
        const rootIds = ids.filter((id) => roots.includes(relative(id)));
        if (rootIds.length !== roots.length) this.error(`cabinet-chunk: roots not found: ${roots.filter((r) => !rootIds.some((id) => relative(id) === r)).join(', ')}`);
        members = cabinetModules({ entries, roots: rootIds, info, relative });
      },
    },
    group: { name: 'cabinet', includeDependenciesRecursively: false, test: (id) => members.has(id) },
  };
}
