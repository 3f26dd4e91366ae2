import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dropUtilityTypes, makeGlobalsLazy, proveLazyGlobals } from './lazy-system-globals.mjs';
import { firstDifference, systemFingerprint } from './system-fingerprint.mjs';

const require = createRequire(import.meta.url);
const styledSystem = path.join(path.dirname(require.resolve('@chakra-ui/react/package.json')), 'dist/esm/styled-system');
const systemJs = path.join(styledSystem, 'system.js');

describe('Chakra system globals worked out on first read (build transform)', () => {
  it('rewrites the installed Chakra: no eager call, `_global` a getter that caches', () => {
    const code = makeGlobalsLazy(readFileSync(systemJs, 'utf8'));
    expect(code).not.toContain('const _global = [');
    expect(code).toMatch(/get _global\(\) \{\s+return globals\(\);\s+\}/);
    expect(code).toContain('(_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()])');
  });

  it('computes the globals once, when read, and not before', () => {
    const module = `function getPreflightCss() { calls.push('reset'); return 'r'; }
function getGlobalCss() { calls.push('global'); return 'g'; }
function getTokenCss() { calls.push('tokens'); return 't'; }
function make() {
  const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];
  return {
    $$chakra: true,
    _global,
    css: 1
  };
}
return make;`;
    const calls = [];
    const system = new Function('calls', makeGlobalsLazy(module))(calls)();
    expect(calls).toEqual([]);
    expect(system._global).toEqual(['r', 'g', 't']);
    expect(system._global).toBe(system._global);
    expect(calls).toEqual(['reset', 'global', 'tokens']);
  });

  it('fails the build when Chakra no longer has the lines it rewrites', () => {
    expect(() => makeGlobalsLazy('const _global = computeGlobals();')).toThrow(/system\.js changed/);
  });
});

describe("Chakra utilities without their type generator's bookkeeping (build transform)", () => {
  it('rewrites the installed Chakra: the property types are no longer worked out when the system is made', () => {
    const original = readFileSync(path.join(styledSystem, 'utility.js'), 'utf8');
    const code = dropUtilityTypes(original);
    expect(original.match(/assignPropertyType\(property, config\);|assignPropertyTypes\(\);/g)).toHaveLength(2);
    expect(code).not.toMatch(/assignPropertyType\(property, config\);|assignPropertyTypes\(\);/);
    // What styles need stays: each property's values, its shorthands, the colour palettes.
    expect(code).toContain('propValues.set(property, values);');
    expect(code).toMatch(/assignShorthands\(\);\s+assignColorPaletteProperty\(\);\s+assignProperties\(\);\s+\}/);
  });

  it('fails the build when Chakra no longer has the lines it rewrites', () => {
    expect(() => dropUtilityTypes('function build() { assignProperties(); }')).toThrow(/utility\.js changed/);
  });
});

describe('lazy-system-globals proof: the rewritten styled-system makes the same system as Chakra’s own', () => {
  it('holds for the installed Chakra and the app’s theme (as the build proves it)', async () => {
    await expect(proveLazyGlobals()).resolves.toBeUndefined();
  }, 60000);

  it('the fingerprint it compares sees a token, a recipe variant and a global style that differ', async () => {
    const { createSystem, defaultConfig } = await import('@chakra-ui/react');
    const { badgeRecipe } = await import('@chakra-ui/react/theme');
    const asks = { recipes: { badge: badgeRecipe }, styles: [{ color: 'fg.muted', p: '2' }] };
    const print = (config) => systemFingerprint(createSystem(defaultConfig, config), asks);
    const usual = print({});
    expect(firstDifference(usual, print({}))).toBeNull();
    expect(firstDifference(usual, print({ theme: { tokens: { colors: { extra: { value: '#123456' } } } } }))).toMatch(/^\$\.config\.theme\.tokens\.colors/);
    expect(firstDifference(usual, print({ theme: { tokens: { spacing: { 2: { value: '0.6rem' } } } } }))).toMatch(/spacing/);
    expect(firstDifference(usual, print({ globalCss: { body: { margin: '1px' } } }))).toMatch(/^\$\.config\.globalCss\.body/);
    // Past the config, the system's own answers: a recipe's CSS and the global styles read last.
    const { config: _a, ...answers } = usual;
    const { config: _b, ...changed } = print({ theme: { tokens: { colors: { gray: { 100: { value: '#eeeeee' } } } } } });
    expect(firstDifference(answers, changed)).toMatch(/^\$\.tokens\./);
  }, 60000);
});
