import { useEffect, useSyncExternalStore } from 'react';

/** The header title of the current screen (SPEC §2 shell: page title, tooltip past 88 characters). */
let title = '';
const listeners = new Set<() => void>();

export { TITLE_TOOLTIP_THRESHOLD } from '@/lib/limits';

export function usePageTitle(next: string | undefined): void {
  useEffect(() => {
    if (next === undefined) return;
    title = next;
    document.title = next ? `${next} — Личный кабинет` : 'Личный кабинет';
    for (const l of listeners) l();
  }, [next]);
}

export function usePageTitleValue(): string {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => title,
  );
}
