// What a Chakra system gives the app, written out as plain data, so that two systems can be compared as a whole:
// the proof of scripts/lazy-system-globals.mjs compares the app's system made by Chakra's own code with the one made by
// the rewritten code (docs/dependency-upgrades.md).

/** A value as JSON-able data: Maps and Sets as their entries, objects by sorted keys, functions by name, a value met again by its path. */
function plain(value, path = '$', seen = new Map()) {
  if (typeof value === 'function') return `[function ${value.name}]`;
  if (value === null || typeof value !== 'object') return value === undefined ? '[undefined]' : value;
  if (seen.has(value)) return `[seen at ${seen.get(value)}]`;
  seen.set(value, path);
  if (Array.isArray(value)) return value.map((v, i) => plain(v, `${path}[${i}]`, seen));
  if (value instanceof Map) return { '[Map]': [...value].map(([k, v]) => [plain(k, `${path}.key`, seen), plain(v, `${path}.get(${String(k)})`, seen)]) };
  if (value instanceof Set) return { '[Set]': [...value].map((v, i) => plain(v, `${path}.set[${i}]`, seen)) };
  // Own properties read through their descriptors' values or getters, in a stable order.
  return Object.fromEntries(Object.keys(value).sort().map((k) => [k, plain(value[k], `${path}.${k}`, seen)]));
}

/** Each variant of a recipe alone, then its defaults: the selections the app's components ask for. */
function selections(variants = {}) {
  const list = [{}];
  for (const [name, values] of Object.entries(variants)) for (const value of Object.keys(values)) list.push({ [name]: value });
  return list;
}

/**
 * The system's answers the app relies on: every token, view and lookup of the dictionary; the conditions, breakpoints,
 * layers and properties; the CSS of every recipe and slot recipe given (each variant value) and of every style given;
 * the shorthands and a transform of each property. `_global` is read last, after everything else has been asked, so
 * that a system working it out late is held to the same result as one that did it first.
 */
export function systemFingerprint(system, { recipes = {}, slotRecipes = {}, styles = [] } = {}) {
  const { tokens, utility } = system;
  const print = {
    config: plain(system._config),
    tokens: {
      allTokens: plain(tokens.allTokens),
      tokenMap: plain(tokens.tokenMap),
      flatMap: plain(tokens.flatMap),
      cssVarMap: plain(tokens.cssVarMap),
      categoryMap: plain(tokens.categoryMap),
      colorPaletteMap: plain(tokens.colorPaletteMap),
      byName: tokens.allTokens.map((t) => [t.name, plain(tokens.getByName(t.name)), tokens.getVar(t.name), system.token(t.name), system.token.var(t.name)]),
    },
    breakpoints: plain(system.breakpoints),
    conditions: plain(system.conditions),
    layers: plain(system.layers),
    properties: [...system.properties].sort(),
    shorthands: plain(utility.shorthands),
    utility: utility.keys().sort().map((key) => [key, plain(utility.transform(key, 'inherit')), system.isValidProperty(key)]),
    recipes: Object.entries(recipes).map(([name, recipe]) => [name, selections(recipe.variants).map((s) => plain(system.cva(recipe)(s)))]),
    slotRecipes: Object.entries(slotRecipes).map(([name, recipe]) => [name, selections(recipe.variants).map((s) => plain(system.sva(recipe)(s)))]),
    styles: styles.map((style) => plain(system.css(style))),
    tokenCss: system.getTokenCss(),
    globalCss: system.getGlobalCss(),
    preflightCss: system.getPreflightCss(),
  };
  print.global = plain(system._global);
  return print;
}

/** The first place where two fingerprints differ, as a path with both values (abridged), or null. */
export function firstDifference(a, b, path = '$') {
  if (Object.is(a, b)) return null;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const key of keys) {
      const found = firstDifference(a[key], b[key], Array.isArray(a) ? `${path}[${key}]` : `${path}.${key}`);
      if (found) return found;
    }
    return null;
  }
  const show = (v) => { const text = JSON.stringify(v) ?? String(v); return text.length > 120 ? `${text.slice(0, 120)}…` : text; };
  return `${path}: ${show(a)} ≠ ${show(b)}`;
}

/** What the app asks of its system: Chakra's own recipes (all of them) and the styles of hot-styles.ts. */
export async function appAsks() {
  const hot = await import('../src/app/hot-styles.ts');
  const theme = await import('@chakra-ui/react/theme');
  const named = (test) => Object.fromEntries(Object.entries(theme).filter(([name]) => test(name)));
  return {
    recipes: named((name) => name.endsWith('Recipe') && !name.endsWith('SlotRecipe')),
    slotRecipes: named((name) => name.endsWith('SlotRecipe')),
    styles: [...Object.values(hot.hotStyles), ...Object.values(hot.shellStyles), ...Object.values(hot.fieldOverrides)],
  };
}

