import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSystem } from '@chakra-ui/react';
import { getSystem } from '../src/app/theme';
import * as themeTokens from '../src/app/theme-tokens';
import {
  CHAKRA,
  bundledThemeConfig,
  checkSystemCall,
  compareDictionaries,
  encodeToken,
  encodeTokens,
  loadRewrittenDictionary,
  proveTokenSnapshot,
  takeTokensFromSnapshot,
  tokenSnapshotPlugin,
  tokensModule,
} from './token-snapshot.mjs';
import { restoreTokens } from './token-snapshot-restore.mjs';

const system = getSystem();
const chakra = system.tokens;
const entries = encodeTokens(chakra);
const names = Object.keys(themeTokens);
const restoreSource = readFileSync(new URL('./token-snapshot-restore.mjs', import.meta.url), 'utf8');
const dataUrl = (code) => `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;

/** The merged config the app's createSystem gets in the bundle (theme.ts with the token module the plugin loads). */
const runtimeConfig = await bundledThemeConfig(tokensModule(entries, names));

/** The checks the build had before: the token list, five views and three lookups, compared with toEqual. */
function passesOldChecks(made) {
  try {
    expect(made.allTokens).toEqual(chakra.allTokens);
    for (const view of ['tokenMap', 'flatMap', 'cssVarMap', 'categoryMap', 'colorPaletteMap']) expect(made[view]).toEqual(chakra[view]);
    expect(made.getVar('colors.brand.solid')).toBe('var(--chakra-colors-brand-solid)');
    expect(made.getCategoryValues('spacing')).toEqual(chakra.getCategoryValues('spacing'));
    expect(made.expandReferenceInValue('1px solid {colors.red.600}')).toBe(chakra.expandReferenceInValue('1px solid {colors.red.600}'));
    return true;
  } catch {
    return false;
  }
}

/** The rewritten dictionary made from the entries with the run-time input, by a (possibly mutated) rewrite or restore. */
async function makeDictionary({ rewrite, restore } = {}) {
  const { createTokenDictionary, provideTokenSnapshot } = await loadRewrittenDictionary({ rewrite, restoreUrl: restore && dataUrl(restore) });
  provideTokenSnapshot(JSON.parse(JSON.stringify(entries)));
  try {
    return createTokenDictionary({ prefix: chakra.prefix, breakpoints: runtimeConfig.theme?.breakpoints, tokens: runtimeConfig.theme?.tokens, semanticTokens: runtimeConfig.theme?.semanticTokens });
  } finally {
    provideTokenSnapshot(null);
  }
}

describe('the theme tokens made at build time (scripts/token-snapshot.mjs)', () => {
  it('writes every token of the app theme so that it comes back equal, in the same order', () => {
    expect(entries).toHaveLength(chakra.allTokens.length);
    expect(restoreTokens(JSON.parse(JSON.stringify(entries)), chakra.formatCssVar, chakra.prefix)).toStrictEqual(chakra.allTokens);
    // Compact: derived fields are left out (a colour shade is its path, its value and a flag).
    expect(entries.find(([joined]) => joined === 'colors brand 600')).toEqual(['colors brand 600', 0, '#1f4fa3', 2]);
    expect(entries.find(([joined]) => joined === 'colors brand solid')).toEqual(['colors brand solid', 0, '{colors.brand.600}', 3]);
  });

  it('writes out what it cannot derive, and refuses a token that would come back different', () => {
    const [token] = chakra.allTokens;
    const odd = { ...token, extensions: { ...token.extensions, description: 'kept' } };
    const entry = encodeToken(odd, chakra.formatCssVar, chakra.prefix);
    expect(entry[4]).toEqual({ description: 'kept' });
    expect(restoreTokens([entry], chakra.formatCssVar, chakra.prefix)[0]).toEqual(odd);
    const misnamed = { ...token, name: 'not.its.path' };
    expect(() => encodeToken(misnamed, chakra.formatCssVar, chakra.prefix)).toThrow(/does not come back the same \(name\)/);
  });

  it('replaces the token module with the entries and empty token groups', () => {
    const code = tokensModule([['colors brand 600', '#1f4fa3', 0, 2]], ['chakraTokens', 'chakraSemanticTokens', 'cabinetTokens', 'cabinetSemanticTokens']);
    expect(code).toContain('provideTokenSnapshot(JSON.parse(');
    for (const name of ['chakraTokens', 'chakraSemanticTokens', 'cabinetTokens', 'cabinetSemanticTokens']) expect(code).toContain(`export const ${name} = {};`);
  });

  it('fails the build when Chakra no longer has the lines it rewrites, naming the package', () => {
    expect(() => takeTokensFromSnapshot('function createTokenDictionary() { build(); }')).toThrow(
      /^token-snapshot: @chakra-ui\/react \d+\.\d+\.\d+: styled-system\/token-dictionary\.js changed; update scripts\/token-snapshot\.mjs$/,
    );
  });

  it("fails the build when Chakra's createSystem no longer hands the dictionary the theme's tokens as the check does", () => {
    expect(() => checkSystemCall()).not.toThrow();
    expect(() => checkSystemCall('const tokens = createTokenDictionary({ tokens: config.tokens });')).toThrow(/@chakra-ui\/react .*system\.js no longer makes its token dictionary/);
  });
});

describe('the bundle’s dictionary proved equal to Chakra’s at build time', () => {
  it('the app gets no tokens of its own in the bundle: they all come from the list', () => {
    expect(runtimeConfig.theme?.tokens ?? {}).toEqual({});
    expect(runtimeConfig.theme?.semanticTokens ?? {}).toEqual({});
    expect(runtimeConfig.cssVarsPrefix).toBe(system._config.cssVarsPrefix);
  });

  it('passes for the installed Chakra and the app theme, every property of the dictionary compared', async () => {
    const made = await proveTokenSnapshot({ expected: chakra, runtimeConfig, entries });
    expect(Reflect.ownKeys(made).sort()).toEqual(Reflect.ownKeys(chakra).sort());
    expect(compareDictionaries(chakra, made)).toBeNull();
    // The list read back by the rewritten module is Chakra's tokens, strictly (undefined fields and types included).
    expect(made.allTokens).toStrictEqual(chakra.allTokens);
  });

  it('fails the build, before the app dies, when Chakra’s base config carries a token (the config the app’s createSystem gets)', async () => {
    // As a future Chakra preset may: one token in defaultBaseConfig, merged by Chakra into the app's config.
    const base = { theme: { tokens: { colors: { presetExtra: { value: '#123456' } } } } };
    const withBaseToken = createSystem(base, runtimeConfig)._config;
    await expect(proveTokenSnapshot({ expected: chakra, runtimeConfig: withBaseToken, entries })).rejects.toThrow(
      /^token-snapshot: @chakra-ui\/react \d+\.\d+\.\d+: the app's token dictionary could not be made at run time \(token-snapshot: this build makes only the tokens of the app theme.*\): the config the app's createSystem gets in the bundle has tokens of its own \(colors\.presetExtra\).*; update scripts\/token-snapshot\.mjs$/,
    );
    const semantic = createSystem({ theme: { semanticTokens: { colors: { presetFg: { value: '{colors.red.600}' } } } } }, runtimeConfig)._config;
    await expect(proveTokenSnapshot({ expected: chakra, runtimeConfig: semantic, entries })).rejects.toThrow(/could not be made at run time.*colors\.presetFg/);
  });

  it('the plugin’s buildStart fails with the real theme module when @chakra-ui/react/preset-base carries a token', async () => {
    const BASE = '\0preset-base-with-token';
    const presetWithToken = {
      name: 'test:preset-base-with-token',
      enforce: 'pre',
      // theme.ts's import of Chakra's base config (otherwise loaded by Node) pointed at one with a token.
      transform: (code, id) => (id.split('?')[0].endsWith('/src/app/theme.ts') ? code.replace("'@chakra-ui/react/preset-base'", "'virtual:preset-base-with-token'") : null),
      resolveId: (source) => (source === 'virtual:preset-base-with-token' ? BASE : null),
      load: (id) =>
        id === BASE
          ? "import { defaultBaseConfig as base } from '@chakra-ui/react/preset-base';\n" +
            "export const defaultBaseConfig = { ...base, theme: { ...base.theme, tokens: { colors: { presetExtra: { value: '#123456' } } } } };"
          : null,
    };
    const plugin = tokenSnapshotPlugin({ themePlugins: [presetWithToken] });
    await expect(plugin.buildStart.call({})).rejects.toThrow(/@chakra-ui\/react .*could not be made at run time.*colors\.presetExtra.*update scripts\/token-snapshot\.mjs/);
    // The same plugin without it passes.
    await expect(tokenSnapshotPlugin().buildStart.call({})).resolves.toBeUndefined();
  });

  it('catches a restore that reads a flag wrong, which the five views compared with toEqual let through', async () => {
    // Non-virtual tokens get `virtual: undefined`: toEqual ignores it, Chakra's dictionary has no such field.
    const restore = restoreSource.replace('if (flags & VIRTUAL) extensions.virtual = true;', 'extensions.virtual = flags & VIRTUAL ? true : undefined;');
    expect(restore).not.toBe(restoreSource);
    const made = await makeDictionary({ restore });
    expect(passesOldChecks(made)).toBe(true);
    expect(compareDictionaries(chakra, made)).toMatch(/^allTokens differs at 0 \(token /);
    const { createTokenDictionary } = await loadRewrittenDictionary({ restoreUrl: dataUrl(restore) });
    expect(createTokenDictionary).toBeTypeOf('function');
  });

  it('catches a wrong lookup for a category the old check never asked for', async () => {
    const rewrite = (code) => takeTokensFromSnapshot(code).replace('byCategoryJson = mapToJson(byCategory);', 'byCategoryJson = mapToJson(byCategory); delete byCategoryJson.radii;');
    const made = await makeDictionary({ rewrite });
    expect(passesOldChecks(made)).toBe(true);
    expect(compareDictionaries(chakra, made)).toMatch(/^getCategoryValues\("radii"\) differs: \{.* vs null$/);
    await expect(proveTokenSnapshot({ expected: chakra, runtimeConfig, entries, rewrite })).rejects.toThrow(
      /^token-snapshot: @chakra-ui\/react \d+\.\d+\.\d+: the token dictionary made from the build's list is not Chakra's: getCategoryValues\("radii"\) differs/,
    );
  });

  it('catches a wrong prefix, a wrong reference expansion, and a view Chakra adds that the check does not know', async () => {
    const prefixed = await makeDictionary({ rewrite: (code) => takeTokensFromSnapshot(code).replace('const dictionary = {\n    prefix,', 'const dictionary = {\n    prefix: prefix + "x",') });
    expect(passesOldChecks(prefixed)).toBe(true);
    expect(compareDictionaries(chakra, prefixed)).toMatch(/^prefix differs : "chakra" vs "chakrax"$/);

    const mix = await makeDictionary({ rewrite: (code) => takeTokensFromSnapshot(code).replace('`${rawOpacity}%`', '`${rawOpacity}0%`') });
    expect(passesOldChecks(mix)).toBe(true);
    expect(compareDictionaries(chakra, mix)).toMatch(/^expandReferenceInValue\("\{[\w.]+\/\d+\}"\) differs: "color-mix\(in srgb, var\(--chakra-[\w-]+\) (\d+)%, transparent\)" vs "color-mix\(in srgb, var\(--chakra-[\w-]+\) (?:\1)0%, transparent\)"$/);

    const json = await makeDictionary({ rewrite: (code) => takeTokensFromSnapshot(code).replace('const dictionary = {\n', 'const dictionary = {\n    json: {},\n') });
    expect(compareDictionaries(chakra, json)).toBe('json is extra');
    const lookup = { ...chakra, colorPalettes: () => [] };
    expect(compareDictionaries(lookup, lookup)).toBe('colorPalettes is a lookup this check does not know how to compare');
  });

  it('compares lookups by what they give for every token, not only their code', async () => {
    const made = await makeDictionary({ rewrite: (code) => takeTokensFromSnapshot(code).replace('return flatMap.get(value) ?? fallback;', 'return value === "spacing.4" ? "x" : flatMap.get(value) ?? fallback;') });
    // Chakra's memoised lookups share their wrapper's code: only the calls tell them apart.
    expect(String(made.getVar)).toBe(String(chakra.getVar));
    expect(compareDictionaries(chakra, made)).toBe('getVar("spacing.4") differs: "var(--chakra-spacing-4)" vs "x"');
    expect(CHAKRA).toMatch(/^@chakra-ui\/react \d/);
  });
});
