import { newOpId } from './outbox';
import type { OfflineDb, UploadRow, UploadState, UploadedFileRef } from './schema';

/**
 * The file queue of the offline layer (DESIGN.md "Attachments offline"): one row per file picked, its bytes beside it
 * (uploadBlobs, or the Origin Private File System where IndexedDB refuses a large Blob). A row leaves only when the
 * server lists the file and the form has it, or when the person removes it. Pure IndexedDB operations; the replayer
 * sends, the draft store counts and shows.
 */

/** What a form hands over when a file passed the SPEC §5 checks. */
export type KeepInput = Pick<UploadRow, 'userId' | 'hash' | 'pointId' | 'attachCode' | 'valueIndex' | 'place'> & {
  listQueryKey?: readonly unknown[] | null;
  file: File;
};

/** The device has no room for the file: nothing of it was kept. */
export class DeviceFullError extends Error {
  constructor(readonly fileName: string) {
    super(`Недостаточно места на устройстве: файл «${fileName}» не сохранён`);
    this.name = 'DeviceFullError';
  }
}

/** The device refused the file for another reason (private mode, a broken store): nothing of it was kept. */
export class DeviceRefusedError extends Error {
  constructor(readonly fileName: string, readonly cause?: unknown) {
    super(`Не удалось сохранить файл «${fileName}» на устройстве`);
    this.name = 'DeviceRefusedError';
  }
}

/** A row the queue still owes the server (or the form): everything but what the person removed. */
export const isWaitingUpload = (row: UploadRow) => row.state !== 'cancelled';
/** A row the replayer may send: kept, not refused, not recognised instead of uploaded. */
export const isSendableUpload = (row: UploadRow) => (row.state === 'pending' || row.state === 'in-flight' || row.state === 'uploaded') && row.place.kind !== 'recognition';

/** The same file picked again for the same place is kept once (identity: user, draft, attachCode, index, name, size, date). */
export const sameFile = (row: UploadRow, input: Pick<KeepInput, 'userId' | 'hash' | 'attachCode' | 'valueIndex'> & { name: string; size: number; lastModified: number }) =>
  row.userId === input.userId &&
  row.hash === input.hash &&
  row.attachCode === input.attachCode &&
  row.valueIndex === input.valueIndex &&
  row.name === input.name &&
  row.size === input.size &&
  row.lastModified === input.lastModified &&
  row.state !== 'cancelled';

export function newUploadRow(input: KeepInput, now: number, seq: number, storage: UploadRow['storage']): UploadRow {
  return {
    id: newOpId(),
    userId: input.userId,
    hash: input.hash,
    pointId: input.pointId,
    attachCode: input.attachCode,
    valueIndex: input.valueIndex,
    place: input.place,
    listQueryKey: input.listQueryKey ?? null,
    name: input.file.name,
    size: input.file.size,
    lastModified: input.file.lastModified,
    type: input.file.type,
    storage,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    error: null,
    knownIds: null,
    uncertain: false,
    uploaded: null,
    seq,
    createdAt: now,
    updatedAt: now,
  };
}

function handled<T extends { done: Promise<void> }>(tx: T): T {
  tx.done.catch(() => undefined);
  return tx;
}

/**
 * Writes a row and its bytes in one transaction (IndexedDB copies the Blob's bytes into the database when it commits):
 * either both are on the device or neither. A row of the same file for the same place is returned instead.
 */
export async function putUpload(db: OfflineDb, row: UploadRow, blob: Blob | null): Promise<UploadRow> {
  const tx = handled(db.transaction(['uploads', 'uploadBlobs'], 'readwrite'));
  const existing = (await tx.objectStore('uploads').index('byHash').getAll(row.hash)).find((r) => sameFile(r, row));
  if (existing) {
    await tx.done;
    return existing;
  }
  await Promise.all([tx.objectStore('uploads').put(row), blob ? tx.objectStore('uploadBlobs').put({ id: row.id, blob }) : Promise.resolve()]);
  await tx.done;
  return row;
}

export const uploadsOfUser = (db: OfflineDb, userId: number) => db.getAllFromIndex('uploads', 'byUser', userId);

export async function blobOfUpload(db: OfflineDb, id: string): Promise<Blob | null> {
  return (await db.get('uploadBlobs', id))?.blob ?? null;
}

export interface UploadClaimOptions {
  force?: boolean;
  skip?: ReadonlySet<string>;
}

