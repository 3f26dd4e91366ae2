import { useLayoutEffect, useReducer } from 'react';

/**
 * An external store's value, read at render and followed from the commit on: like `useSyncExternalStore`, without
 * its guard against tearing. That guard makes React throw away a background (sliced) render as soon as the value
 * changed while it ran, and render everything again in one blocking pass: the save-state line of a questionnaire,
 * which changes as the offline layer starts, turned the form's sliced first render into a ~200 ms task at CPU 4×.
 * For a status shown at one place, one frame behind is harmless; for values a screen must show consistently (form
 * fields), keep `useSyncExternalStore`.
 *
 * `subscribe` and `getSnapshot` should be stable (memoised on what they read); the snapshot must be cached by the
 * store (the same object while nothing changed).
 */
export function useStoreValue<T>(subscribe: (listener: () => void) => () => void, getSnapshot: () => T): T {
  const value = getSnapshot();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useLayoutEffect(() => {
    let shown = value;
    const check = () => {
      const next = getSnapshot();
      if (Object.is(next, shown)) return;
      shown = next;
      rerender();
    };
    // A change between the render and this commit is not missed.
    check();
    return subscribe(check);
  }, [subscribe, getSnapshot, value]);
  return value;
}
