import { isQuotaError, type OfflineDatabase } from './database';
import { allocateLocalSeq, isUnsent } from './outbox';
import type { FileTransport, Replayer, UploadQueue } from './replayer';
import { documentKey, type OfflineDb, type UploadRow, type UploadedFileRef } from './schema';
import {
  bytesOfUpload,
  cancelUpload,
  claimNextUpload,
  DeviceFullError,
  DeviceRefusedError,
  isWaitingUpload,
  newUploadRow,
  nextUploadAttemptAt,
  opfsAvailable,
  purgeUploadsOfUser,
  putUpload,
  removeOpfs,
  retryUpload,
  settleUpload,
  uploadRejected,
  uploadRemoved,
  uploadsOfUser,
  writeOpfs,
  type KeepInput,
} from './uploads';

/**
 * Files kept on the device (DESIGN.md "Attachments offline"), as the draft store shows and drains them: the queue's
 * rows as last read, the progress of the upload going on (in this tab or another), the keeping of a picked file and
 * what completes an uploaded one (the draft takes it, open forms are told, the local copy goes).
 */

/** What a file's row shows at its field while it is on its way. */
export interface UploadProgress {
  phase: 'sending' | 'checking';
  loaded: number;
  total: number;
}

/** An uploaded file reached the form's draft: open forms show it in place of the kept copy. */
export interface UploadDone {
  hash: string;
  id: string;
  place: UploadRow['place'];
  attachCode: string;
  file: UploadedFileRef;
}

export type FileMessage =
  | { t: 'progress'; id: string; progress: UploadProgress | null }
  | { t: 'upload-done'; done: UploadDone }
  | { t: 'cancel'; id: string };

/** Free room the device must keep besides the file (IndexedDB's own bookkeeping, the draft's rows). */
export const STORAGE_MARGIN_BYTES = 1_048_576;
/** How often the progress of an upload is told to other tabs. */
const PROGRESS_POST_MS = 250;

export interface FileQueueDeps {
  database: OfflineDatabase;
  files: FileTransport;
  now: () => number;
  /** Records a draft edit (the offline store's set): the file's place in the draft. */
  setDraft: (hash: string, field: string, value: unknown) => void;
  post: (message: FileMessage) => void;
  /** The queue changed on the device: this tab re-reads it (resolved once read), other tabs are told. */
  changed: () => Promise<void>;
  wake: () => void;
  estimateStorage?: () => Promise<{ quota?: number; usage?: number } | undefined>;
  requestPersistence: () => void;
}

export class FileQueue {
  rows: UploadRow[] = [];
  replayer: Replayer | null = null;
  private progress = new Map<string, UploadProgress>();
  private progressListeners = new Set<() => void>();
  private doneListeners = new Map<string, Set<(done: UploadDone) => void>>();
  private byField = new Map<string, UploadRow[]>();
  private lastPosted = new Map<string, number>();

  constructor(private readonly deps: FileQueueDeps) {}

  /** The drain's view of the queue (replayer.ts UploadQueue). */
  readonly queue: UploadQueue = {
    claimNext: (userId, now, options) => this.deps.database.run((db) => claimNextUpload(db, userId, now, options)),
    bytesOf: (row) => this.deps.database.run((db) => bytesOfUpload(db, row)),
    settle: async (id, change) => {
      const before = this.rows.find((r) => r.id === id);
      const next = await this.deps.database.run((db) => settleUpload(db, id, change));
      if (!next && before?.storage === 'opfs') await removeOpfs(id);
      await this.deps.changed();
      return next;
    },
    complete: (row, file) => this.complete(row, file),
    nextAttemptAt: (userId) => this.deps.database.run((db) => nextUploadAttemptAt(db, userId)),
  };

  /** Rows read with the outbox (one read, offline-draft-store's refresh). */
  setRows(rows: UploadRow[]) {
    this.rows = rows;
    this.byField.clear();
  }

  /** Kept files of one field or attachment of a draft, oldest first; the same array while nothing changed. */
  of(hash: string, attachCode: string): UploadRow[] {
    const key = `${hash}\u0000${attachCode}`;
    let list = this.byField.get(key);
    if (!list) {
      list = this.rows.filter((r) => r.hash === hash && r.attachCode === attachCode && isWaitingUpload(r)).sort((a, b) => a.seq - b.seq);
      this.byField.set(key, list);
    }
    return list;
  }

