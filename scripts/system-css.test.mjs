import { keyframes } from '@emotion/react';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cssText, proveProviderContract, systemCss } from './system-css.mjs';

const require = createRequire(import.meta.url);

describe('the theme\'s style sheet resolved at build time (index.html)', () => {
  it('declares the layer order first, then the reset, the base layer with the list classes, and the tokens', async () => {
    const css = await systemCss();
    expect(css.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
    expect(css).toContain('@layer reset{');
    // The cabinet's list classes (app/hot-styles.ts) and the theme's own global styles, in the base layer.
    expect(css).toMatch(/@layer base\{[^]*\.cab-table\{/);
    expect(css).toMatch(/@layer base\{[^]*\.cab-chip\{/);
    // Tokens as CSS variables on the root, the brand palette of theme.ts among them; light values only.
    expect(css).toMatch(/@layer tokens\{:where\(html, \.chakra-theme\)\{[^}]*--chakra-colors-brand-solid:var\(--chakra-colors-brand-600\)/);
    expect(css).not.toContain('.dark');
    // Chakra's per-element custom properties live on the root, not on every element.
    expect(css).not.toMatch(/\*\{[^}]*--ring-color/);
  });

  it('writes what emotion would insert (same serialiser and vendor prefixes)', () => {
    expect(cssText(['@layer a;', { ':root': { display: 'flex' }, '@layer base': { '.x': { userSelect: 'none' } } }])).toBe(
      '@layer a;:root{display:-webkit-box;display:-webkit-flex;display:-ms-flexbox;display:flex;}@layer base{.x{-webkit-user-select:none;-moz-user-select:none;-ms-user-select:none;user-select:none;}}',
    );
  });
});

describe('system-css proof: Chakra’s provider and emotion’s Global still do what cssText repeats', () => {
  it('holds for the installed @chakra-ui/react and @emotion/react', () => {
    expect(() => proveProviderContract()).not.toThrow();
  });

  const installed = (name, file) => readFileSync(path.join(path.dirname(require.resolve(`${name}/package.json`)), file), 'utf8');

  it('fails the build, naming the package and its version, when the provider inserts its globals another way', () => {
    const read = (name, file) => (file.endsWith('provider.js') ? installed(name, file).replace('jsx(Global, { styles: sys._global })', 'jsx(GlobalStyles, { system: sys })') : installed(name, file));
    expect(() => proveProviderContract(read)).toThrow(/^system-css: @chakra-ui\/react \d+\.\d+\.\d+ changed: its provider inserts the layer order and `_global`[^]*no longer has `\/\* @__PURE__ \*\/ jsx\(Global, \{ styles: sys\._global \}\),`/);
  });

  it('fails when the provider inserts one more global style sheet', () => {
    const read = (name, file) => (file.endsWith('provider.js') ? installed(name, file).replace('children\n', 'jsx(Global, { styles: sys._extra }),\n    children\n') : installed(name, file));
    expect(() => proveProviderContract(read)).toThrow(/@chakra-ui\/react \d+\.\d+\.\d+ changed[^]*has \/\\bGlobal\\b\/g 4 times, not 3/);
  });

  it('fails when emotion’s Global no longer inserts through the cache', () => {
    const read = (name, file) => (name === '@emotion/react' && file.endsWith('.esm.js') ? installed(name, file).replace('cache.insert("", serialized, sheet, false);', 'sheet.insert(serialized.styles);') : installed(name, file));
    expect(() => proveProviderContract(read)).toThrow(/^system-css: @emotion\/react \d+\.\d+\.\d+ changed: its Global serialises/);
  });

  it('refuses styles holding emotion keyframes, which Global would insert apart', () => {
    expect(() => cssText([{ '.x': { animation: `${keyframes({ from: { opacity: 0 } })} 1s` } }])).toThrow(/emotion keyframes/);
  });
});
