// Vite plugin (issue 19): Chakra's createSystem works out the CSS of its reset, global styles and tokens (`_global`)
// as soon as the system is made — about 60 % of making it (~600 token variables serialised through the system's css()
// in one task before the first screen). The app never uses that CSS at run time: it is in index.html's style sheet,
// resolved at build time (system-css.mjs), and Chakra's provider gets a system without it (src/app/theme.ts
// `renderedSystem`). This transform makes `_global` worked out on first read instead. The build fails if Chakra's
// code no longer has the lines it rewrites, so an upgrade cannot silently bring the cost back.
const SYSTEM_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const LAZY = 'let _global;\n  const globals = () => (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);';
const FIELD = /\n(\s+)_global,\n/;

/** The module's code with `_global` made a getter; throws when the code is not the one this was written for. */
export function makeGlobalsLazy(code) {
  if (!code.includes(EAGER) || !FIELD.test(code)) {
    throw new Error('lazy-system-globals: @chakra-ui/react styled-system/system.js changed; update scripts/lazy-system-globals.mjs');
  }
  return code.replace(EAGER, LAZY).replace(FIELD, (_, indent) => `\n${indent}get _global() {\n${indent}  return globals();\n${indent}},\n`);
}

// Chakra's style-prop utilities keep, besides each property's values, the TypeScript types of those values for its
// type generator (`getTypes`, used by the CLI, never by a running app): worked out twice per property when the system
// is made, ~10 ms of that task on first start (CPU 1×). The transform leaves the types out of the app.
const UTILITY_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]utility\.js$/;
const TYPE_PER_PROPERTY = '    propValues.set(property, values);\n    assignPropertyType(property, config);\n';
const TYPES_OF_ALL = '    assignProperties();\n    assignPropertyTypes();\n';

/** utility.js without the type bookkeeping when the system is made; throws when the code is not the one this was written for. */
export function dropUtilityTypes(code) {
  if (!code.includes(TYPE_PER_PROPERTY) || !code.includes(TYPES_OF_ALL)) {
    throw new Error('lazy-system-globals: @chakra-ui/react styled-system/utility.js changed; update scripts/lazy-system-globals.mjs');
  }
  return code.replace(TYPE_PER_PROPERTY, '    propValues.set(property, values);\n').replace(TYPES_OF_ALL, '    assignProperties();\n');
}

export function lazySystemGlobals() {
  return {
    name: 'lazy-system-globals',
    transform(code, id) {
      const file = id.split('?')[0];
      if (SYSTEM_MODULE.test(file)) return { code: makeGlobalsLazy(code), map: null };
      if (UTILITY_MODULE.test(file)) return { code: dropUtilityTypes(code), map: null };
      return null;
    },
  };
}
