// Vite plugin (issue 19): Chakra's anatomy module declares the parts of every component it has, at the top of the
// module — `const menuAnatomy = menuAnatomy$1.extendWith(…)`, `createAnatomy("alert").parts(…)` — and Ark UI and Zag
// do the same for theirs. A bundler must keep a call it cannot prove free of side effects, so the first screen carried
// the anatomy of the colour picker, the date picker, the rating group and ~15 more components the app never shows
// (~3 KiB gzip on /login). These calls only build objects: this transform marks them `/*#__PURE__*/`, so an anatomy
// nobody reads is dropped with the module that declares it. Nothing is changed in a module without such a call.
const ANATOMY_MODULE = /[\\/]node_modules[\\/]@(?:chakra-ui[\\/]react|ark-ui[\\/]react|zag-js[\\/][\w-]+)[\\/]dist[\\/].*anatomy\.m?js$/;
// `= createAnatomy(`, `= anatomy.extendWith(` / `.rename(` / `.build(`: the right-hand side of a top-level declaration.
const CALL = /(=\s*)((?:[\w$]+\.(?:extendWith|rename|build)|createAnatomy)\()/g;

/** The module's code with each anatomy-building declaration marked pure. */
export function markAnatomyPure(code) {
  return code.replace(CALL, '$1/*#__PURE__*/ $2');
}

export function pureAnatomy() {
  return {
    name: 'pure-anatomy',
    transform(code, id) {
      if (!ANATOMY_MODULE.test(id.split('?')[0])) return null;
      const marked = markAnatomyPure(code);
      return marked === code ? null : { code: marked, map: null };
    },
  };
}