/**
 * Claims the oldest sendable file of a user whose own back-off is over and marks it in flight. A row found in flight
 * was left by a drain that ended mid-upload (a tab closed, a crash): its outcome is unknown, said by `uncertain`.
 */
export async function claimNextUpload(db: OfflineDb, userId: number, now: number, options: UploadClaimOptions = {}): Promise<UploadRow | null> {
  const tx = handled(db.transaction('uploads', 'readwrite'));
  let claimed: UploadRow | null = null;
  let cursor = await tx.store.index('bySeq').openCursor();
  while (cursor) {
    const row = cursor.value;
    const due = options.force || row.nextAttemptAt <= now || row.state === 'uploaded';
    // Removed by the person while a drain that is gone was sending it: cleaned up (and the server's copy with it).
    const cancelled = row.state === 'cancelled';
    if (row.userId === userId && !options.skip?.has(row.id) && ((isSendableUpload(row) && due) || cancelled)) {
      claimed = {
        ...row,
        state: row.state === 'pending' ? 'in-flight' : row.state,
        uncertain: row.uncertain || row.state === 'in-flight',
        updatedAt: now,
      };
      await cursor.update(claimed);
      break;
    }
    cursor = await cursor.continue();
  }
  await tx.done;
  return claimed;
}

/** How a row changes when the server's answer comes (null: the row and its bytes leave the device). */
export type UploadChange = (row: UploadRow) => UploadRow | null;

/**
 * Applies a change to the row as it is on the device now. A row the person removed meanwhile (cancelled) keeps that
 * state whatever the server answered, unless the change itself removes it; a row that is gone stays gone.
 */
export async function settleUpload(db: OfflineDb, id: string, change: UploadChange): Promise<UploadRow | null> {
  const tx = handled(db.transaction(['uploads', 'uploadBlobs'], 'readwrite'));
  const current = await tx.objectStore('uploads').get(id);
  let next: UploadRow | null = null;
  if (current) {
    next = change(current);
    if (next && current.state === 'cancelled' && next.state !== 'cancelled') next = { ...next, state: 'cancelled' };
    if (next) await tx.objectStore('uploads').put(next);
    else await Promise.all([tx.objectStore('uploads').delete(id), tx.objectStore('uploadBlobs').delete(id)]);
  }
  await tx.done;
  return next;
}

/** Back to waiting; a refusal by the server (5xx) counts, gives the file a back-off of its own and keeps its message. */
export const uploadReleased =
  (now: number, countAttempt: boolean, retryAt: number, uncertain: boolean, message: string | null = null): UploadChange =>
  (row) => ({
    ...row,
    state: row.state === 'in-flight' ? 'pending' : row.state,
    attempts: row.attempts + (countAttempt ? 1 : 0),
    nextAttemptAt: countAttempt ? retryAt : row.nextAttemptAt,
    error: countAttempt ? message : row.error,
    uncertain,
    updatedAt: now,
  });

export const uploadRejected =
  (message: string, now: number): UploadChange =>
  (row) => ({ ...row, state: 'rejected', error: message, uncertain: false, updatedAt: now });

export const uploadStored =
  (file: UploadedFileRef, now: number): UploadChange =>
  (row) => ({ ...row, state: 'uploaded', uploaded: file, error: null, uncertain: false, updatedAt: now });

export const uploadKnownIds =
  (ids: number[], now: number): UploadChange =>
  (row) => ({ ...row, knownIds: ids, updatedAt: now });

export const uploadRemoved: UploadChange = () => null;

/**
 * The person removes a file («Отменить», «Удалить»): a row nobody is sending goes at once with its bytes; a row in
 * flight is marked cancelled, and the drain sending it removes it once the request has stopped. Returns the new state.
 */
export async function cancelUpload(db: OfflineDb, id: string, now: number): Promise<UploadState | null> {
  const tx = handled(db.transaction(['uploads', 'uploadBlobs'], 'readwrite'));
  const row = await tx.objectStore('uploads').get(id);
  let state: UploadState | null = null;
  if (row && row.state !== 'uploaded') {
    if (row.state === 'in-flight') {
      state = 'cancelled';
      await tx.objectStore('uploads').put({ ...row, state, updatedAt: now });
    } else {
      await Promise.all([tx.objectStore('uploads').delete(id), tx.objectStore('uploadBlobs').delete(id)]);
    }
  } else if (row) {
    state = row.state;
  }
  await tx.done;
  return state;
}

