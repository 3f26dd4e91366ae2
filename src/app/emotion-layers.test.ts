import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { SystemStyleObject } from '@chakra-ui/react';
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

// Issue 51: what keepLayerBlocks relies on in emotion and Chakra; a change fails here naming the package.
describe('emotion-layers: the emotion and Chakra internals it relies on', () => {
  const read = (file: string) => readFileSync(fileURLToPath(new URL(`../../node_modules/${file}`, import.meta.url)), 'utf8');
  const version = (name: string) => (JSON.parse(read(`${name}/package.json`)) as { version: string }).version;
  const guard = (name: string, file: string, needle: string, what: string) => {
    if (!read(`${name}/${file}`).includes(needle)) {
      throw new Error(`emotion-layers: ${name} ${version(name)} changed: ${what} (${file} no longer has \`${needle}\`); update src/app/emotion-layers.ts`);
    }
  };

  it('emotion’s cache hands each rule to its sheet’s `insert`, looked up on the sheet (the method it replaces)', () => {
    expect(() => guard('@emotion/cache', 'dist/emotion-cache.browser.esm.js', 'currentSheet.insert(rule)', 'rules no longer go through sheet.insert')).not.toThrow();
  });

  it('emotion’s sheet keeps its style elements in `tags` and says `isSpeedy` (rules through the CSS object model)', () => {
    expect(() => guard('@emotion/sheet', 'dist/emotion-sheet.esm.js', 'this.tags.push(tag)', 'the sheet’s style elements are not in `tags`')).not.toThrow();
    expect(() => guard('@emotion/sheet', 'dist/emotion-sheet.esm.js', 'this.isSpeedy =', 'the sheet has no `isSpeedy`')).not.toThrow();
    expect(() => guard('@emotion/sheet', 'dist/emotion-sheet.esm.js', 'sheet.insertRule(rule, sheet.cssRules.length)', 'a rule no longer goes in at the end of the style element’s sheet')).not.toThrow();
  });

  it('Chakra’s components style through emotion’s cache, the one withEmotionCache gives KeepLayerBlocks', () => {
    expect(() => guard('@chakra-ui/react', 'dist/esm/styled-system/factory.js', "import { withEmotionCache, ThemeContext } from '@emotion/react'", 'its factory no longer takes emotion’s cache')).not.toThrow();
  });

  it('fails naming the package and what changed', () => {
    expect(() => guard('@emotion/cache', 'dist/emotion-cache.browser.esm.js', 'sheet.insertAll(rules)', 'rules no longer go through sheet.insert')).toThrow(
      /^emotion-layers: @emotion\/cache \d+\.\d+\.\d+ changed: rules no longer go through sheet\.insert/,
    );
  });

  it('the rules Chakra writes for the cabinet split into kinds of TAPE_ROW (its recipes layer, media queries and breakpoints)', async () => {
    const { getSystem } = await import('./theme');
    const { cssText } = await import('../../scripts/system-css.mjs');
    const system = getSystem();
    const style = system.css({
      '@layer recipes': { color: 'red', _hover: { color: 'blue' }, display: { base: 'none', md: 'block' } },
      gap: { base: '1', sm: '2', md: '3', lg: '4', xl: '5' },
      hideFrom: 'md',
    } as SystemStyleObject);
    const rules = cssText([{ '.x': style }]).match(/(@[^{]+\{(?:[^{}]|\{[^{}]*\}|\{[^{}]*\{[^{}]*\}[^{}]*\})*\})|([^@{}][^{}]*\{[^{}]*\})/g) ?? [];
    const kinds = new Set(rules.flatMap((rule) => splitText(rule)?.map(([kind]) => kind) ?? [`(whole) ${rule}`]));
    const unknown = [...kinds].filter((kind) => kind !== '' && !TAPE_ROW.includes(kind));
    expect(unknown, `emotion-layers: @chakra-ui/react ${version('@chakra-ui/react')} writes blocks TAPE_ROW does not have: ${unknown.join(', ')}; update src/app/emotion-layers.ts`).toEqual([]);
    expect(kinds.size).toBeGreaterThan(5);
  });
});
