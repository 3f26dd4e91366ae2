import { useSyncExternalStore } from 'react';
import { setBadgeCount } from '../pwa/badge';

/**
 * The number of unsent edits and kept files of the signed-in user, published by the offline store for the app shell
 * (update prompt held while it is not zero; the app icon's badge counts them). A tiny module: the shell reads it
 * without loading IndexedDB code on first paint.
 */
let unsent = 0;
const listeners = new Set<() => void>();

export function publishUnsent(count: number): void {
  if (count === unsent) return;
  unsent = count;
  void setBadgeCount('outbox', count);
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

/**
 * What the service worker sent while the cabinet was closed (DESIGN.md "Background send"): said once when the cabinet
 * opens («Изменения, сделанные без сети, отправлены»), then gone.
 */
let workerSent = 0;
const sentListeners = new Set<() => void>();

export function publishWorkerSent(count: number): void {
  workerSent = count;
  sentListeners.forEach((l) => l());
}

export function useWorkerSent(): number {
  return useSyncExternalStore(
    (listener) => {
      sentListeners.add(listener);
      return () => sentListeners.delete(listener);
    },
    () => workerSent,
    () => 0,
  );
}
