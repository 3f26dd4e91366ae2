import { useLayoutEffect, useState, type DependencyList, type RefObject } from 'react';

/** Whether an element's text is cut (clamped or truncated): measured after each change of deps and on resize. */
export function useOverflow(ref: RefObject<HTMLElement | null>, deps: DependencyList): boolean {
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1);
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return overflows;
}
