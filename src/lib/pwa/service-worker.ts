import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

/**
 * Service-worker registration (DESIGN.md "Offline drafts": precached shell, update prompt). The worker is generated
 * by vite-plugin-pwa with registerType "prompt": a new version waits until the user accepts it here, and the prompt
 * is held while edits are unsent or a field is being edited (see update-prompt.tsx).
 */
export const SW_URL = '/sw.js';
/** How often an open app asks the server for a new version. */
export const UPDATE_CHECK_MS = 30 * 60 * 1000;

interface UpdateState {
  /** A new version is installed and waiting (or already took over from another tab). */
  available: boolean;
  applying: boolean;
}

let state: UpdateState = { available: false, applying: false };
let workbox: Workbox | null = null;
const listeners = new Set<() => void>();

function setState(next: Partial<UpdateState>) {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

let registering = false;

export function registerServiceWorker(): void {
  if (registering || typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  registering = true;
  // workbox-window is loaded after the page's load event (when it would register anyway), apart from the first-load
  // JavaScript.
  const load = () =>
    void import('workbox-window').then(
      ({ Workbox }) => start(new Workbox(SW_URL, { scope: '/' })),
      () => (registering = false),
    );
  if (document.readyState === 'complete') load();
  else window.addEventListener('load', load, { once: true });
}

function start(instance: Workbox): void {
  workbox = instance;
  workbox.addEventListener('waiting', () => setState({ available: true }));
  workbox.addEventListener('controlling', (event) => {
    // This tab asked for the update: load the new version. Another tab did: offer the reload here too.
    if (state.applying) window.location.reload();
    else if (event.isUpdate) setState({ available: true });
    // The runtime config was fetched before the worker took over: fetch it again through it, so the next start
    // works offline (network first, cached copy as fallback).
    else void fetch('/config.json', { cache: 'no-cache' }).catch(() => undefined);
  });
  void workbox
    .register()
    .then((registration) => {
      // This page loaded while the worker was activating, after its claim of the pages then open: it would stay
      // uncontrolled until its next load. The worker takes it now (public/sw-claim.js).
      if (registration?.active && !navigator.serviceWorker.controller) registration.active.postMessage({ type: 'CLAIM_CLIENTS' });
    })
    .catch((error: unknown) => console.warn('Service worker не зарегистрирован', error));

  const check = () => void workbox?.update().catch(() => undefined);
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/** Applies the waiting version: the new worker takes over, then the page reloads ("controlling"). */
export function applyUpdate(): void {
  setState({ applying: true });
  const waiting = workbox ? navigator.serviceWorker.getRegistration().then((r) => r?.waiting ?? null) : Promise.resolve(null);
  void waiting.then((worker) => {
    if (worker && workbox) workbox.messageSkipWaiting();
    // Nothing waiting: the new worker already controls the page (activated from another tab).
    else window.location.reload();
  });
}

export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state.available && !state.applying,
    () => false,
  );
}
