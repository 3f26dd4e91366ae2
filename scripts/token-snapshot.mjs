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
// Checked at build time: the list, restored, must equal the tokens Chakra made, token for token, or the build fails;
// and the build fails if Chakra's token-dictionary.js no longer has the lines this rewrites.
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import { DEFAULT, NEGATIVE, PALETTE, PIXELS, SEMANTIC, VIRTUAL, restoreToken } from './token-snapshot-restore.mjs';

const DICTIONARY_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]token-dictionary\.js$/;
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
    throw new Error('token-snapshot: @chakra-ui/react styled-system/token-dictionary.js changed; update scripts/token-snapshot.mjs');
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

export function tokenSnapshotPlugin() {
  let module;
  return {
    name: 'token-snapshot',
    apply: 'build',
    async buildStart() {
      const { getSystem } = await import('../src/app/theme.ts');
      const names = Object.keys(await import('../src/app/theme-tokens.ts'));
      module = tokensModule(encodeTokens(getSystem().tokens), names);
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
