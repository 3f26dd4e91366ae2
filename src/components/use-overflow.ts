import { useLayoutEffect, useState, type DependencyList, type RefObject } from 'react';
import { flushSync } from 'react-dom';

const isCut = (el: HTMLElement) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;

/**
 * Whether an element's text is cut (clamped or truncated), after each change of deps and whenever its box changes.
 * Measured in a ResizeObserver callback, which the browser runs right after its own layout and before paint: the
 * commit never forces a layout of the whole page (it did, in the middle of the first render: ~60 ms at CPU 4× on
 * every cabinet screen), and `flushSync` still shows the answer in the same frame (no «Подробнее» popping in late).
 */
export function useOverflow(ref: RefObject<HTMLElement | null>, deps: DependencyList): boolean {
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof ResizeObserver === 'undefined') {
      setOverflows(isCut(el));
      return;
    }
    // A fresh observer delivers a first observation in the next frame, so a text change re-measures too.
    const observer = new ResizeObserver(() => flushSync(() => setOverflows(isCut(el))));
    observer.observe(el);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return overflows;
}
