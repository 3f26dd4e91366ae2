// Run time half of scripts/token-snapshot.mjs: the tokens of the app's theme, as Chakra's token dictionary made them,
// back from the compact list the build wrote. Plain JavaScript, bundled into the startup chunk with Chakra's
// token-dictionary.js, which takes the list instead of building the tokens again.

/** Flags of an entry: which extensions the token has (their values follow from its path and value). */
export const SEMANTIC = 1; // extensions.conditions = { base: originalValue }
export const PALETTE = 2; // extensions.colorPalette of colors.<palette>.<key…>
export const DEFAULT = 4;
export const NEGATIVE = 8; // spacing.-1: the negative of spacing.1
export const VIRTUAL = 16;
export const PIXELS = 32; // extensions.pixelValue

let provided = null;

/** Called by the build's stand-in for src/app/theme-tokens.ts with the entries of the app's theme. */
export function provideTokenSnapshot(entries) {
  provided = entries;
}

const isEmpty = (group) => !group || Object.keys(group).length === 0;

/**
 * The entries for a dictionary with no token input: the build took the theme's tokens out of the config and provided
 * them here. Null for a dictionary given tokens of its own: the rewritten dictionary then refuses to be made.
 */
export function takeTokenSnapshot(tokens, semanticTokens) {
  return provided && isEmpty(tokens) && isEmpty(semanticTokens) ? provided : null;
}

/** The colour-palette extension Chakra gives `colors.<palette>.<key…>` (and `colors.<palette>` with the key ""). */
export function paletteOf(path) {
  return { value: path[1], roots: [[path[1]]], keys: [path.length > 2 ? path.slice(2) : ['']] };
}

/** A length as Chakra's pixelValue: rem at 16 px, anything else as it is. */
const pixelsOf = (value) => (typeof value === 'string' && value.endsWith('rem') ? `${parseFloat(value) * 16}px` : value);

/**
 * The token of an entry [path joined by spaces, value (0: derived), originalValue (0: the value), flags, other fields].
 * Derived: a reference's value is the referenced token's variable; a negative's value and original path come from
 * its positive. `formatCssVar` is the dictionary's own, so the variables are Chakra's.
 */
export function restoreToken([joined, storedValue, storedOriginal, flags, extra], formatCssVar, prefix) {
  const path = joined.split(' ');
  const originalPath = extra?.originalPath ?? (flags & NEGATIVE ? [...path.slice(0, -1), path[path.length - 1].slice(1)] : path);
  const cssVar = formatCssVar(originalPath, prefix);
  const originalValue = storedOriginal === 0 ? storedValue : storedOriginal;
  let value = storedValue;
  if (value === 0) {
    const reference = /^\{([^}]+)\}$/.exec(originalValue)?.[1];
    value = flags & NEGATIVE ? `calc(${cssVar.ref} * -1)` : reference ? formatCssVar(reference.split('.'), prefix).ref : originalValue;
  }
  const extensions = { condition: 'base', originalPath, category: path[0], prop: path.slice(1).join('.'), cssVar };
  if (flags & SEMANTIC) extensions.conditions = { base: originalValue };
  if (flags & PALETTE) extensions.colorPalette = paletteOf(path);
  if (flags & DEFAULT) extensions.default = true;
  if (flags & NEGATIVE) extensions.negative = true;
  if (flags & VIRTUAL) extensions.virtual = true;
  if (flags & PIXELS) extensions.pixelValue = pixelsOf(value);
  if (extra) for (const key of Object.keys(extra)) if (key !== 'originalPath') extensions[key] = extra[key];
  return { value, originalValue, name: path.join('.'), path, extensions };
}

export function restoreTokens(entries, formatCssVar, prefix) {
  return entries.map((entry) => restoreToken(entry, formatCssVar, prefix));
}
