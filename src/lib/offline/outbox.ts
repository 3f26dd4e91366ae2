import type { IDBPTransaction } from 'idb';
import { CLEAR_FIELD, type MirrorRow, type OfflineDb, type OfflineDbSchema, type OutboxKind, type OutboxRow } from './schema';

/**
 * The durable outbox (DESIGN.md "Offline drafts"): one row per (draft key, field) holding the latest value, an operation
 * id, a seq and a state. A later edit of a field replaces its row (coalescing); a delete or a group removal goes
 * through the same slot; a clear supersedes every row of the draft. Every edit updates the local mirror in the same
 * transaction, so what the user typed is on disk before anything is sent.
 */

export interface EditInput {
  hash: string;
  field: string;
  userId: number;
  kind: Exclude<OutboxKind, 'clear'>;
  value?: unknown;
}

const SEQ_KEY = 'seq';

export function newOpId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * Next seq of this device: strictly greater than every seq handed out before (all tabs share the counter through
 * IndexedDB) and never below the clock in microseconds, so a device whose local data was wiped still writes newer seqs
 * than its own earlier writes.
 */
export function nextSeqValue(last: number, now: number): number {
  return Math.max(last + 1, Math.floor(now) * 1000);
}

type RwTx = IDBPTransaction<OfflineDbSchema, ('outbox' | 'mirror' | 'meta' | 'drafts')[], 'readwrite'>;

/**
 * A write that fails (QuotaExceededError, a closed connection) rejects the awaited request and aborts the
 * transaction: its `done` promise then rejects as well, unawaited. Marked handled here; callers see the first error.
 */
function handled<T extends { done: Promise<void> }>(tx: T): T {
  tx.done.catch(() => undefined);
  return tx;
}

let lastLocalSeq = 0;

/** This tab's seq counter starts above what the device handed out before (kept in meta; the clock may go back). */
export function seedSeq(stored: number) {
  if (stored > lastLocalSeq) lastLocalSeq = stored;
}

/** The next seq of this tab (see nextSeqValue); allocated without a read, so an edit's writes go out at once. */
export function allocateLocalSeq(now: number): number {
  lastLocalSeq = nextSeqValue(lastLocalSeq, now);
  return lastLocalSeq;
}

/** The seq kept in meta, to seed the counter of a new tab. */
export async function storedSeq(db: OfflineDb): Promise<number> {
  const row = await db.get('meta', SEQ_KEY);
  return typeof row?.value === 'number' ? row.value : 0;
}

/**
 * Issues every request of an edit synchronously and asks for the commit at once: a tab closed (or reloaded) the
 * moment after an edit still has it on the device — requests issued after an await would never be made.
 */
function commitNow(tx: RwTx) {
  (tx as unknown as { commit?: () => void }).commit?.();
}

/** All outbox or mirror keys of one draft: [hash, field] for every field string ([hash] < [hash, s] < [hash, []]). */
const draftRange = (hash: string) => IDBKeyRange.bound([hash], [hash, []]);

