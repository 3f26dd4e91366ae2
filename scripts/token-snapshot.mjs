// Vite plugin (issue 19): the tokens of the app's Chakra theme made at build time. Making the system took 90–180 ms of
// one task at first start on this machine (CPU 1×, first visit of /tasks; 0.4–0.7 s at a phone's 4× slowdown): the
// ~570 token definitions copied and merged twice (Chakra's mergeConfigs), walked, transformed and their references
// expanded, in code the browser runs for the first time. The result depends on the theme only. So the build makes the
// tokens once, from the theme module the app runs (src/app/theme.ts), and the app's bundle gets, instead of the token
// definitions (src/app/theme-tokens.ts), the finished tokens as a compact list; Chakra's own code builds its lookup
// maps from it (`setupViews`). theme-tokens.ts stays the single source: tests and the dev server use it as it is.
// The rewritten dictionary makes tokens only from that list — the app makes one system (theme.ts getSystem), and a
// system given token definitions of its own is refused with an error, never left without tokens — so Chakra's token
// pipeline (transforms, middlewares, reference expansion) leaves the bundle too.
//
// Checked at build time (DESIGN.md "Patches of other packages"), or the build fails naming the package and what changed:
// - each token of the list, restored, equals the token Chakra made;
// - Chakra's token-dictionary.js still has the lines this rewrites, and its system.js still hands the dictionary the
//   theme's tokens the way this check does;
// - the dictionary the bundle makes at run time — Chakra's own token-dictionary.js as this plugin rewrites it, run with
//   the config the app's createSystem gets in the bundle (src/app/theme.ts with the token module this plugin loads,
//   Chakra's defaultBaseConfig included) — is made without an error and equals, view for view, the one Chakra's
//   createSystem makes for the whole theme: every property of the dictionary (a view Chakra adds fails the check until
//   it is compared here), and each lookup called for every token, category and reference (`proveTokenSnapshot`).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEFAULT, NEGATIVE, PALETTE, PIXELS, SEMANTIC, VIRTUAL, restoreToken } from './token-snapshot-restore.mjs';

const DICTIONARY_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]token-dictionary\.js$/;
const THEME_MODULE = fileURLToPath(new URL('../src/app/theme.ts', import.meta.url));
const TOKENS_MODULE = fileURLToPath(new URL('../src/app/theme-tokens.ts', import.meta.url));
const RESTORE_MODULE = fileURLToPath(new URL('./token-snapshot-restore.mjs', import.meta.url));

const EAGER = `  registerTokens();
  registerTransform(...tokenTransforms);
  registerMiddleware(...tokenMiddlewares);
  build();
  return dictionary;`;
const FROM_SNAPSHOT = `  const snapshot = takeTokenSnapshot(tokens, semanticTokens);
  if (!snapshot) throw new Error('token-snapshot: this build makes only the tokens of the app theme (scripts/token-snapshot.mjs)');
  restoreTokens(snapshot, formatCssVar, prefix).forEach((token) => registerToken(token));
  setupViews();
  return dictionary;`;

/** token-dictionary.js making its tokens from the build's list only; throws if Chakra's code changed. */
export function takeTokensFromSnapshot(code) {
  if (!code.includes(EAGER)) {
    throw new Error(`token-snapshot: ${CHAKRA}: styled-system/token-dictionary.js changed; update scripts/token-snapshot.mjs`);
  }
  return `import { takeTokenSnapshot, restoreTokens } from ${JSON.stringify(RESTORE_MODULE)};\n` + code.replace(EAGER, FROM_SNAPSHOT);
}

const FIELDS = ['value', 'originalValue', 'name', 'path'];

/**
 * The entry of one token: what restoreToken derives is left out. Each field it would get wrong is written out;
 * throws if the token still comes back different.
 */
