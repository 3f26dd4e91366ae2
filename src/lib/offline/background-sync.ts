import { getConfig } from '../config';
import { onSessionChange, readSession } from '../session';
import { onBadgeCount } from '../pwa/badge';
import type { OfflineDraftStore } from './offline-draft-store';
import { publishWorkerSent, unsentCount } from './status';
import { forgetWorkerSession, keepNotificationCount, keepWorkerSession, readWorkerSession, takeWorkerSent, WORKER_SYNC_TAG } from './worker-session';

/**
 * The page's half of the background send (DESIGN.md "Background send"): while edits or files wait on the device it
 * registers a one-off Background Sync, so the service worker sends them once the connection is back even if every tab
 * is closed; it keeps for the worker the current access token of the user the server proved (never the renew token)
 * and removes it at sign-out or as soon as another token takes its place; and it says once what the worker sent while
 * the cabinet was closed. Where Background Sync is missing (Safari, Firefox) nothing registers and nothing changes.
 */
type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** A registration asked for at most this often while edits wait (the browser keeps one per tag anyway). */
const REGISTER_EVERY_MS = 5_000;

export function startBackgroundSync(store: OfflineDraftStore): () => void {
  const stops: (() => void)[] = [];
  let lastAsked = 0;
  let announced = false;
  /** The token and the proved user last written for the worker: the store changes on every edit, the session rarely. */
  let lastKept: string | null = null;

  const register = () => {
    const now = Date.now();
    if (now - lastAsked < REGISTER_EVERY_MS || unsentCount() === 0) return;
    lastAsked = now;
    void navigator.serviceWorker?.ready
      .then((registration) => (registration as SyncRegistration).sync?.register(WORKER_SYNC_TAG))
      .catch(() => undefined); // not allowed (a private window), or no worker: the page sends when it can
  };

  /** The worker's copy of the session follows the proved user and the current token. */
  const keepSession = async () => {
    const session = readSession();
    const userId = store.connectivity.userId;
    const db = await store.db();
    const kept = await readWorkerSession(db);
    if (!session) {
      if (kept) await forgetWorkerSession(db);
      return;
    }
    // Another token than the kept one, not yet proved to be whose: nothing is kept meanwhile.
    if (userId === null) {
      if (kept && kept.token !== session.token) await forgetWorkerSession(db);
      return;
    }
    await keepWorkerSession(db, { userId, token: session.token, expiresAt: session.expiresAt, apiMain: new URL(getConfig().apiMain, location.origin).href });
    if (!announced) {
      announced = true;
      const sent = await takeWorkerSent(db, userId);
      if (sent) publishWorkerSent(sent.edits + sent.files);
    }
  };
  const syncSession = () => {
    const session = readSession();
    const key = `${store.connectivity.userId}|${session?.token ?? ''}|${session?.expiresAt ?? ''}`;
    if (key === lastKept) return;
    lastKept = key;
    void keepSession().catch((error: unknown) => {
      lastKept = null;
      console.warn('Сессия для отправки без вкладки не сохранена', error);
    });
  };

  stops.push(
    store.subscribe(() => {
      register();
      syncSession();
    }),
    onSessionChange(syncSession),
    onBadgeCount((notifications) => void store.db().then((db) => keepNotificationCount(db, notifications)).catch(() => undefined)),
  );
  syncSession();
  register();
  return () => stops.forEach((stop) => stop());
}
