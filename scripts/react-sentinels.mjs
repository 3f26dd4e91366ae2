// Vite plugin (issue 19): React DOM makes five Error objects when its module is evaluated — values it throws and
// compares by identity, never shows (`SuspenseException`, `SuspenseyCommitException`, `SuspenseActionException`,
// `HydrationMismatchException`, `SelectiveHydrationException`). While DevTools is attached to the page, as Lighthouse
// is, V8 records where each new Error was made, and for that it re-parses every function on the stack at that moment:
// here React DOM's whole module body and the startup chunk's top level. Measured on /tasks at full speed: 60–71 ms of
// module evaluation with DevTools' Runtime domain on, under 8 ms without it (long-animation-frame entries), 79 ms of
// it "collect source positions" in the trace. The values are made here as instances of Error without a recorded stack:
// `instanceof Error`, `message` and `name` as before, same identity everywhere React uses them.
const REACT_DOM = /[\\/]node_modules[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/;
/** The error codes of the values (React's error decoder: react.dev/errors/<code>). */
export const SENTINEL_CODES = [460, 461, 474, 519, 542];

/** What takes the place of `Error(formatProdErrorMessage(n))`: an Error by prototype, made without a stack. */
export const sentinelFor = (n) => `{ __proto__: Error.prototype, message: formatProdErrorMessage(${n}) }`;

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
      return { code: sentinelsWithoutStack(code), map: null };
    },
  };
}