export function encodeToken(token, formatCssVar, prefix) {
  const { extensions: x } = token;
  const flags =
    (x.conditions ? SEMANTIC : 0) | (x.colorPalette ? PALETTE : 0) | (x.default ? DEFAULT : 0) | (x.negative ? NEGATIVE : 0) | (x.virtual ? VIRTUAL : 0) | (x.pixelValue !== undefined ? PIXELS : 0);
  // The value derived when it can be; otherwise written out, with the original value only when it differs.
  const entry = [token.path.join(' '), 0, token.originalValue, flags];
  let back = restoreToken(entry, formatCssVar, prefix);
  if (back.value !== token.value) {
    entry[1] = token.value;
    if (token.originalValue === token.value) entry[2] = 0;
  }
  back = restoreToken(entry, formatCssVar, prefix);
  const extra = {};
  for (const [key, value] of Object.entries(x)) if (!isDeepStrictEqual(back.extensions[key], value)) extra[key] = value;
  if (Object.keys(extra).length) entry.push(extra);
  back = restoreToken(entry, formatCssVar, prefix);
  const wrong = [...FIELDS.filter((key) => !isDeepStrictEqual(back[key], token[key])), ...Object.keys(back.extensions).filter((key) => !(key in x))];
  if (wrong.length || !isDeepStrictEqual(back, token)) {
    throw new Error(`token-snapshot: token ${token.name} does not come back the same (${wrong.join(', ') || 'extensions'})`);
  }
  return entry;
}

/** The entries of a built dictionary's tokens, each checked to restore to the token Chakra made. */
export function encodeTokens(dictionary) {
  return dictionary.allTokens.map((token) => encodeToken(token, dictionary.formatCssVar, dictionary.prefix));
}

/**
 * What the bundle gets instead of src/app/theme-tokens.ts: the finished tokens for the dictionary, and each of the
 * module's exports (token groups) empty.
 */
export function tokensModule(entries, names) {
  return [
    `import { provideTokenSnapshot } from ${JSON.stringify(RESTORE_MODULE)};`,
    `provideTokenSnapshot(JSON.parse(${JSON.stringify(JSON.stringify(entries))}));`,
    ...names.map((name) => `export const ${name} = {};`),
    '',
  ].join('\n');
}

const require = createRequire(import.meta.url);
const CHAKRA_ROOT = path.dirname(require.resolve('@chakra-ui/react/package.json'));
const STYLED_SYSTEM = path.join(CHAKRA_ROOT, 'dist/esm/styled-system');
/** The installed @chakra-ui/react and its version, as every failure of this check names it. */
export const CHAKRA = `@chakra-ui/react ${JSON.parse(readFileSync(path.join(CHAKRA_ROOT, 'package.json'), 'utf8')).version}`;

const fail = (what) => new Error(`token-snapshot: ${CHAKRA}: ${what}; update scripts/token-snapshot.mjs`);

// How Chakra's createSystem (styled-system/system.js) makes its dictionary from the merged config: `runtimeInput`
// does the same, and the check fails if system.js no longer reads so.
const SYSTEM_DEFAULTS = /const \{\s*theme = \{\},[^;]*\bcssVarsPrefix = "chakra",[^;]*\} = config;/;
const SYSTEM_CALL = `createTokenDictionary({
    breakpoints: theme.breakpoints,
    tokens: theme.tokens,
    semanticTokens: theme.semanticTokens,
    prefix: cssVarsPrefix
  })`;

/** What Chakra's createSystem gives createTokenDictionary for a merged config (its `_config`). */
export function runtimeInput(config) {
  const { theme = {}, cssVarsPrefix = 'chakra' } = config;
  return { breakpoints: theme.breakpoints, tokens: theme.tokens, semanticTokens: theme.semanticTokens, prefix: cssVarsPrefix };
}

/** Throws unless system.js makes its dictionary as `runtimeInput` says. */
export function checkSystemCall(code = readFileSync(path.join(STYLED_SYSTEM, 'system.js'), 'utf8')) {
  if (!SYSTEM_DEFAULTS.test(code) || !code.includes(SYSTEM_CALL)) {
    throw fail('styled-system/system.js no longer makes its token dictionary from theme.tokens, theme.semanticTokens, theme.breakpoints and cssVarsPrefix as this check does');
  }
}

