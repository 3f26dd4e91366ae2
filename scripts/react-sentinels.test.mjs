import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SENTINEL_CODES, proveIdentityUse, reactSentinels, sentinelFor, sentinelsWithoutStack } from './react-sentinels.mjs';

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

describe('react-sentinels proof: React DOM only throws the values and compares them by identity', () => {
  const source = readFileSync(reactDom, 'utf8');
  const module = (uses) => `${SENTINEL_CODES.map((n) => `var e${n} = Error(formatProdErrorMessage(${n}));`).join('\n')}\n${uses}`;

  it('holds for the installed React DOM: each of the five made once, bound to one name, only thrown or compared', () => {
    expect([...proveIdentityUse(source).values()].sort()).toEqual([...SENTINEL_CODES].sort());
  });

  it('accepts throw X, throw (…, X), === and !==', () => {
    expect(() => proveIdentityUse(module('function f(x) { if (x === e460 || e461 !== x) throw e474; throw ((y = 1), e519); }'))).not.toThrow();
  });

  it.each([
    ['its stack read', 'console.log(e460.stack);', /e460 \(error 460\) is used at line 6 other than thrown or compared by identity \(in a MemberExpression\)/],
    ['handed to a function', 'report(e542);', /e542 \(error 542\) is used at line 6[^]*CallExpression/],
    ['thrown inside an object', 'throw { cause: e461 };', /e461 \(error 461\)[^]*Property/],
    ['compared loosely', 'if (x == e474) f();', /e474 \(error 474\)[^]*BinaryExpression/],
  ])('fails the build, naming react-dom and its version, when a sentinel is %s', (_, uses, message) => {
    expect(() => proveIdentityUse(module(uses))).toThrow(/^react-sentinels: react-dom \d+\.\d+\.\d+ changed: /);
    expect(() => proveIdentityUse(module(uses))).toThrow(message);
  });

  it('fails when a value is no longer made under a name of its own', () => {
    expect(() => proveIdentityUse(module('').replace('var e519 = Error(formatProdErrorMessage(519));', 'throw Error(formatProdErrorMessage(519));'))).toThrow(/no `var X = Error\(formatProdErrorMessage\(519\)\)`/);
  });

  it('the build transform proves before it rewrites', () => {
    const { transform } = reactSentinels();
    expect(() => transform.call(null, module('log(e460.message);'), '/app/node_modules/react-dom/cjs/react-dom-client.production.js')).toThrow(/react-sentinels: react-dom/);
  });
});
