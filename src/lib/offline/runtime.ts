import { onSessionChange } from '../session';
import { draftHash, getOfflineDraftStore } from './draft-store';
import { TICK_MS, type OfflineDraftStore } from './offline-draft-store';
import { rowsOfUser } from './outbox';
import { startBackgroundSync } from './background-sync';

/**
 * Starts the offline layer in the browser: replays what earlier sessions left, and wakes the single replayer on
 * reconnect, on focus, on a periodic tick and after sign-in (DESIGN.md "Offline drafts"). Returns a stop function.
 */
let running: (() => void) | null = null;

export function startOfflineLayer(): () => void {
  if (running) return running;
  const store = getOfflineDraftStore();
  if (!store || typeof window === 'undefined') return () => undefined;
  void store.start().catch((error) => console.error('Офлайн-хранилище черновиков недоступно', error));

  const stops: (() => void)[] = [];
  const on = <K extends keyof WindowEventMap>(type: K, handler: (event: WindowEventMap[K]) => void) => {
    window.addEventListener(type, handler);
    stops.push(() => window.removeEventListener(type, handler));
  };

  // The browser's "offline" is certain; its "online" is a hint that a probe confirms.
  on('offline', () => store.connectivity.markOffline());
  on('online', () => void store.wake('online'));
  on('focus', () => void store.wake('focus'));
  const onVisible = () => {
    if (document.visibilityState === 'visible') void store.wake('focus');
  };
  document.addEventListener('visibilitychange', onVisible);
  stops.push(() => document.removeEventListener('visibilitychange', onVisible));
  const tick = setInterval(() => void store.wake('tick'), TICK_MS);
  stops.push(() => clearInterval(tick));

  // 401 paused the replay: a new token (this tab or another one) resumes it.
  stops.push(
    onSessionChange((session) => {
      if (session?.token) void store.wake('sign-in');
      else store.sessionEnded();
    }),
  );
  on('storage', (event) => {
    if (event.key !== 'access_token') return;
    if (event.newValue) void store.wake('sign-in');
    else store.sessionEnded();
  });

  // Closing the tab with unsent edits: they are safe on the device, but the user is told they have not left it.
  on('beforeunload', (event) => {
    if (store.getState().pending > 0) {
      event.preventDefault();
      event.returnValue = '';
    }
  });

  // Background Sync: the worker sends what waits once the connection is back, with the cabinet closed too.
  stops.push(startBackgroundSync(store));

  if (testHooksEnabled()) installTestHook(store);
  running = () => {
    stops.forEach((stop) => stop());
    running = null;
  };
  return running;
}

/** End-to-end tests only: enabled by a flag the test sets in local storage before the app starts. */
function testHooksEnabled(): boolean {
  try {
    return localStorage.getItem('cabinet_e2e_hooks') === '1';
  } catch {
    return false;
  }
}

export interface OfflineTestHook {
  store: OfflineDraftStore;
  draftHash: typeof draftHash;
  outbox(userId: number): Promise<unknown[]>;
  setRequestTimeout(ms: number): void;
  /** Closes the database connection behind the store's back, as iOS does under memory pressure. */
  closeDb(): Promise<void>;
  /** Operations recorded since the last call, once they are on the device (with their seqs). */
  recorded(): Promise<NonNullable<OfflineDraftStore['recordedLog']>>;
}

function installTestHook(store: OfflineDraftStore) {
  store.recordedLog = [];
  const hook: OfflineTestHook = {
    store,
    draftHash,
    // Through the store's connection handling: a connection closed behind its back is opened again.
    outbox: (userId) => store.database.run((db) => rowsOfUser(db, userId)),
    setRequestTimeout: (ms) => {
      store.requestTimeoutMs = ms;
    },
    closeDb: async () => (await store.db()).close(),
    recorded: async () => {
      await store.whenRecorded();
      return store.recordedLog?.splice(0) ?? [];
    },
  };
  (window as unknown as { __offline?: OfflineTestHook }).__offline = hook;
}
