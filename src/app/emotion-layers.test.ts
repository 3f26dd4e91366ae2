import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EMOTION_CONTRACT, chakraBlockKinds, proveEmotionContract, proveTapeRow } from '../../scripts/emotion-layers-contract.mjs';
import { TAPE_ROW, splitText } from './emotion-layers';

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

// Issue 51: what keepLayerBlocks relies on in emotion and Chakra, proved by the build (scripts/emotion-layers-contract.mjs).
describe('emotion-layers: the emotion and Chakra internals it relies on (build-time proof)', () => {
  it('holds for the installed emotion and Chakra', async () => {
    expect(() => proveEmotionContract()).not.toThrow();
    await expect(proveTapeRow()).resolves.toBeUndefined();
  });

  it.each(EMOTION_CONTRACT.map(({ name, file, lines: [needle = ''], what }) => [name, file, needle, what] as const))('fails naming %s and its version when %s no longer has `%s`', (name, file, needle, what) => {
    const read = (n: string, f: string) => {
      const text = readFileSync(fileURLToPath(new URL(`../../node_modules/${n}/${f}`, import.meta.url)), 'utf8');
      return n === name && f === file ? text.replaceAll(needle, '/* changed */') : text;
    };
    expect(() => proveEmotionContract(read)).toThrow(new RegExp(`^emotion-layers: ${name.replace('/', '\\/')} \\d+\\.\\d+\\.\\d+ changed: ${what.replace(/[`.]/g, '.')}`));
  });

  it('fails when Chakra writes a block the tape does not have', async () => {
    const kinds = await chakraBlockKinds();
    expect(kinds.size).toBeGreaterThan(5);
    await expect(proveTapeRow(new Set([...kinds, 'M:print']))).rejects.toThrow(/^emotion-layers: @chakra-ui\/react \d+\.\d+\.\d+ writes blocks TAPE_ROW does not have: M:print;/);
    expect(TAPE_ROW.length).toBeGreaterThan(5);
  });
});
