/// <reference lib="webworker" />
import { CHANNEL_NAME } from './lib/offline/offline-draft-store';
import { drainFromWorker } from './lib/offline/worker-drain';
import { WORKER_SYNC_TAG } from './lib/offline/worker-session';

/**
 * Background Sync in the service worker (DESIGN.md "Background send"): loaded by the generated worker
 * (vite.config.ts, workbox.importScripts; built by scripts/sw-outbox.mjs). When the page registered a one-off sync
 * because edits or files wait on the device, the browser wakes the worker once the connection is back — with the
 * cabinet closed too — and it drains the same outbox the page does. Where the API is missing nothing registers it.
 */
declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== WORKER_SYNC_TAG) return;
  sync.waitUntil(
    drainFromWorker({
      setBadge: async (count) => {
        const badging = self.navigator as WorkerNavigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
        if (count > 0) await badging.setAppBadge?.(count);
        else await badging.clearAppBadge?.();
      },
    }).then(
      (result) => {
        // Open pages re-read the outbox (and a test knows the event is over).
        const channel = new BroadcastChannel(CHANNEL_NAME);
        channel.postMessage({ t: 'rows' });
        channel.postMessage({ t: 'worker-drained', result });
        channel.close();
        // What stays goes with the next event or the page: the browser retries a sync whose promise rejects.
        if (result.left > 0 && !result.skipped && !result.paused && !sync.lastChance) throw new Error(`outbox: ${result.left} left`);
      },
    ),
  );
});
