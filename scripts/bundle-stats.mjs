// Vite plugin: writes <outDir>/.vite/bundle-stats.json — every JS chunk of the build with its static and dynamic
// imports, raw and gzip size, and the modules inside it (rendered bytes and an estimated gzip share). The bundle budget
// check (scripts/check-bundle-budget.mjs) and the breakdown in the README are computed from this file, so they are
// deterministic: the same sources give the same figures, whatever the machine load.
import { gzipSync } from 'node:zlib';
import path from 'node:path';

/** Short, stable module name: a package name for node_modules, a project path for sources. */
export function moduleName(id, root) {
  const clean = id.replace(/\0/g, '').split('?')[0];
  const nm = clean.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = clean.slice(nm + '/node_modules/'.length).split('/');
    const pkg = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    const inner = rest.slice(rest[0].startsWith('@') ? 2 : 1).join('/');
    return { pkg, file: `${pkg}/${inner}` };
  }
  const rel = path.relative(root, clean).split(path.sep).join('/');
  const query = id.includes('?') ? `?${id.split('?')[1]}` : '';
  return { pkg: rel.startsWith('src/') ? 'src' : rel, file: rel + query };
}

export function bundleStats() {
  let root = process.cwd();
  return {
    name: 'bundle-stats',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = [];
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        const gzip = gzipSync(out.code, { level: 9 }).length;
        const modules = Object.entries(out.modules)
          .filter(([, m]) => m.renderedLength > 0)
          .map(([id, m]) => {
            const { pkg, file } = moduleName(id, root);
            return { id: file, pkg, raw: m.renderedLength, gzipAlone: m.code ? gzipSync(m.code, { level: 9 }).length : 0 };
          });
        // A module's gzip share of its chunk: its own gzip size scaled so the shares add up to the chunk's gzip size.
        const alone = modules.reduce((s, m) => s + m.gzipAlone, 0) || 1;
        for (const m of modules) m.gzip = Math.round((m.gzipAlone / alone) * gzip);
        chunks.push({
          file: out.fileName,
          name: out.name,
          isEntry: out.isEntry,
          isDynamicEntry: out.isDynamicEntry,
          facade: out.facadeModuleId ? moduleName(out.facadeModuleId, root).file : null,
          imports: out.imports,
          dynamicImports: out.dynamicImports,
          raw: Buffer.byteLength(out.code),
          gzip,
          modules: modules.map(({ id, pkg, raw, gzip: g }) => ({ id, pkg, raw, gzip: g })),
        });
      }
      chunks.sort((a, b) => a.file.localeCompare(b.file));
      this.emitFile({ type: 'asset', fileName: '.vite/bundle-stats.json', source: JSON.stringify({ chunks }, null, 1) });
    },
  };
}
