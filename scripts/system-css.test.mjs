import { describe, expect, it } from 'vitest';
import { cssText, systemCss } from './system-css.mjs';

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
