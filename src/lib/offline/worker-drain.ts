import createClient, { type Middleware } from 'openapi-fetch';
import type { paths as MainPaths } from '../api/generated/main';
import { Connectivity } from './connectivity';
import { fileTransport } from './file-transport';
import { CHANNEL_NAME, OfflineDraftStore, type ChannelLike } from './offline-draft-store';
import { isUnsent, rowsOfUser } from './outbox';
import { browserLocks, type LockLike } from './replayer';
import { openOfflineDb, type OfflineDb } from './schema';
import { stashTransport } from './transport';
import { isWaitingUpload, uploadsOfUser } from './uploads';
import { notificationCount, noteWorkerSent, readWorkerSession, workerSessionUsable, type WorkerSession } from './worker-session';

/**
 * The outbox sent by the service worker after the tab is gone (DESIGN.md "Background send"; Background Sync): the same
 * offline store and replayer the page runs — one drainer at a time (the same Web Lock), the same order per draft,
 * per-row back-off, acknowledgement only on a 2xx — with the token the page keeps for the worker, read at send time,
 * used only for the rows of the user the server proves it belongs to. A 401, an expired token or none: it stops and
 * leaves every row. It stops within one sync event's window and leaves the rest for the next event or the page.
 */

/** Chromium gives one sync event about 3 minutes: the drain stops well within it. */
export const WORKER_DRAIN_MS = 150_000;
/** One request of the worker gives up after this long without an answer. */
const WORKER_REQUEST_MS = 30_000;

export interface WorkerDrainResult {
  /** Why nothing was tried, when nothing was. */
  skipped?: 'no-session' | 'expired';
  userId: number | null;
  edits: number;
  files: number;
  /** Rows and files of the user still on the device afterwards. */
  left: number;
  /** The server refused the token (401): nothing more goes until the person signs in again. */
  paused?: boolean;
  ms: number;
}

export interface WorkerDrainOptions {
  openDb?: () => Promise<OfflineDb>;
  fetch?: (request: Request) => Promise<Response>;
  locks?: LockLike;
  channel?: (() => ChannelLike | null) | null;
  now?: () => number;
  deadlineMs?: number;
  /** The app icon's badge (navigator.setAppBadge in the worker), absent where unsupported. */
  setBadge?: (count: number) => Promise<unknown>;
}

/** Requests carry the token kept for the worker, read when each is sent; without a usable one nothing is sent. */
function tokenAtSendTime(db: OfflineDb, owner: number, now: () => number): Middleware {
  return {
    async onRequest({ request }) {
      const session = await readWorkerSession(db);
      if (!workerSessionUsable(session, now()) || session.userId !== owner) {
        return new Response(JSON.stringify({ name: 'Unauthorized', message: 'Сессия для отправки без вкладки закончилась', status: 401 }), {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      request.headers.set('Authorization', `Bearer ${session.token}`);
      return request;
    },
  };
}

function timedFetch(base: (request: Request) => Promise<Response>): (request: Request) => Promise<Response> {
  return (request) => base(new Request(request, { signal: AbortSignal.any([request.signal, AbortSignal.timeout(WORKER_REQUEST_MS)]), cache: 'no-store' }));
}

export async function drainFromWorker(options: WorkerDrainOptions = {}): Promise<WorkerDrainResult> {
  const now = options.now ?? Date.now;
  const started = now();
  const openDb = options.openDb ?? (() => openOfflineDb());
  const db = await openDb();
  const session: WorkerSession | null = await readWorkerSession(db);
  const result = (patch: Partial<WorkerDrainResult>): WorkerDrainResult => ({ userId: session?.userId ?? null, edits: 0, files: 0, left: 0, ms: now() - started, ...patch });
  if (!session) {
    db.close();
    return result({ skipped: 'no-session' });
  }
  if (!workerSessionUsable(session, now())) {
    db.close();
    return result({ skipped: 'expired' });
  }
  const client = createClient<MainPaths>({ baseUrl: session.apiMain, fetch: timedFetch(options.fetch ?? ((r) => fetch(r))) });
  client.use(tokenAtSendTime(db, session.userId, now));
  const transport = stashTransport(() => client);
  const store = new OfflineDraftStore({
    transport,
    files: fileTransport(() => client),
    openDb: () => Promise.resolve(db),
    locks: options.locks ?? browserLocks(),
    hasToken: () => true,
    connectivity: new Connectivity({ whoAmI: (signal) => transport.whoAmI(signal), now }),
    channel: options.channel === undefined ? () => (typeof BroadcastChannel === 'undefined' ? null : (new BroadcastChannel(CHANNEL_NAME) as unknown as ChannelLike)) : (options.channel ?? undefined),
    storage: null,
    journal: null,
    now,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      (async () => {
        await store.start();
        // The rows' own back-off holds; a sync event is a moment the connection is back, like the page's «online».
        await store.replayer.trigger('online');
        await store.replayer.idle();
      })(),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, options.deadlineMs ?? WORKER_DRAIN_MS))),
    ]);
  } finally {
    clearTimeout(timer);
    store.dispose();
  }
  const userId = store.connectivity.userId ?? session.userId;
  const paused = store.replayer.paused === 'auth' || store.connectivity.authFailed;
  const sent = { edits: store.replayer.stats.ok, files: store.replayer.stats.uploaded };
  const reopened = await openDb();
  try {
    await noteWorkerSent(reopened, { userId, ...sent, at: now() });
    const left = (await rowsOfUser(reopened, userId)).filter(isUnsent).length + (await uploadsOfUser(reopened, userId)).filter(isWaitingUpload).length;
    await options.setBadge?.((await notificationCount(reopened)) + left).catch(() => undefined);
    return result({ userId, ...sent, left, paused });
  } finally {
    reopened.close();
  }
}
