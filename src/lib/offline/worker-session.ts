import type { OfflineDb } from './schema';

/**
 * What the service worker needs to send the outbox after the tab is gone (DESIGN.md "Background send"), kept in the
 * offline database's meta store: the current access token with the id of the user the server proved it belongs to —
 * never the renew token — and the main API's address. Written by the page whenever the session or the proved user
 * changes, removed at sign-out. The worker reads it at send time and sends only that user's rows with it.
 */
export interface WorkerSession {
  userId: number;
  token: string;
  /** Epoch ms; null when the server gave no expiry. */
  expiresAt: number | null;
  apiMain: string;
}

/** What the worker sent in its last sync event(s), until the cabinet has said so once. */
export interface WorkerSent {
  userId: number;
  edits: number;
  files: number;
  at: number;
}

const SESSION_KEY = 'worker-session';
const SENT_KEY = 'worker-sent';
/** The unread notifications the page last counted: the worker's badge adds its own count to them. */
const NOTIFICATIONS_KEY = 'badge-notifications';

export const WORKER_SYNC_TAG = 'cabinet-outbox';

function isSession(value: unknown): value is WorkerSession {
  const v = value as WorkerSession | null;
  return !!v && typeof v.userId === 'number' && typeof v.token === 'string' && !!v.token && typeof v.apiMain === 'string' && (v.expiresAt === null || typeof v.expiresAt === 'number');
}

export async function readWorkerSession(db: OfflineDb): Promise<WorkerSession | null> {
  const value = (await db.get('meta', SESSION_KEY))?.value;
  return isSession(value) ? value : null;
}

export async function keepWorkerSession(db: OfflineDb, session: WorkerSession): Promise<void> {
  const current = await readWorkerSession(db);
  if (current && current.userId === session.userId && current.token === session.token && current.expiresAt === session.expiresAt && current.apiMain === session.apiMain) return;
  await db.put('meta', { key: SESSION_KEY, value: { userId: session.userId, token: session.token, expiresAt: session.expiresAt, apiMain: session.apiMain } });
}

export async function forgetWorkerSession(db: OfflineDb): Promise<void> {
  await db.delete('meta', SESSION_KEY);
}

/** The session is usable at `now`: a token that expires within the margin is not sent (the server would refuse it). */
export function workerSessionUsable(session: WorkerSession | null, now: number, marginMs = 30_000): session is WorkerSession {
  return !!session && (session.expiresAt === null || session.expiresAt - marginMs > now);
}

/** Adds what one sync event sent to what the cabinet has not announced yet (same user; another user's is replaced). */
export async function noteWorkerSent(db: OfflineDb, sent: WorkerSent): Promise<void> {
  if (sent.edits + sent.files === 0) return;
  const tx = db.transaction('meta', 'readwrite');
  const before = (await tx.store.get(SENT_KEY))?.value as WorkerSent | undefined;
  const merged = before && before.userId === sent.userId ? { ...sent, edits: before.edits + sent.edits, files: before.files + sent.files } : sent;
  await tx.store.put({ key: SENT_KEY, value: merged });
  await tx.done;
}

/** What the worker sent for this user since the cabinet last said so; read once (the record goes). */
export async function takeWorkerSent(db: OfflineDb, userId: number): Promise<WorkerSent | null> {
  const tx = db.transaction('meta', 'readwrite');
  const sent = (await tx.store.get(SENT_KEY))?.value as WorkerSent | undefined;
  const mine = sent && sent.userId === userId ? sent : null;
  if (mine) await tx.store.delete(SENT_KEY);
  await tx.done;
  return mine;
}

export async function keepNotificationCount(db: OfflineDb, count: number): Promise<void> {
  await db.put('meta', { key: NOTIFICATIONS_KEY, value: count });
}

export async function notificationCount(db: OfflineDb): Promise<number> {
  const value = (await db.get('meta', NOTIFICATIONS_KEY))?.value;
  return typeof value === 'number' && value > 0 ? value : 0;
}
