import { describe, expect, it } from 'vitest';
import { splitText } from './emotion-layers';

describe('emotion-layers splitText: emotion’s rules split by their text', () => {
  it('keeps a style rule whole, for the top of the sheet', () => {
    expect(splitText('.css-a{color:red;padding:4px;}')).toEqual([['', '.css-a{color:red;padding:4px;}']]);
    expect(splitText('.css-a:not(:disabled):hover,.css-a[data-x]{color:red;}')).toEqual([
      ['', '.css-a:not(:disabled):hover,.css-a[data-x]{color:red;}'],
    ]);
  });

  it('splits a media rule into its style rules, in order, named by the query', () => {
    expect(splitText('@media screen and (min-width:48rem){.css-a{gap:1px;}.css-b{gap:2px;}}')).toEqual([
      ['M:screen and (min-width:48rem)', '.css-a{gap:1px;}'],
      ['M:screen and (min-width:48rem)', '.css-b{gap:2px;}'],
    ]);
  });

  it('splits a layer block into its style rules and the style rules of its media rules, in order', () => {
    expect(splitText('@layer recipes{.css-a{color:red;}@media (hover: hover){.css-a:hover{color:blue;}}.css-a:focus{outline:0;}}')).toEqual([
      ['L:recipes', '.css-a{color:red;}'],
      ['L:recipes|M:(hover: hover)', '.css-a:hover{color:blue;}'],
      ['L:recipes', '.css-a:focus{outline:0;}'],
    ]);
  });

  it('keeps each rule as emotion wrote it: a shorthand with var() stays (written back by the browser it was lost)', () => {
    const rule = '@layer recipes{.css-a{animation:var(--spin) infinite;background:var(--bg);}}';
    expect(splitText(rule)).toEqual([['L:recipes', '.css-a{animation:var(--spin) infinite;background:var(--bg);}']]);
  });

  it('strings, escapes and urls are read over', () => {
    for (const rule of [
      '.css-a::before{content:"-";}',
      '.css-a{background:url(data:image/svg+xml,<svg>);}',
      '.css-\\{a{color:red;}',
    ]) {
      expect(splitText(rule), rule).toEqual([['', rule]]);
    }
    expect(splitText('@layer recipes{.css-a::after{content:"";}.css-b{color:red;}}')).toEqual([
      ['L:recipes', '.css-a::after{content:"";}'],
      ['L:recipes', '.css-b{color:red;}'],
    ]);
  });

  it('leaves whole what is not one of those shapes', () => {
    for (const rule of [
      '@keyframes spin{from{transform:rotate(0);}to{transform:rotate(360deg);}}',
      '@font-face{font-family:x;}',
      '@layer reset, base, tokens, recipes;',
      '@layer a.b{.css-a{color:red;}}',
      '@supports (display:grid){.css-a{display:grid;}}',
      '@layer recipes{@supports (display:grid){.css-a{display:grid;}}}',
      '@media print{@media (hover: hover){.css-a{color:red;}}}',
      '.css-a{&:hover{color:red;}}',
      '.css-a{color:red;}.css-b{color:blue;}',
      '.css-a{color:red;',
      '.css-a{color:red;}}',
      '.css-a{color:red;/* { */}',
      '.css-a::before{content:"{;}',
      '.css-a{background:url(a{color:red;}',
      // A brace in a declaration: left whole (its string is not followed past an escaped quote).
      '.css-a::before{content:"{";}',
      '.css-a::before{content:"\\"";}',
      '@layer recipes{.css-a::before{content:"\\"}";}}',
    ]) {
      expect(splitText(rule), rule).toBeNull();
    }
  });
});
