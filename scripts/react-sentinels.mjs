// Vite plugin (issue 19): React DOM makes five Error objects when its module is evaluated — values it throws and
// compares by identity, never shows (`SuspenseException`, `SuspenseyCommitException`, `SuspenseActionException`,
// `HydrationMismatchException`, `SelectiveHydrationException`). While DevTools is attached to the page, as Lighthouse
// is, V8 records where each new Error was made, and for that it re-parses every function on the stack at that moment:
// here React DOM's whole module body and the startup chunk's top level. Measured on /tasks at full speed: 60–71 ms of
// module evaluation with DevTools' Runtime domain on, under 8 ms without it (long-animation-frame entries), 79 ms of
// it "collect source positions" in the trace. The values are made here as instances of Error without a recorded stack:
// `instanceof Error`, `message` and `name` as before, same identity everywhere React uses them.
//
// The build proves that nothing can tell the difference (docs/dependency-upgrades.md): in React DOM's module each value
// is made once, bound to a name, and that name is only ever thrown or compared by identity (=== / !==), so no code of
// React reads a stack it no longer has; otherwise the build fails naming react-dom, its version and the place.
import { parseAst } from 'vite';
import { packageVersion } from './package-contract.mjs';
const REACT_DOM = /[\\/]node_modules[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/;
/** The error codes of the values (React's error decoder: react.dev/errors/<code>). */
export const SENTINEL_CODES = [460, 461, 474, 519, 542];

/** What takes the place of `Error(formatProdErrorMessage(n))`: an Error by prototype, made without a stack. */
export const sentinelFor = (n) => `{ __proto__: Error.prototype, message: formatProdErrorMessage(${n}) }`;

const isSentinelCall = (node, n) =>
  node?.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'Error' && node.arguments.length === 1 &&
  node.arguments[0].type === 'CallExpression' && node.arguments[0].callee.name === 'formatProdErrorMessage' && node.arguments[0].arguments[0]?.value === n;

/**
 * Throws unless each sentinel of React DOM's module is made once, bound to a name by `var`, and that name is used only
 * as what is thrown (`throw X`, `throw (…, X)`) or as a side of === / !==.
 */
export function proveIdentityUse(code) {
  const fail = (what) => new Error(`react-sentinels: react-dom ${packageVersion('react-dom')} changed: ${what}; update scripts/react-sentinels.mjs or take the patch out (docs/dependency-upgrades.md)`);
  const ast = parseAst(code);
  const names = new Map();
  const uses = [];
  const line = (node) => code.slice(0, node.start).split('\n').length;
  (function walk(node, parent, grandparent) {
    if (node.type === 'VariableDeclarator') {
      const n = SENTINEL_CODES.find((code) => isSentinelCall(node.init, code));
      if (n !== undefined) {
        if (node.id.type !== 'Identifier' || names.has(node.id.name)) throw fail(`the value of error ${n} is not bound to one name of its own`);
        names.set(node.id.name, n);
      }
    }
    if (node.type === 'Identifier') uses.push({ node, parent, grandparent });
    for (const value of Object.values(node)) {
      for (const child of Array.isArray(value) ? value : [value]) if (child && typeof child.type === 'string') walk(child, node, parent);
    }
  })(ast, null, null);
  for (const n of SENTINEL_CODES) if (![...names.values()].includes(n)) throw fail(`no \`var X = Error(formatProdErrorMessage(${n}))\``);
  for (const { node, parent, grandparent } of uses) {
    if (!names.has(node.name)) continue;
    const declared = parent.type === 'VariableDeclarator' && parent.id === node;
    const compared = parent.type === 'BinaryExpression' && (parent.operator === '===' || parent.operator === '!==');
    const thrown = (parent.type === 'ThrowStatement' && parent.argument === node) ||
      (parent.type === 'SequenceExpression' && parent.expressions.at(-1) === node && grandparent?.type === 'ThrowStatement');
    if (!declared && !compared && !thrown) throw fail(`${node.name} (error ${names.get(node.name)}) is used at line ${line(node)} other than thrown or compared by identity (in a ${parent.type}), so its stack or fields may be read`);
  }
  return names;
}

/** React DOM's production module with its sentinel errors made without a stack; throws if one is not found. */
export function sentinelsWithoutStack(code) {
  let out = code;
  for (const n of SENTINEL_CODES) {
    const call = new RegExp(`\\bError\\(formatProdErrorMessage\\(${n}\\)\\)`, 'g');
    if (out.match(call)?.length !== 1) throw new Error(`react-sentinels: expected one \`Error(formatProdErrorMessage(${n}))\` in react-dom-client.production.js (React DOM changed)`);
    out = out.replace(call, sentinelFor(n));
  }
  return out;
}

export function reactSentinels() {
  return {
    name: 'react-sentinels',
    apply: 'build',
    transform(code, id) {
      if (!REACT_DOM.test(id.split('?')[0])) return null;
      proveIdentityUse(code);
      return { code: sentinelsWithoutStack(code), map: null };
    },
  };
}
