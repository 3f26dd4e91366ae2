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

/** The rewrite of one of Chakra's files, by its path, or null when the file is not one this rewrites. */
export function rewrite(code, file) {
  if (SYSTEM_MODULE.test(file)) return makeGlobalsLazy(code);
  if (UTILITY_MODULE.test(file)) return dropUtilityTypes(code);
  return null;
}

/**
 * The build-time proof (docs/dependency-upgrades.md): the app's system made by Chakra's own styled-system and by the
 * rewritten one (a second copy of it, loaded through lazy-system-globals-hooks.mjs) give the same fingerprint
 * (scripts/system-fingerprint.mjs: every token and lookup, every recipe of Chakra's theme in every variant, the styles of
 * hot-styles.ts, the global CSS read last). Throws naming Chakra's version and the first difference.
 */
export async function proveLazyGlobals() {
  const { register } = await import('node:module');
  const { pathToFileURL } = await import('node:url');
  const { installedPath, packageVersion } = await import('./package-contract.mjs');
  const { appAsks, firstDifference, systemFingerprint } = await import('./system-fingerprint.mjs');
  const { systemConfigs } = await import('../src/app/theme.ts');
  const systemJs = pathToFileURL(installedPath('@chakra-ui/react', 'dist/esm/styled-system/system.js')).href;
  // Once per process: hooks registered twice would rewrite the copy twice.
  const registered = Symbol.for('lazy-system-globals:hooks');
  if (!globalThis[registered]) {
    register('./lazy-system-globals-hooks.mjs', import.meta.url);
    globalThis[registered] = true;
  }
  const own = await import(systemJs);
  const rewritten = await import(`${systemJs}?${PROOF_COPY}`);
  const fail = (what) => new Error(`lazy-system-globals: with @chakra-ui/react ${packageVersion('@chakra-ui/react')} ${what}; update scripts/lazy-system-globals.mjs or take the patch out (docs/dependency-upgrades.md)`);
  const eager = own.createSystem(...systemConfigs());
  const lazy = rewritten.createSystem(...systemConfigs());
  if (!Object.getOwnPropertyDescriptor(lazy, '_global')?.get) throw fail('the rewritten styled-system did not load (its system has no `_global` getter)');
  const asks = await appAsks();
  const difference = firstDifference(systemFingerprint(eager, asks), systemFingerprint(lazy, asks));
  if (difference) throw fail(`the rewritten styled-system (system.js, utility.js) makes a system that differs from Chakra's own at ${difference}`);
}

/** The query that marks the rewritten copy of Chakra's styled-system (lazy-system-globals-hooks.mjs). */
export const PROOF_COPY = 'lazy-system-globals-proof';

/** The rewrite, and in a production build (`vite build`) its proof, once before the build starts. */
export function lazySystemGlobals() {
  let proof;
  return [
    {
      name: 'lazy-system-globals',
      transform(code, id) {
        const rewritten = rewrite(code, id.split('?')[0]);
        return rewritten === null ? null : { code: rewritten, map: null };
      },
    },
    {
      name: 'lazy-system-globals:proof',
      apply: 'build',
      buildStart() {
        return (proof ??= proveLazyGlobals());
      },
    },
  ];
}
