import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints, withCompileHint } from './compile-hints.mjs';

describe('V8 compile hints on start-up chunks (build plugin)', () => {
  it('puts the magic comment first, before anything Vite wrote at the top, and moves the source map down a line', () => {
    const code = 'const __vite__mapDeps=(i)=>i;\nimport{a}from"./b.js";a();\n';
    const { code: hinted, map } = withCompileHint(code, { version: 3, mappings: 'AAAA;AACA', sources: ['x.ts'], names: [] });
    expect(hinted.startsWith('//# allFunctionsCalledOnLoad\nconst __vite__mapDeps')).toBe(true);
    expect(hinted.slice(COMPILE_HINT.length)).toBe(code);
    expect(map.mappings).toBe(';AAAA;AACA');
  });

  it('adds it once, and leaves a chunk without a source map without one', () => {
    const once = withCompileHint('f();', null);
    expect(withCompileHint(once.code, null).code).toBe(once.code);
    expect(once.map).toBeNull();
  });

  it('hints only the chunks chosen, after the other plugins (order: post)', () => {
    const plugin = compileHints((chunk) => chunk.isEntry);
    expect(plugin.generateBundle.order).toBe('post');
    const bundle = {
      'index.js': { type: 'chunk', fileName: 'index.js', isEntry: true, code: 'main();', map: null },
      'later.js': { type: 'chunk', fileName: 'later.js', isEntry: false, code: 'later();', map: null },
      'style.css': { type: 'asset', source: 'a{}' },
    };
    plugin.generateBundle.handler({}, bundle);
    expect(bundle['index.js'].code).toBe(`${COMPILE_HINT}main();`);
    expect(bundle['later.js'].code).toBe('later();');
    expect(bundle['style.css'].source).toBe('a{}');
    plugin.writeBundle({}, bundle);
    bundle['index.js'].code = `const x=1;\n${bundle['index.js'].code}`;
    expect(() => plugin.writeBundle({}, bundle)).toThrow('the hint is not the first line of index.js');
  });
});
