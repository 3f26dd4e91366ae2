import type { DraftSyncState, DraftSyncStatus, FailingEdit, RejectedEdit } from './draft-types';
import { userIdOfHash, type OutboxRow, type UploadRow } from './schema';

/** After this many refusals by the server an edit is shown at its field: «Сервер не принимает изменение». */
export const FAILING_AFTER_ATTEMPTS = 3;

/** What the save state is computed from: the durable outbox (and its in-memory fallback), never one tab's guess. */
export interface SyncInput {
  /** Rows of the outbox: IndexedDB's as last read, plus the edits the device refused and memory holds. */
  rows: readonly OutboxRow[];
  /** Files kept on the device (uploads.ts): waiting ones count like unsent edits. */
  uploads?: readonly UploadRow[];
  /** Fields being typed or being written to the device right now: draft key → field codes. */
  typing: ReadonlyMap<string, Iterable<string>>;
  /** The draft asked about; undefined: every draft of the user (the global count, the sign-out warning). */
  hash?: string;
  userId: number | null;
  connectivity: 'online' | 'offline' | 'unknown';
  /** A tab (this or another) is sending right now. */
  draining: boolean;
  paused: 'auth' | null;
  /** The outbox was read once since start. */
  loaded: boolean;
  storageError: string | null;
}

const rowIsSendable = (row: OutboxRow) => row.state === 'pending' || row.state === 'in-flight';

/**
 * The save state (DESIGN.md "Offline drafts"): «Все изменения сохранены» only when the outbox was read and no edit
 * of the draft is typed, on its way to the device, or unsent in it; pending edits are counted per field; refused and
 * failing edits are listed for their fields. Pure: table-tested in sync-state.test.ts.
 */
export function computeSyncState(input: SyncInput): DraftSyncState {
  const { hash, userId } = input;
  const mine = (row: OutboxRow) => (hash !== undefined ? row.hash === hash : userId === null || row.userId === userId);
  const rows = input.rows.filter(mine);
  const pendingKeys = new Set(rows.filter(rowIsSendable).map((r) => `${r.hash}\u0000${r.field}`));
  for (const [draft, fields] of input.typing) {
    if (hash !== undefined && draft !== hash) continue;
    if (hash === undefined && userId !== null && (userIdOfHash(draft) ?? userId) !== userId) continue;
    for (const field of fields) pendingKeys.add(`${draft}\u0000${field}`);
  }
  const rejected: RejectedEdit[] = rows
    .filter((r) => r.state === 'rejected')
    .map((r) => ({ hash: r.hash, field: r.field, message: r.error ?? 'Сервер отклонил изменение' }));
  const failing: FailingEdit[] = rows
    .filter((r) => rowIsSendable(r) && r.attempts >= FAILING_AFTER_ATTEMPTS)
    .map((r) => ({ hash: r.hash, field: r.field, attempts: r.attempts }));
  const pending = pendingKeys.size;
  const kept = (input.uploads ?? []).filter((u) => (hash !== undefined ? u.hash === hash : userId === null || u.userId === userId));
  // A file is saved once the server lists it and the form has it; one the server refused is shown at its field instead.
  const files = kept.filter((u) => u.state !== 'cancelled' && u.state !== 'rejected').length;
  const rejectedFiles = kept.filter((u) => u.state === 'rejected').length;
  let status: DraftSyncStatus = 'saved';
  if (pending + files > 0) {
    if (input.connectivity === 'offline') status = 'offline';
    else if (input.draining && !input.paused) status = 'saving';
    else status = 'pending';
  } else if (!input.loaded) {
    // The outbox is not read yet (a page just opened, perhaps over edits an earlier page left unsent): «сохранены»
    // would be a guess. Offline, the device is where edits are; online, the check is under way.
    status = input.connectivity === 'offline' ? 'offline' : 'saving';
  }
  return {
    status,
    pending,
    files,
    rejectedFiles,
    rejected,
    failing,
    online: input.connectivity !== 'offline',
    ready: input.loaded,
    paused: input.paused,
    storageError: input.storageError,
  };
}
