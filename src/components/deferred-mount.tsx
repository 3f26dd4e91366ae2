import { useDeferredValue, type ReactNode } from 'react';

/**
 * Mounts `children` in a background render right after a first pass that shows only `fallback`.
 *
 * The router and the query cache hand React their changes through external stores, which React always renders in one
 * uninterruptible pass: a whole signed-in screen (shell, menu, filters, list) was one ~190 ms task at CPU 4×, the
 * longest task of every cabinet screen (`npm run bench`, "blocking"). A value deferred from its initial render makes
 * React render the subtree as a transition instead: in slices of a few milliseconds with the browser let in between
 * (input, paint), then committed at once. Only the first mount is deferred; later updates render as before.
 */
export function DeferredMount({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const mounted = useDeferredValue(true, false);
  return mounted ? children : fallback;
}

/**
 * A query's data as the screen draws it: when new data arrives it is drawn in a background render (the same slices as
 * DeferredMount); `drawing` is true meanwhile, so the screen keeps its skeleton instead of saying «no data».
 */
export function useDrawnData<T>(data: T): { data: T; drawing: boolean } {
  const drawn = useDeferredValue(data);
  return { data: drawn, drawing: drawn !== data };
}
