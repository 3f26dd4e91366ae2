import { useSyncExternalStore } from 'react';

/**
 * The number of unsent edits of the signed-in user, published by the offline store for the app shell (update prompt
 * held while it is not zero). A tiny module: the shell reads it without loading IndexedDB code on first paint.
 */
let unsent = 0;
const listeners = new Set<() => void>();

export function publishUnsent(count: number): void {
  if (count === unsent) return;
  unsent = count;
  listeners.forEach((l) => l());
}

export function unsentCount(): number {
  return unsent;
}

export function useUnsentCount(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    unsentCount,
    () => 0,
  );
}