  progressOf(id: string): UploadProgress | null {
    return this.progress.get(id) ?? null;
  }

  subscribeProgress(listener: () => void): () => void {
    this.progressListeners.add(listener);
    return () => this.progressListeners.delete(listener);
  }

  onDone(hash: string, listener: (done: UploadDone) => void): () => void {
    let set = this.doneListeners.get(hash);
    if (!set) this.doneListeners.set(hash, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** The drain reports how far an upload is (this tab); other tabs get it over the channel. */
  report(id: string, phase: 'sending' | 'checking' | 'done', loaded: number, total: number) {
    const progress = phase === 'done' ? null : { phase, loaded, total };
    const previous = this.progress.get(id);
    this.setProgress(id, progress);
    const now = this.deps.now();
    if (phase !== 'sending' || now - (this.lastPosted.get(id) ?? 0) >= PROGRESS_POST_MS || previous?.phase !== phase) {
      this.lastPosted.set(id, now);
      this.deps.post({ t: 'progress', id, progress });
    }
    if (!progress) this.lastPosted.delete(id);
  }

  private setProgress(id: string, progress: UploadProgress | null) {
    if (progress) this.progress.set(id, progress);
    else this.progress.delete(id);
    for (const listener of [...this.progressListeners]) listener();
  }

  onMessage(message: FileMessage) {
    switch (message.t) {
      case 'progress':
        this.setProgress(message.id, message.progress);
        return;
      case 'upload-done':
        this.emitDone(message.done);
        return;
      case 'cancel':
        this.replayer?.abortUpload(message.id);
        return;
    }
  }

  private emitDone(done: UploadDone) {
    for (const listener of [...(this.doneListeners.get(done.hash) ?? [])]) listener(done);
  }

  /**
   * Keeps a picked file on the device (DESIGN.md "Attachments offline"): the room is checked first, persistence is
   * asked, and the bytes are copied at once (a file from a cloud drive may not be readable later) — into IndexedDB, or
   * the Origin Private File System where IndexedDB refuses a large Blob. All of it or nothing: a refusal keeps nothing.
   */
  async keep(input: KeepInput): Promise<UploadRow> {
    const { file } = input;
    const room = await this.deps.estimateStorage?.().catch(() => undefined);
    if (room?.quota !== undefined && room.usage !== undefined && room.quota - room.usage < file.size + STORAGE_MARGIN_BYTES) throw new DeviceFullError(file.name);
    this.deps.requestPersistence();
    const now = this.deps.now();
    let row = newUploadRow(input, now, allocateLocalSeq(now), 'idb');
    try {
      row = await this.deps.database.write((db) => putUpload(db, row, file));
    } catch (error) {
      if (isQuotaError(error)) throw new DeviceFullError(file.name);
      // IndexedDB refused the Blob for another reason (a size limit of some browsers): the Origin Private File System.
      if (!(await opfsAvailable())) throw new DeviceRefusedError(file.name, error);
      row = { ...row, storage: 'opfs' };
      try {
        await writeOpfs(row.id, file);
        row = await this.deps.database.write((db) => putUpload(db, row, null));
      } catch (second) {
        await removeOpfs(row.id);
        if (isQuotaError(second)) throw new DeviceFullError(file.name);
        throw new DeviceRefusedError(file.name, second);
      }
    }
    await this.deps.changed();
    this.deps.wake();
    return row;
  }

  /** «Отменить» / «Удалить»: the file leaves the device; an upload under way stops (here or in the tab sending it). */
  async cancel(id: string): Promise<void> {
    const row = this.rows.find((r) => r.id === id);
    const state = await this.deps.database.run((db) => cancelUpload(db, id, this.deps.now()));
    if (state === 'cancelled' && !this.replayer?.abortUpload(id)) this.deps.post({ t: 'cancel', id });
    if (state === null && row?.storage === 'opfs') await removeOpfs(id);
    this.setProgress(id, null);
    await this.deps.changed();
  }

  /** «Повторить»: a refused file is sent again now. */
  async retry(id: string): Promise<void> {
    await this.deps.database.run((db) => retryUpload(db, id, this.deps.now()));
    await this.deps.changed();
    this.deps.wake();
  }

  /** The bytes of a kept file (recognition reads them), null when gone. */
  bytes(id: string): Promise<File | null> {
    const row = this.rows.find((r) => r.id === id);
    return row ? this.deps.database.run((db) => bytesOfUpload(db, row)) : Promise.resolve(null);
  }

  /** A recognised file was accepted or declined: its kept copy goes. */
  async forget(id: string): Promise<void> {
    await this.queue.settle(id, uploadRemoved);
  }

  /** Recognition refused the file (SPEC §8: the file is marked as an error): kept, with the message. */
  async refuse(id: string, message: string): Promise<void> {
    await this.queue.settle(id, uploadRejected(message, this.deps.now()));
  }

  async unsentOf(userId: number): Promise<UploadRow[]> {
    return (await this.deps.database.run((db) => uploadsOfUser(db, userId))).filter(isWaitingUpload);
  }

  async purge(userId: number): Promise<void> {
    for (const row of this.rows.filter((r) => r.userId === userId)) this.replayer?.abortUpload(row.id);
    const removed = await this.deps.database.run((db) => purgeUploadsOfUser(db, userId));
    for (const row of removed) if (row.storage === 'opfs') await removeOpfs(row.id);
    await this.deps.changed();
  }

  /**
   * The server lists the file: the draft takes it (a file field's value, a new application's attachment list), the
   * kept copy of the server's list gets it, open forms are told — and only then does the local copy go.
   */
  private async complete(row: UploadRow, file: UploadedFileRef): Promise<void> {
    const ref = { id: file.id, fileName: file.fileName, isApproved: file.isApproved ?? false, managerComment: file.managerComment ?? null };
    const { place } = row;
    if (place.kind === 'slot') {
      this.deps.setDraft(row.hash, place.key, ref);
      if (place.replaces) {
        // «Заменить файл»: the new file is in; the old one leaves the form, then the server.
        this.deps.setDraft(row.hash, place.replaces.key, null);
        void this.deps.files.remove(place.replaces.fileId).catch((error: unknown) => console.warn('Заменённый файл не удалён на сервере', error));
      }
    } else if (place.kind === 'list') {
      const current = await this.deps.database.run((db) => draftValue(db, row.hash, place.key));
      const list = Array.isArray(current) ? (current as UploadedFileRef[]) : [];
      if (!list.some((f) => f.id === file.id)) this.deps.setDraft(row.hash, place.key, [...list, file]);
    }
    if (row.listQueryKey) await this.deps.database.run((db) => addToKeptList(db, row.userId, row.listQueryKey!, file));
    await this.deps.database.written();
    await this.queue.settle(row.id, uploadRemoved);
    const done: UploadDone = { hash: row.hash, id: row.id, place, attachCode: row.attachCode, file };
    this.emitDone(done);
    this.deps.post({ t: 'upload-done', done });
  }
}

/** The value of one draft field on the device: its unsent edit, else the mirror's. */
async function draftValue(db: OfflineDb, hash: string, field: string): Promise<unknown> {
  const row = await db.get('outbox', [hash, field]);
  if (row && isUnsent(row) && row.kind !== 'clear') return row.kind === 'set' ? row.value : undefined;
  return (await db.get('mirror', [hash, field]))?.value;
}

/** A kept copy of a server list (a point's attachments) gets the uploaded file, so it shows offline too. */
async function addToKeptList(db: OfflineDb, userId: number, queryKey: readonly unknown[], file: UploadedFileRef): Promise<void> {
  const key = documentKey(userId, queryKey);
  const tx = db.transaction('documents', 'readwrite');
  const kept = await tx.store.get(key);
  if (kept && Array.isArray(kept.data) && !(kept.data as UploadedFileRef[]).some((f) => f.id === file.id)) {
    await tx.store.put({ ...kept, data: [...(kept.data as UploadedFileRef[]), file] });
  }
  await tx.done;
}
