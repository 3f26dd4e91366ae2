// Vite plugin (issue 19): V8's explicit compile hint on the chunks chosen (vite.config.ts: the startup chunk only; on
// the other first-screen chunks it gained ~17 ms of script time on /tasks for 15–19 B gzip a file). Without it V8
// compiles a function the first time it is called, on the main thread, in the middle of the start-up work; with the
// magic comment `//# allFunctionsCalledOnLoad` at the top of a file, Chromium (136 and later) compiles all of the file's
// functions on a background thread while the file downloads. Other browsers read a comment. The comment must come
// before any code of the file, so it is added once every other plugin has written its chunks.

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** A chunk's code and source map with the hint as its first line (the map's lines move down by one). */
export function withCompileHint(code, map) {
  if (code.startsWith(COMPILE_HINT)) return { code, map };
  return { code: COMPILE_HINT + code, map: map ? Object.assign(map, { mappings: `;${map.mappings}` }) : map };
}

/** Adds the hint to every JavaScript chunk for which `hinted(chunk)` holds. */
export function compileHints(hinted) {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const out of Object.values(bundle)) {
          if (out.type !== 'chunk' || !hinted(out)) continue;
          const { code, map } = withCompileHint(out.code, out.map);
          out.code = code;
          out.map = map;
        }
      },
    },
    // What was written: a plugin that put something before the hint would make V8 ignore it, and the build says so.
    writeBundle(_options, bundle) {
      const lost = Object.values(bundle).filter((out) => out.type === 'chunk' && hinted(out) && !out.code.startsWith(COMPILE_HINT));
      if (lost.length) throw new Error(`compile-hints: the hint is not the first line of ${lost.map((out) => out.fileName).join(', ')}`);
    },
  };
}