/** A new outbox row: one operation (set, delete or clear) with a fresh opId, waiting to be sent. */
export function newRow(edit: { hash: string; field: string; userId: number; kind: OutboxKind; value?: unknown }, now: number, seq: number): OutboxRow {
  return {
    hash: edit.hash,
    field: edit.field,
    userId: edit.userId,
    kind: edit.kind,
    value: edit.kind === 'set' ? (edit.value ?? null) : null,
    opId: newOpId(),
    seq,
    state: 'pending',
    attempts: 0,
    error: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** A journaled edit or clear, as handed over: what recordEdit / recordClear write. */
export type AnyEdit = EditInput | { hash: string; field: string; userId: number; kind: 'clear' };

/**
 * Issues, synchronously, the requests that write one edit (or a clear) into the outbox and the mirror of a
 * transaction; the row the outbox gets is returned with the promises of the requests.
 */
function issueEdit(tx: RwTx, edit: AnyEdit, now: number, seq: number): { row: OutboxRow; writes: Promise<unknown>[] } {
  const row = newRow(edit, now, seq);
  const outbox = tx.objectStore('outbox');
  const mirror = tx.objectStore('mirror');
  const writes: Promise<unknown>[] =
    edit.kind === 'clear'
      ? [outbox.delete(draftRange(edit.hash)), mirror.delete(draftRange(edit.hash)), outbox.put(row)]
      : [
          outbox.put(row),
          edit.kind === 'set'
            ? mirror.put({ hash: edit.hash, field: edit.field, userId: edit.userId, value: row.value, seq, updatedAt: now })
            : mirror.delete([edit.hash, edit.field]),
        ];
  writes.push(tx.objectStore('meta').put({ key: SEQ_KEY, value: seq }), tx.objectStore('drafts').put({ hash: edit.hash, userId: edit.userId, syncedAt: null }));
  return { row, writes };
}

async function recordAny(db: OfflineDb, edit: AnyEdit, now: number, seq: number): Promise<OutboxRow> {
  const tx = handled(db.transaction(['outbox', 'mirror', 'meta', 'drafts'], 'readwrite'));
  const { row, writes } = issueEdit(tx, edit, now, seq);
  commitNow(tx);
  await Promise.all([...writes, tx.done]);
  return row;
}

/** Records a field edit (set or delete) in the outbox and the mirror, coalescing with the field's earlier row. */
export function recordEdit(db: OfflineDb, edit: EditInput, now: number, seq = allocateLocalSeq(now)): Promise<OutboxRow> {
  return recordAny(db, edit, now, seq);
}

/** Records "clear the whole draft": every row of the draft is superseded by one clear row; the mirror empties. */
export function recordClear(db: OfflineDb, hash: string, userId: number, now: number, seq = allocateLocalSeq(now)): Promise<OutboxRow> {
  return recordAny(db, { hash, field: CLEAR_FIELD, userId, kind: 'clear' }, now, seq);
}

/**
 * Records an edit only if the device does not hold it or something newer yet (an outbox row or a mirror value of the
 * field with a seq as new or newer), checked and written in one transaction: a newer edit is never overwritten.
 */
export async function recordIfNewer(db: OfflineDb, edit: AnyEdit, now: number, seq: number): Promise<boolean> {
  const tx = handled(db.transaction(['outbox', 'mirror', 'meta', 'drafts'], 'readwrite'));
  // A clear is compared with every row of its draft (it would remove them); an edit with its own field.
  const range = edit.kind === 'clear' ? draftRange(edit.hash) : IDBKeyRange.only([edit.hash, edit.field]);
  const [rows, kept] = await Promise.all([tx.objectStore('outbox').getAll(range), tx.objectStore('mirror').getAll(range)]);
  const landed = rows.some((r) => r.seq >= seq) || kept.some((m) => m.seq !== null && m.seq >= seq);
  if (!landed) await Promise.all(issueEdit(tx, edit, now, seq).writes);
  await tx.done;
  return !landed;
}

/** A row still owed to the server (acknowledged rows are done; rejected ones wait for the user). */
export const isSendable = (row: OutboxRow) => row.state === 'pending' || row.state === 'in-flight';
export const isUnsent = (row: OutboxRow) => row.state !== 'acknowledged';

/**
 * Claims the oldest sendable row of a user whose own back-off is over and marks it in flight. Order is kept where it
 * matters: within one draft, a clear goes before the edits made after it, so those wait while it is unsent. Any other
 * row — of another draft, or another field — never waits for a row the server keeps refusing.
 * A row left "in flight" by a closed tab is claimed again: its opId makes the resend idempotent.
 * `force` ignores the rows' own back-off (a flush, «Повторить»); `skip` holds the operations already tried in this pass.
 */
export interface ClaimOptions {
  force?: boolean;
  skip?: ReadonlySet<string>;
}

/**
 * The claim rule, for rows visited in seq order (IndexedDB's and memory's outbox alike): the first row of the user
 * that is sendable, not tried in this pass, due (or forced), and not behind an unsent clear of its draft.
 */
export function claimRule(userId: number, now: number, options: ClaimOptions = {}): (row: OutboxRow) => boolean {
  const heldByClear = new Set<string>();
  return (row) => {
    if (row.userId !== userId || !isSendable(row) || heldByClear.has(row.hash)) return false;
    if (!options.skip?.has(row.opId) && (options.force || (row.nextAttemptAt ?? 0) <= now)) return true;
    if (row.kind === 'clear') heldByClear.add(row.hash);
    return false;
  };
}

export async function claimNext(db: OfflineDb, userId: number, now: number, options: ClaimOptions = {}): Promise<OutboxRow | null> {
  const tx = handled(db.transaction('outbox', 'readwrite'));
  const claimable = claimRule(userId, now, options);
  let claimed: OutboxRow | null = null;
  let cursor = await tx.store.index('bySeq').openCursor();
  while (cursor) {
    if (claimable(cursor.value)) {
      claimed = { ...cursor.value, state: 'in-flight', updatedAt: now };
      await cursor.update(claimed);
      break;
    }
    cursor = await cursor.continue();
  }
  await tx.done;
  return claimed;
}

/** When the soonest row now waiting out its own back-off may go (null: none waits). */
export async function nextRowAttemptAt(db: OfflineDb, userId: number): Promise<number | null> {
  return soonestRetry(await db.getAllFromIndex('outbox', 'byUser', userId));
}

export function soonestRetry(rows: readonly OutboxRow[]): number | null {
  const waits = rows.filter((r) => isSendable(r) && (r.nextAttemptAt ?? 0) > 0).map((r) => r.nextAttemptAt!);
  return waits.length ? Math.min(...waits) : null;
}

/** How a row changes when the server's answer comes (null: the row leaves the outbox). */
export type RowChange = (row: OutboxRow) => OutboxRow | null;

export const acknowledged = (now: number): RowChange => (row) => ({ ...row, state: 'acknowledged', error: null, updatedAt: now });

export const rejected = (message: string, now: number): RowChange => (row) => ({ ...row, state: 'rejected', error: message, updatedAt: now });

/**
 * Back to pending for a later attempt. A refusal by the server (5xx) counts against the row and gives it a back-off of
 * its own (`retryAt`); a lost connection, a time-out or a 401 does not: the replay as a whole waits for those.
 */
export const released =
  (now: number, countAttempt: boolean, retryAt = 0): RowChange =>
  (row) => ({
    ...row,
    state: 'pending',
    attempts: row.attempts + (countAttempt ? 1 : 0),
    nextAttemptAt: countAttempt ? retryAt : (row.nextAttemptAt ?? 0),
    updatedAt: now,
  });

/** The server already holds a newer value (409): the stale write is dropped. */
export const dropped = (): RowChange => () => null;

/**
 * Applies the server's answer to the row that was sent. Only the same operation (same opId) may change the row:
 * if the user edited the field meanwhile, the row now holds a newer operation that still has to be sent.
 */
export async function settleRow(db: OfflineDb, sent: OutboxRow, change: RowChange): Promise<boolean> {
  const tx = handled(db.transaction(['outbox', 'mirror'], 'readwrite'));
  const current = await tx.objectStore('outbox').get([sent.hash, sent.field]);
  let applied = false;
  if (current && current.opId === sent.opId) {
    const next = change(current);
    if (next) await tx.objectStore('outbox').put(next);
    else await tx.objectStore('outbox').delete([sent.hash, sent.field]);
    applied = true;
  }
  await tx.done;
  return applied;
}

export const acknowledge = (db: OfflineDb, sent: OutboxRow, now: number) => settleRow(db, sent, acknowledged(now));
export const reject = (db: OfflineDb, sent: OutboxRow, message: string, now: number) => settleRow(db, sent, rejected(message, now));
export const release = (db: OfflineDb, sent: OutboxRow, now: number, countAttempt: boolean, retryAt = 0) =>
  settleRow(db, sent, released(now, countAttempt, retryAt));
export const dropStale = (db: OfflineDb, sent: OutboxRow) => settleRow(db, sent, dropped());

/** The person asks to try a refused row again now («Повторить»). */
export async function retryRowNow(db: OfflineDb, hash: string, field: string): Promise<boolean> {
  const tx = handled(db.transaction('outbox', 'readwrite'));
  const row = await tx.store.get([hash, field]);
  const due = !!row && isSendable(row);
  if (due) await tx.store.put({ ...row, nextAttemptAt: 0 });
  await tx.done;
  return due;
}

/** Removes acknowledged rows: only rows the server confirmed ever leave the outbox. */
export async function purgeAcknowledged(db: OfflineDb): Promise<number> {
  const tx = handled(db.transaction('outbox', 'readwrite'));
  let removed = 0;
  let cursor = await tx.store.openCursor();
  while (cursor) {
    if (cursor.value.state === 'acknowledged') {
      await cursor.delete();
      removed++;
    }
    cursor = await cursor.continue();
  }
  await tx.done;
  return removed;
}

export async function rowsOfUser(db: OfflineDb, userId: number): Promise<OutboxRow[]> {
  return db.getAllFromIndex('outbox', 'byUser', userId);
}

export async function rowsOfDraft(db: OfflineDb, hash: string): Promise<OutboxRow[]> {
  return db.getAllFromIndex('outbox', 'byHash', hash);
}

export async function mirrorOfDraft(db: OfflineDb, hash: string): Promise<MirrorRow[]> {
  return db.getAllFromIndex('mirror', 'byHash', hash);
}

/** The user gives up a rejected edit: the row goes; the field is refreshed from the server on next open. */
export async function discardRejected(db: OfflineDb, hash: string, field: string): Promise<boolean> {
  const tx = handled(db.transaction(['outbox', 'mirror'], 'readwrite'));
  const row = await tx.objectStore('outbox').get([hash, field]);
  const discard = row?.state === 'rejected';
  if (discard) {
    await tx.objectStore('outbox').delete([hash, field]);
    await tx.objectStore('mirror').delete([hash, field]);
  }
  await tx.done;
  return discard;
}

/** Sign-out: every local draft of the user goes (the caller warned about unsent edits first). */
export async function purgeUser(db: OfflineDb, userId: number): Promise<void> {
  const tx = handled(db.transaction(['outbox', 'mirror', 'drafts', 'documents'], 'readwrite'));
  for (const name of ['outbox', 'mirror', 'documents'] as const) {
    const store = tx.objectStore(name);
    for (const key of await store.index('byUser').getAllKeys(userId)) await store.delete(key);
  }
  const drafts = tx.objectStore('drafts');
  for (const key of await drafts.index('byUser').getAllKeys(userId)) await drafts.delete(key);
  await tx.done;
}

export interface ServerDraft {
  values: Record<string, unknown>;
  seqs?: Record<string, number>;
}

/**
 * The one merge of the offline layer (DESIGN.md "Offline drafts"), used on open, without the device and for the edits
 * memory holds: everything comes from the server except unsent local edits, which win, in seq order; a pending clear
 * removes what the server holds except fields written after it elsewhere, and local edits older than it. An
 * acknowledged local write — still in the outbox, or in the mirror with its seq — also wins over a server answer that
 * predates it (lower seq), so a read that crossed a write in flight never rolls a field back.
 */
export function mergeDraft(server: ServerDraft, rows: readonly OutboxRow[], mirror: readonly MirrorRow[] = []): Record<string, unknown> {
  const seqs = server.seqs ?? {};
  const ordered = [...rows].sort((a, b) => a.seq - b.seq);
  const clear = ordered.filter((r) => r.kind === 'clear' && isUnsent(r)).pop();
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(server.values)) {
    if (clear && !((seqs[field] ?? -1) > clear.seq)) continue;
    values[field] = value;
  }
  for (const kept of mirror) {
    const serverSeq = seqs[kept.field];
    if (kept.seq !== null && serverSeq !== undefined && kept.field in values && serverSeq < kept.seq) values[kept.field] = kept.value;
  }
  for (const row of ordered) {
    if (row.kind === 'clear' || (clear && row.seq < clear.seq)) continue;
    const wins = isUnsent(row) || (seqs[row.field] ?? -1) < row.seq;
    if (!wins) continue;
    if (row.kind === 'set') values[row.field] = row.value;
    else delete values[row.field];
  }
  return values;
}

/**
 * Replaces the mirror of a draft with the merge of the server stash and the outbox, reading the outbox in the same
 * transaction so that an edit recorded meanwhile is not overwritten.
 */
export async function mergeIntoMirror(
  db: OfflineDb,
  hash: string,
  userId: number,
  server: ServerDraft,
  now: number,
): Promise<Record<string, unknown>> {
  const tx = handled(db.transaction(['outbox', 'mirror', 'drafts'], 'readwrite'));
  const rows = await tx.objectStore('outbox').index('byHash').getAll(hash);
  const mirror = tx.objectStore('mirror');
  const merged = mergeDraft(server, rows, await mirror.index('byHash').getAll(hash));
  for (const key of await mirror.index('byHash').getAllKeys(hash)) await mirror.delete(key);
  const rowSeq = new Map(rows.map((r) => [r.field, r.seq]));
  for (const [field, value] of Object.entries(merged)) {
    await mirror.put({ hash, field, userId, value, seq: rowSeq.get(field) ?? server.seqs?.[field] ?? null, updatedAt: now });
  }
  await tx.objectStore('drafts').put({ hash, userId, syncedAt: now });
  await tx.done;
  return merged;
}

export function valuesOf(rows: MirrorRow[]): Record<string, unknown> {
  return Object.fromEntries(rows.map((r) => [r.field, r.value]));
}
