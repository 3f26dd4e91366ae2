import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SENTINEL_CODES, reactSentinels, sentinelFor, sentinelsWithoutStack } from './react-sentinels.mjs';

const require = createRequire(import.meta.url);
const reactDom = path.join(path.dirname(require.resolve('react-dom/package.json')), 'cjs/react-dom-client.production.js');

/** The value the transform puts in place of `Error(formatProdErrorMessage(n))`, made with React's message for it. */
function sentinelOf(code, n) {
  expect(code).toContain(sentinelFor(n));
  return new Function('formatProdErrorMessage', `return (${sentinelFor(n)});`)((code) => `Minified React error #${code}`);
}

describe("React DOM's sentinel errors made without a recorded stack (build transform)", () => {
  it('replaces the five values made at the top of the installed React DOM, and nothing else', () => {
    const source = readFileSync(reactDom, 'utf8');
    const code = sentinelsWithoutStack(source);
    for (const n of SENTINEL_CODES) {
      expect(code).not.toMatch(new RegExp(`\\bError\\(formatProdErrorMessage\\(${n}\\)\\)`));
      expect(code).toContain(sentinelFor(n));
    }
    // Other errors React makes when something goes wrong keep their stack.
    expect(code.match(/\bError\(formatProdErrorMessage\(/g)?.length).toBe((source.match(/\bError\(formatProdErrorMessage\(/g) ?? []).length - SENTINEL_CODES.length);
    expect(code.startsWith(source.slice(0, 200))).toBe(true);
  });

  it('makes an Error React can throw and compare as before, without capturing a stack', () => {
    const code = sentinelsWithoutStack(readFileSync(reactDom, 'utf8'));
    for (const n of SENTINEL_CODES) {
      const error = sentinelOf(code, n);
      expect(error).toBeInstanceOf(Error);
      expect(error.message).toBe(`Minified React error #${n}`);
      expect(error.name).toBe('Error');
      expect(String(error)).toBe(`Error: Minified React error #${n}`);
      expect(error.stack).toBeUndefined();
    }
    expect(sentinelOf(code, 460)).not.toBe(sentinelOf(code, 460));
  });

  it('stops the build when React DOM no longer has one of them', () => {
    expect(() => sentinelsWithoutStack('var x = Error(formatProdErrorMessage(460));')).toThrow(/react-sentinels: expected one `Error\(formatProdErrorMessage\(461\)\)`/);
    const twice = SENTINEL_CODES.map((n) => `Error(formatProdErrorMessage(${n}));`).join('\n') + '\nError(formatProdErrorMessage(460));';
    expect(() => sentinelsWithoutStack(twice)).toThrow(/expected one `Error\(formatProdErrorMessage\(460\)\)`/);
  });

  it('touches only the production build of React DOM client', () => {
    const { transform } = reactSentinels();
    const code = SENTINEL_CODES.map((n) => `var e${n} = Error(formatProdErrorMessage(${n}));`).join('\n');
    const call = (id) => transform.call(null, code, id);
    expect(call('/app/node_modules/react-dom/cjs/react-dom-client.production.js')?.code).toContain(sentinelFor(460));
    expect(call('/app/node_modules/react-dom/cjs/react-dom-client.development.js')).toBeNull();
    expect(call('/app/src/main.tsx')).toBeNull();
  });
});