/** «Повторить»: a refused or backing-off file is sent with the next drain. */
export async function retryUpload(db: OfflineDb, id: string, now: number): Promise<boolean> {
  const tx = handled(db.transaction('uploads', 'readwrite'));
  const row = await tx.store.get(id);
  const retried = !!row && (row.state === 'rejected' || row.state === 'pending');
  if (row && retried) await tx.store.put({ ...row, state: 'pending', error: null, nextAttemptAt: 0, attempts: row.state === 'rejected' ? 0 : row.attempts, updatedAt: now });
  await tx.done;
  return retried;
}

/** When the soonest file now waiting out its own back-off may go (null: none waits). */
export async function nextUploadAttemptAt(db: OfflineDb, userId: number): Promise<number | null> {
  const waits = (await uploadsOfUser(db, userId)).filter((r) => isSendableUpload(r) && r.state !== 'uploaded' && r.nextAttemptAt > 0).map((r) => r.nextAttemptAt);
  return waits.length ? Math.min(...waits) : null;
}

/** Sign-out: every kept file of the user goes (the caller warned about them first). Returns the rows removed. */
export async function purgeUploadsOfUser(db: OfflineDb, userId: number): Promise<UploadRow[]> {
  const tx = handled(db.transaction(['uploads', 'uploadBlobs'], 'readwrite'));
  const rows = await tx.objectStore('uploads').index('byUser').getAll(userId);
  for (const row of rows) await Promise.all([tx.objectStore('uploads').delete(row.id), tx.objectStore('uploadBlobs').delete(row.id)]);
  await tx.done;
  return rows;
}

// ------------------------------------------------------------------ Origin Private File System

const OPFS_FOLDER = 'cabinet-uploads';

type Writable = { write(data: Blob): Promise<void>; close(): Promise<void>; abort?(): Promise<void> };
type OpfsFile = { getFile(): Promise<File>; createWritable?(): Promise<Writable> };
type OpfsFolder = {
  getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<OpfsFolder>;
  getFileHandle(name: string, options?: { create?: boolean }): Promise<OpfsFile>;
  removeEntry(name: string): Promise<void>;
};

async function opfsFolder(): Promise<OpfsFolder | null> {
  const storage = typeof navigator === 'undefined' ? undefined : (navigator.storage as (StorageManager & { getDirectory?: () => Promise<OpfsFolder> }) | undefined);
  if (!storage?.getDirectory) return null;
  return (await storage.getDirectory()).getDirectoryHandle(OPFS_FOLDER, { create: true });
}

/** Whether this browser can keep a file in the Origin Private File System from a page (createWritable). */
export async function opfsAvailable(): Promise<boolean> {
  try {
    const folder = await opfsFolder();
    return !!folder;
  } catch {
    return false;
  }
}

/** Copies a file's bytes into the Origin Private File System; on any failure nothing of it is left there. */
export async function writeOpfs(id: string, file: Blob): Promise<void> {
  const folder = await opfsFolder();
  if (!folder) throw new Error('Origin Private File System unavailable');
  const handle = await folder.getFileHandle(id, { create: true });
  if (!handle.createWritable) {
    await folder.removeEntry(id).catch(() => undefined);
    throw new Error('Origin Private File System cannot be written from a page');
  }
  const writable = await handle.createWritable();
  try {
    await writable.write(file);
    await writable.close();
  } catch (error) {
    await writable.abort?.().catch(() => undefined);
    await folder.removeEntry(id).catch(() => undefined);
    throw error;
  }
  if ((await handle.getFile()).size !== file.size) {
    await folder.removeEntry(id).catch(() => undefined);
    throw new Error('Origin Private File System kept a different size');
  }
}

export async function readOpfs(id: string): Promise<Blob | null> {
  try {
    const folder = await opfsFolder();
    return folder ? await (await folder.getFileHandle(id)).getFile() : null;
  } catch {
    return null;
  }
}

export async function removeOpfs(id: string): Promise<void> {
  try {
    await (await opfsFolder())?.removeEntry(id);
  } catch {
    // Already gone.
  }
}

/** The bytes of a kept file, wherever they are; a File with the name it was picked under. */
export async function bytesOfUpload(db: OfflineDb, row: UploadRow): Promise<File | null> {
  const blob = row.storage === 'opfs' ? await readOpfs(row.id) : await blobOfUpload(db, row.id);
  if (!blob) return null;
  return blob instanceof File && blob.name === row.name ? blob : new File([blob], row.name, { type: row.type || blob.type, lastModified: row.lastModified });
}