let loaded = 0;

/**
 * Chakra's token-dictionary.js as the bundle runs it: rewritten by `takeTokensFromSnapshot` (or `rewrite`), loaded by
 * Node as a module of its own, its relative imports pointing at Chakra's files (the same module instances Chakra uses)
 * and its import of the run-time half at `restoreUrl`. Returns the module's exports and that run-time half's
 * `provideTokenSnapshot` (the same instance the rewritten module reads).
 */
export async function loadRewrittenDictionary({ rewrite = takeTokensFromSnapshot, restoreUrl = pathToFileURL(RESTORE_MODULE).href } = {}) {
  const file = path.join(STYLED_SYSTEM, 'token-dictionary.js');
  let code = rewrite(readFileSync(file, 'utf8')).replace(`from ${JSON.stringify(RESTORE_MODULE)}`, `from ${JSON.stringify(restoreUrl)}`);
  code = code.replace(/(\bfrom\s*)(['"])(\.{1,2}\/[^'"]+)\2/g, (_, from, quote, specifier) => `${from}${JSON.stringify(new URL(specifier, pathToFileURL(file)).href)}`);
  const relative = /\b(?:from|import)\s*\(?\s*['"]\.{1,2}\//.exec(code);
  if (relative) throw fail(`styled-system/token-dictionary.js has an import this check cannot load (${relative[0]}…)`);
  // A module of its own for every call (Node keeps each URL it loaded): the provider is re-exported from the very
  // instance the dictionary imports.
  code += `\nexport { provideTokenSnapshot as __provideTokenSnapshot } from ${JSON.stringify(restoreUrl)};\n// ${process.pid}-${++loaded}\n`;
  const module = await import(/* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  return { createTokenDictionary: module.createTokenDictionary, provideTokenSnapshot: module.__provideTokenSnapshot };
}

// The dictionary's lookups, each called with every probe of its kind; `registerToken` adds to the dictionary, so it is
// compared by its code only. A property not named here or among the data views fails the check.
const LOOKUPS = {
  getByName: (p) => p.names.map((name) => [name]),
  getVar: (p) => [...p.names.map((name) => [name]), ...p.names.map((name) => [name, 'fallback'])],
  getCategoryValues: (p) => p.categories.map((category) => [category]),
  expandReferenceInValue: (p) => p.values.map((value) => [value]),
  formatTokenName: (p) => p.paths.map((tokenPath) => [tokenPath]),
  formatCssVar: (p) => p.paths.flatMap((tokenPath) => [[tokenPath, p.prefix], [tokenPath, '']]),
};
const MUTATORS = new Set(['registerToken']);

function probesOf(...dictionaries) {
  const tokens = dictionaries.flatMap((d) => (Array.isArray(d.allTokens) ? d.allTokens : []));
  const names = [...new Set([...tokens.map((t) => t.name), 'colors.not-a-token', 'nope'])];
  const categories = [...new Set([...tokens.map((t) => t.extensions?.category), 'not-a-category'])];
  const paths = [...new Map(tokens.map((t) => [t.path.join('.'), t.path])).values(), ['not', 'a', 'token']];
  const originals = tokens.map((t) => t.originalValue).filter((v) => typeof v === 'string');
  const mixes = names.filter((name) => name.startsWith('colors.')).flatMap((name) => [`{${name}/50}`, `{${name}/half}`]);
  const opacities = names.filter((name) => name.startsWith('opacity.')).map((name) => `{colors.brand.600/${name.slice(8)}}`);
  const values = [...new Set([...names.map((name) => `{${name}}`), ...originals, ...mixes, ...opacities, `1px solid {${names[0]}}`, 'plain', 'a.b'])];
  return { names, categories, paths, values, prefix: dictionaries[0].prefix };
}

const show = (value) => {
  const text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value, (_, v) => (v instanceof Map ? Object.fromEntries(v) : v instanceof Set ? [...v] : v));
  return text === undefined ? String(value) : text.length > 200 ? `${text.slice(0, 200)}…` : text;
};
const tokenOf = (value) => (value && typeof value === 'object' && typeof value.name === 'string' ? value.name : undefined);

/** Where two values of a view first differ: a key, an index (with its token's name) or the value itself. */
function firstDifference(expected, actual) {
  if (expected instanceof Map && actual instanceof Map) {
    for (const key of new Set([...expected.keys(), ...actual.keys()])) {
      if (!expected.has(key) || !actual.has(key)) return `for ${show(key)} (${expected.has(key) ? 'missing' : 'extra'})`;
      if (!isDeepStrictEqual(expected.get(key), actual.get(key))) {
        const inner = firstDifference(expected.get(key), actual.get(key));
        return `for ${show(key)}${inner ? ` ${inner}` : ''}`;
      }
    }
    return expected.size !== actual.size ? `in size (${expected.size} vs ${actual.size})` : 'in order';
  }
  if (expected instanceof Set && actual instanceof Set) {
    const a = [...expected];
    const b = [...actual];
    const i = a.findIndex((item, index) => !isDeepStrictEqual(item, b[index]));
    return i < 0 ? `in size (${a.length} vs ${b.length})` : `at item ${i}${tokenOf(a[i] ?? b[i]) ? ` (token ${tokenOf(a[i] ?? b[i])})` : ''}`;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const i = expected.findIndex((item, index) => !isDeepStrictEqual(item, actual[index]));
    if (i < 0) return `in length (${expected.length} vs ${actual.length})`;
    return `at ${i}${tokenOf(expected[i] ?? actual[i]) ? ` (token ${tokenOf(expected[i] ?? actual[i])})` : ''}: ${show(expected[i])} vs ${show(actual[i])}`;
  }
  return `: ${show(expected)} vs ${show(actual)}`;
}

const call = (fn, args) => {
  try {
    return { value: fn(...args) };
  } catch (error) {
    return { error: String(error?.message ?? error) };
  }
};

/**
 * The first difference between two token dictionaries, or null: every own property of either (a property only one of
 * them has, or one neither the data views nor LOOKUPS know, is a difference), data views deep-equal, lookups equal in
 * their code and in what they give for every probe.
 */
export function compareDictionaries(expected, actual) {
  const keys = [...new Set([...Reflect.ownKeys(expected), ...Reflect.ownKeys(actual)])];
  const probes = probesOf(expected, actual);
  for (const key of keys) {
    const name = String(key);
    if (!Object.hasOwn(expected, key) || !Object.hasOwn(actual, key)) return `${name} is ${Object.hasOwn(expected, key) ? 'missing' : 'extra'}`;
    const [a, b] = [expected[key], actual[key]];
    if (typeof a === 'function' || typeof b === 'function') {
      if (typeof a !== typeof b) return `${name} is ${typeof b} instead of ${typeof a}`;
      if (String(a) !== String(b)) return `${name} has other code`;
      if (MUTATORS.has(name)) continue;
      const argsOf = LOOKUPS[name];
      if (!argsOf) return `${name} is a lookup this check does not know how to compare`;
      for (const args of argsOf(probes)) {
        const [x, y] = [call(a, args), call(b, args)];
        if (!isDeepStrictEqual(x, y)) return `${name}(${args.map(show).join(', ')}) differs: ${show(x.error ?? x.value)} vs ${show(y.error ?? y.value)}`;
      }
    } else if (!isDeepStrictEqual(a, b)) {
      return `${name} differs ${firstDifference(a, b)}`;
    }
  }
  return null;
}

/** Token paths of a token input that is not empty, for the message of a dictionary the bundle could not make. */
function tokenPathsOf(group, prefix = []) {
  if (!group || typeof group !== 'object') return [];
  if ('value' in group) return [prefix.join('.')];
  return Object.entries(group).flatMap(([key, value]) => tokenPathsOf(value, [...prefix, key]));
}

/**
 * Proves the bundle's dictionary equals Chakra's: `expected` is the dictionary Chakra's createSystem made for the whole
 * theme, `runtimeConfig` the merged config the app's createSystem gets in the bundle, `entries` the list the bundle
 * gets. Throws naming the package and the first difference; resolves to the dictionary the bundle will make.
 */
export async function proveTokenSnapshot({ expected, runtimeConfig, entries, rewrite }) {
  checkSystemCall();
  const input = runtimeInput(runtimeConfig);
  const { createTokenDictionary, provideTokenSnapshot } = await loadRewrittenDictionary({ rewrite });
  let made;
  provideTokenSnapshot(JSON.parse(JSON.stringify(entries)));
  try {
    made = createTokenDictionary(input);
  } catch (error) {
    const own = [...tokenPathsOf(input.tokens), ...tokenPathsOf(input.semanticTokens)];
    const failure = fail(
      `the app's token dictionary could not be made at run time (${error?.message ?? error})` +
        (own.length ? `: the config the app's createSystem gets in the bundle has tokens of its own (${own.slice(0, 5).join(', ')}${own.length > 5 ? ', …' : ''}), e.g. from Chakra's defaultBaseConfig` : ''),
    );
    failure.cause = error;
    throw failure;
  } finally {
    provideTokenSnapshot(null);
  }
  const difference = compareDictionaries(expected, made);
  if (difference) throw fail(`the token dictionary made from the build's list is not Chakra's: ${difference}`);
  return made;
}

/**
 * The merged config the app's createSystem gets in the bundle: src/app/theme.ts run with `tokensCode` (what this plugin
 * loads for theme-tokens.ts) by Vite's module runner, Chakra itself loaded by Node; its `_config` is Chakra's merge of
 * defaultBaseConfig and the app's configs.
 */
export async function bundledThemeConfig(tokensCode, plugins = []) {
  const { runnerImport } = await import('vite');
  const { module } = await runnerImport(THEME_MODULE, {
    logLevel: 'silent',
    root: fileURLToPath(new URL('..', import.meta.url)),
    plugins: [{ name: 'token-snapshot:bundled-theme', enforce: 'pre', load: (id) => (id.split('?')[0] === TOKENS_MODULE ? tokensCode : null) }, ...plugins],
  });
  return module.getSystem()._config;
}

const PROVED = (globalThis[Symbol.for('token-snapshot:proved')] ??= new Set());

/** `themePlugins`: more plugins for the run of the bundled theme (tests: a Chakra base config with tokens). */
export function tokenSnapshotPlugin({ themePlugins = [] } = {}) {
  let module;
  return {
    name: 'token-snapshot',
    apply: 'build',
    async buildStart() {
      const { getSystem } = await import('../src/app/theme.ts');
      const names = Object.keys(await import('../src/app/theme-tokens.ts'));
      const expected = getSystem().tokens;
      const entries = encodeTokens(expected);
      module = tokensModule(entries, names);
      // Proved once a process for the same list (the build and screen-chunks' planning build make the same one).
      const key = `${CHAKRA}\0${module}`;
      if (themePlugins.length === 0 && PROVED.has(key)) return;
      const started = performance.now();
      await proveTokenSnapshot({ expected, runtimeConfig: await bundledThemeConfig(module, themePlugins), entries });
      if (themePlugins.length === 0) PROVED.add(key);
      this.info?.(`token dictionary proved equal to Chakra's in ${Math.round(performance.now() - started)} ms`);
    },
    load(id) {
      return id.split('?')[0] === TOKENS_MODULE ? module : null;
    },
    transform(code, id) {
      if (!DICTIONARY_MODULE.test(id.split('?')[0])) return null;
      return { code: takeTokensFromSnapshot(code), map: null };
    },
  };
}
