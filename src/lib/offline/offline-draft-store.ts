import { ApiError } from '../api/errors';
import { Connectivity } from './connectivity';
import { isClosedConnectionError, isQuotaError, OfflineDatabase } from './database';
import { DeviceOutbox } from './device-outbox';
import { EditJournal, type JournalStorage } from './journal';
import type { DraftChange, DraftStore, DraftSyncState, DraftValue, RemoteChangeListener } from './draft-types';
import { computeSyncState } from './sync-state';
import { isSendable, isUnsent, mergeDraft, mergeIntoMirror, mirrorOfDraft, purgeAcknowledged, seedSeq, storedSeq, valuesOf } from './outbox';
import { Replayer, REQUEST_TIMEOUT_MS, type FileTransport, type LockLike, type ReplayEvent, type TriggerReason } from './replayer';
import { userIdOfHash, type OfflineDb, type OutboxRow, type UploadRow } from './schema';
import { FileQueue, type FileMessage, type UploadDone, type UploadProgress } from './file-queue';
import type { KeepInput } from './uploads';
import { publishUnsent } from './status';
import type { StashTransport } from './transport';
import { CoalescedRun } from './coalesced-run';

export { isClosedConnectionError, isQuotaError } from './database';

/**
 * The offline draft store (DESIGN.md "Offline drafts", the heart of the product): every edit is written to IndexedDB
 * first (mirror + outbox), then sent by the single replayer. All tabs see the same pending count and values through
 * a BroadcastChannel; the state the user sees is derived from the outbox, the replayer and proved connectivity.
 */
export const CHANNEL_NAME = 'cabinet-offline';
/** Reading the server stash on open waits at most this long before the mirror is used. */
export const LOAD_TIMEOUT_MS = 8_000;
/** Periodic tick of the replayer (and of the connectivity probe while offline). */
export const TICK_MS = 10_000;
/** A tab that announced a drain and went silent longer than this is no longer considered draining. */
const REMOTE_DRAIN_STALE_MS = 30_000;
/**
 * An edit another tab announced and did not report written within this long: that tab went away in the middle of the
 * write (IndexedDB aborts a closing page's transactions). Its edit is in the local-storage journal: taken from there.
 */
export const ORPHAN_EDIT_MS = 1_500;
const USER_KEY = 'cabinet_offline_user';


/** Reliability issue, point 6 (storage pressure): what the user reads when the device refuses to keep the draft. */
export const STORAGE_FULL_TEXT =
  'Недостаточно места на устройстве: черновик не сохранён локально. Изменения отправляются на сервер — не закрывайте вкладку, пока они не будут отправлены.';
export const STORAGE_FAILED_TEXT =
  'Не удалось сохранить черновик на устройстве. Изменения отправляются на сервер — не закрывайте вкладку, пока они не будут отправлены.';

type ChannelMessage =
  | { t: 'rows' }
  | { t: 'values'; hash: string; cleared?: boolean; changes: DraftChange[]; recording?: boolean }
  /** The recording tab's write of an announced edit reached the device (or its memory). */
  | { t: 'written'; hash: string; field: string }
  | { t: 'drain'; active: boolean; hash: string | null }
  | { t: 'net'; state: 'online' | 'offline' }
  | FileMessage;

export interface ChannelLike {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

export interface OfflineStoreOptions {
  transport: StashTransport;
  openDb?: () => Promise<OfflineDb>;
  locks: LockLike;
  hasToken: () => boolean;
  connectivity?: Connectivity;
  channel?: () => ChannelLike | null;
  now?: () => number;
  random?: () => number;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Where edits on their way into IndexedDB are journaled (local storage in the browser; none in unit tests). */
  journal?: JournalStorage | null;
  /** navigator.storage.persist(), asked once on the first unsent edit. */
  requestPersistence?: () => Promise<boolean>;
  /** The upload calls: kept files are drained beside the edits (DESIGN.md "Attachments offline"); absent: no files. */
  files?: FileTransport;
  /** navigator.storage.estimate(): a file is kept only if the device has room for it. */
  estimateStorage?: () => Promise<{ quota?: number; usage?: number } | undefined>;
  /** The server's cleaning of file names (a listed file is recognised by it). */
  cleanFileName?: (name: string) => string;
}

export class OfflineDraftStore implements DraftStore {
  readonly connectivity: Connectivity;
  readonly replayer: Replayer;
  /** The IndexedDB connection (opened again when the browser closes it). */
  readonly database: OfflineDatabase;
  /** The one outbox: IndexedDB, with memory keeping what the device refuses. */
  readonly outbox: DeviceOutbox;
  /** Files kept on the device until the server lists them (null without an upload transport). */
  readonly files: FileQueue | null;
  requestTimeoutMs = REQUEST_TIMEOUT_MS;
  persistenceRequested = false;
  persisted: boolean | null = null;
  /** When set (tests, diagnostics), every recorded operation is appended here with its seq. */
  recordedLog: Pick<OutboxRow, 'hash' | 'field' | 'kind' | 'seq' | 'opId'>[] | null = null;

  /** IndexedDB's outbox rows as last read (memory's come from the outbox itself). */
  private rows: OutboxRow[] = [];
  private rowsLoaded = false;
  /** Edits being typed, or handed to set/remove/clear and not yet on the device (hash → field → token). */
  private unflushed = new Map<string, Map<string, number>>();
  private unflushedSeq = 0;
  /** Edits another tab announced and has not reported written yet: unsent here too (see onChannelMessage). */
  private remoteUnwritten = new Set<{ hash: string; field: string; timer: ReturnType<typeof setTimeout> }>();
  private listeners = new Set<() => void>();
  private remoteListeners = new Map<string, Set<RemoteChangeListener>>();
  private stateCache = new Map<string, DraftSyncState>();
  /** The last state handed out per key, kept across changes (see getState). */
  private lastState = new Map<string, DraftSyncState>();
  private localDrain: { active: boolean; hash: string | null } = { active: false, hash: null };
  private remoteDrain: { active: boolean; hash: string | null; at: number } = { active: false, hash: null, at: 0 };
  private channel: ChannelLike | null;
  /** Re-reads of the outbox, one at a time (see refresh). */
  private outboxRead = new CoalescedRun(
    async () => {
      const { rows, uploads } = await this.database.run(async (db) => {
        const tx = db.transaction(['outbox', 'uploads']);
        const [outbox, kept] = await Promise.all([tx.objectStore('outbox').getAll(), tx.objectStore('uploads').getAll()]);
        return { rows: outbox, uploads: kept };
      });
      this.rows = rows;
      this.files?.setRows(uploads);
      this.rowsLoaded = true;
      this.changed();
    },
    () => true,
    (error) => {
      if (!this.disposed) console.error('Не удалось прочитать очередь изменений', error);
      // A device that cannot be read at all (not a connection the browser closed, which is reopened) is not waited
      // for: the state goes by the edits memory holds, and the first edit the device refuses says so.
      if (!this.rowsLoaded && !isClosedConnectionError(error)) {
        this.rowsLoaded = true;
        this.changed();
      }
      this.onStorageFailure(error);
    },
  );
  private knownUserId: number | null;
  private storageError: string | null = null;
  private lastReopen = 0;
  private leftEdits: Promise<unknown> | null = null;
  private disposers: (() => void)[] = [];
  private disposed = false;

  constructor(private readonly options: OfflineStoreOptions) {
    this.connectivity =
      options.connectivity ?? new Connectivity({ whoAmI: (signal) => options.transport.whoAmI(signal), now: options.now });
    this.database = new OfflineDatabase(options.openDb);
    this.outbox = new DeviceOutbox(this.database, new EditJournal(options.journal ?? null));
    this.files = options.files
      ? new FileQueue({
          database: this.database,
          files: options.files,
          now: () => this.now(),
          setDraft: (hash, field, value) => this.set(hash, field, value),
          post: (message) => this.post(message),
          changed: () => {
            this.post({ t: 'rows' });
            return this.refresh();
          },
          wake: () => void this.replayer.trigger('edit'),
          estimateStorage: options.estimateStorage,
          requestPersistence: () => this.requestPersistence(),
        })
      : null;
    this.replayer = new Replayer({
      outbox: this.outbox,
      transport: options.transport,
      uploads: this.files?.queue,
      files: options.files,
      cleanFileName: options.cleanFileName,
      connectivity: this.connectivity,
      locks: options.locks,
      hasToken: options.hasToken,
      now: options.now,
      random: options.random,
      requestTimeoutMs: () => this.requestTimeoutMs,
      onEvent: (event) => this.onReplayEvent(event),
      onError: (error) => this.onStorageFailure(error),
    });
    if (this.files) this.files.replayer = this.replayer;
    this.channel = options.channel?.() ?? null;
    if (this.channel) this.channel.onmessage = (event) => this.onChannelMessage(event.data as ChannelMessage);
    const stored = options.storage?.getItem(USER_KEY);
    this.knownUserId = stored ? Number(stored) || null : null;
    this.disposers.push(
      this.connectivity.subscribe(() => {
        const state = this.connectivity.get();
        if (state !== 'unknown') this.post({ t: 'net', state });
        if (this.connectivity.userId !== null) this.rememberUser(this.connectivity.userId);
        this.changed();
        if (state === 'online') void this.replayer.trigger('online');
      }),
    );
  }

  private now() {
    return (this.options.now ?? Date.now)();
  }

  db(): Promise<OfflineDb> {
    return this.database.db();
  }

  /** The browser closed a connection (tests call this from their own open function). */
  onTerminated(db: OfflineDb) {
    this.database.onTerminated(db);
  }

  /** The replayer (or a read) met a closed connection: reopen and drain again, at most every few seconds. */
  private onStorageFailure(error: unknown) {
    if (!isClosedConnectionError(error) || this.disposed) return;
    this.database.releaseIfClosed();
    if (this.now() - this.lastReopen < 5_000) return;
    this.lastReopen = this.now();
    setTimeout(() => void this.replayer.trigger('manual'), 0);
  }

  /**
   * Once per page: the seq counter seeded from the device, and the edits a page going away could not finish writing
   * (local storage journal) put on the device. Drafts are opened only after it: a value chosen the moment before a
   * reload was only in the journal, and the form opened without it (empty, or the older value) while it was sent.
   */
  private recoverLeftEdits(): Promise<unknown> {
    this.leftEdits ??= this.database
      .run(async (db) => seedSeq(await storedSeq(db)))
      .then(() => this.outbox.recoverJournal())
      .catch((error: unknown) => {
        // Tried again by the next draft opened (the device may have been busy or closed the connection).
        this.leftEdits = null;
        throw error;
      });
    return this.leftEdits;
  }

  /** Opens the database, removes confirmed rows and starts a drain of what earlier sessions left. */
  async start(): Promise<void> {
    await this.recoverLeftEdits();
    await this.database.run((db) => purgeAcknowledged(db));
    await this.refresh();
    // Prove the network once at start: the offline banner and the save state are right from the first screen.
    await this.connectivity.probe();
    if (this.rows.some(isSendable) || this.hasSendableFiles()) void this.replayer.trigger('start');
  }

  dispose(): void {
    this.disposed = true;
    for (const { timer } of this.remoteUnwritten) clearTimeout(timer);
    this.replayer.stop();
    this.disposers.forEach((d) => d());
    this.channel?.close();
    this.database.close();
  }

  // ---------------------------------------------------------------- user

  /** The signed-in user: proved by the probe, else the last one seen (drafts are scoped per user, SPEC §3). */
  currentUserId(): number | null {
    return this.connectivity.userId ?? this.knownUserId;
  }

  rememberUser(userId: number) {
    if (this.knownUserId === userId) return;
    this.knownUserId = userId;
    this.options.storage?.setItem(USER_KEY, String(userId));
    this.changed();
  }

  private userOf(hash: string): number {
    const scoped = userIdOfHash(hash);
    if (scoped !== null) {
      this.rememberUser(scoped);
      return scoped;
    }
    return this.currentUserId() ?? 0;
  }

  // ---------------------------------------------------------------- DraftStore

  /** Server stash merged with unsent local edits (local wins); offline: the mirror; edits only memory holds win. */
  async load(hash: string): Promise<Record<string, DraftValue>> {
    const values = await this.loadStored(hash);
    const held = this.outbox.memoryRows().filter((r) => r.hash === hash && isUnsent(r));
    return held.length ? mergeDraft({ values }, held) : values;
  }

  private async loadStored(hash: string): Promise<Record<string, DraftValue>> {
    const userId = this.userOf(hash);
    // A device that cannot be read is reported by start(); the draft still opens (from the server).
    await this.recoverLeftEdits().catch(() => undefined);
    await this.database.written();
    // Opening a draft always asks the server unless the browser is certainly offline: a stale "offline" must not
    // hide a draft saved from another device.
    if (!this.connectivity.browserOffline()) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), LOAD_TIMEOUT_MS);
      try {
        const server = await this.options.transport.get(hash, controller.signal);
        this.connectivity.markOnline();
        try {
          return await this.database.run((db) => mergeIntoMirror(db, hash, userId, server, this.now()));
        } catch (error) {
          // The device cannot keep the merge: the form opens with the server's values and the unsent local ones.
          console.error('Черновик с сервера не сохранён на устройстве', error);
          return mergeDraft({ values: server.values }, this.rows.filter((r) => r.hash === hash && isUnsent(r)));
        }
      } catch (error) {
        if (error instanceof ApiError && error.status > 0) this.connectivity.markOnline();
        else if (!controller.signal.aborted && !(error instanceof ApiError && error.kind === 'timeout')) this.connectivity.markOffline();
        // Offline, slow or refused: the draft opens from the mirror (it already holds every local edit).
      } finally {
        clearTimeout(timer);
      }
    }
    return valuesOf(await this.database.run((db) => mirrorOfDraft(db, hash)));
  }

  set(hash: string, field: string, value: DraftValue): void {
    this.record(hash, field, { kind: 'set', value });
  }

  /**
   * A field is being typed (the form holds the edit for its typing pause): it counts as unsent from the first
   * keystroke, so «Все изменения сохранены» is never shown over an edit that is not even on the device yet.
   */
  typing(hash: string, field: string): void {
    const counted = this.unflushed.get(hash)?.has(field);
    // A new token even when counted: an earlier edit of the field still being written must not un-count this one.
    this.markUnflushed(hash, field);
    if (!counted) this.changed();
  }

  remove(hash: string, field: string): void {
    this.record(hash, field, { kind: 'delete' });
  }

  async clear(hash: string): Promise<void> {
    const userId = this.userOf(hash);
    // Edits being typed are given up with the draft (the form dropped them).
    this.unflushed.delete(hash);
    this.markUnflushed(hash, '');
    try {
      const { row, refused } = await this.outbox.recordClear(hash, userId, this.now());
      this.log(row);
      if (refused) this.noteStorageError(refused);
    } finally {
      // Counted until its row is among the rows read (see record).
      await this.refresh();
      this.unmarkUnflushed(hash, '');
    }
    this.afterWrite(hash, { cleared: true, changes: [] });
  }

  getState(hash?: string): DraftSyncState {
    const key = hash ?? '';
    const cached = this.stateCache.get(key);
    if (cached) return cached;
    const fresh = computeSyncState({
      rows: [...this.rows, ...this.outbox.memoryRows()],
      uploads: this.files?.rows ?? [],
      typing: this.typingNow(),
      hash,
      userId: this.currentUserId(),
      connectivity: this.connectivity.get(),
      draining: this.drainingNow(),
      paused: this.replayer.paused,
      loaded: this.rowsLoaded,
      storageError: this.storageError,
    });
    // The same object while nothing a reader sees changed: a change elsewhere re-renders nobody here.
    const previous = this.lastState.get(key);
    const state = previous && JSON.stringify(previous) === JSON.stringify(fresh) ? previous : fresh;
    this.lastState.set(key, state);
    this.stateCache.set(key, state);
    return state;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Values changed by another tab (or by the server after a stale write): the form can show them. */
  onRemoteChange(hash: string, listener: RemoteChangeListener): () => void {
    let set = this.remoteListeners.get(hash);
    if (!set) this.remoteListeners.set(hash, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** «Повторить»: an edit the server keeps refusing is sent again now. */
  async retryNow(hash: string, field: string): Promise<void> {
    await this.database.written();
    await this.outbox.retryNow(hash, field);
    await this.refresh();
    await this.replayer.trigger('manual');
  }

  async dismissRejected(hash: string, field: string): Promise<void> {
    await this.database.written();
    if (await this.outbox.discardRejected(hash, field)) this.afterWrite(hash, { cleared: false, changes: [{ field, removed: true }] });
  }

  // ---------------------------------------------------------------- files (DESIGN.md "Attachments offline")

  /** Keeps a picked file on the device for its place in a draft; the replayer uploads it. Throws DeviceFullError. */
  keepFile(input: Omit<KeepInput, 'userId'>): Promise<UploadRow> {
    if (!this.files) return Promise.reject(new Error('files are not kept by this store'));
    return this.files.keep({ ...input, userId: this.userOf(input.hash) });
  }

  /** Kept files of a field or attachment of a draft (the same array while nothing changed). */
  keptFiles(hash: string, attachCode: string): UploadRow[] {
    return this.files?.of(hash, attachCode) ?? NO_UPLOADS;
  }

  uploadProgress(id: string): UploadProgress | null {
    return this.files?.progressOf(id) ?? null;
  }

  subscribeUploadProgress(listener: () => void): () => void {
    return this.files?.subscribeProgress(listener) ?? (() => undefined);
  }

  /** An uploaded file reached the draft (this tab or another): open forms show it. */
  onUploadDone(hash: string, listener: (done: UploadDone) => void): () => void {
    return this.files?.onDone(hash, listener) ?? (() => undefined);
  }

  async cancelFile(id: string): Promise<void> {
    await this.files?.cancel(id);
  }

  async retryFile(id: string): Promise<void> {
    await this.files?.retry(id);
    if (this.connectivity.get() !== 'online') await this.connectivity.probe();
    await this.replayer.trigger('manual');
  }

  private hasSendableFiles(): boolean {
    return !!this.files?.rows.some((r) => (r.state === 'pending' || r.state === 'in-flight' || r.state === 'uploaded' || r.state === 'cancelled') && r.place.kind !== 'recognition');
  }

  // ---------------------------------------------------------------- sign-out, flush

  /** Unsent edits (pending, in flight or rejected) of a user — the sign-out flow warns before purging them. */
  async hasUnsentEdits(userId: number): Promise<boolean> {
    await this.database.written();
    return (await this.outbox.hasUnsent(userId)) || (await this.unsentFileNames(userId)).length > 0;
  }

  /** Names of the user's files still on the device only (the sign-out warning names them). */
  async unsentFileNames(userId: number): Promise<string[]> {
    return this.files ? (await this.files.unsentOf(userId)).map((row) => row.name) : [];
  }

  async purgeUserDrafts(userId: number): Promise<void> {
    await this.database.written();
    await this.files?.purge(userId);
    await this.outbox.purgeUser(userId);
    await this.refresh();
    this.post({ t: 'rows' });
  }

  /** Sends what can be sent now and resolves when the drain is over (tests, sign-out). */
  async flush(): Promise<void> {
    await this.database.written();
    if (this.connectivity.get() !== 'online') await this.connectivity.probe();
    await this.replayer.trigger('manual');
    await this.refresh();
  }

  /** Called by the app's listeners: reconnect, focus, periodic tick, sign-in. */
  async wake(reason: TriggerReason): Promise<void> {
    // A new sign-in may be another user: whose rows go out is proved again.
    if (reason === 'sign-in') this.connectivity.userId = null;
    // Another tab may have left rows it could not announce (closed mid-write): the outbox is read again.
    if (reason === 'tick' || reason === 'focus') await this.refresh();
    const unsent = this.rows.some(isSendable) || this.outbox.hasSendableInMemory() || this.hasSendableFiles();
    const offline = this.connectivity.get() !== 'online';
    if (offline || (unsent && reason !== 'tick' && reason !== 'edit')) await this.connectivity.probe();
    if (unsent) await this.replayer.trigger(reason);
  }

  /**
   * The session ended in this tab or another one. The replay is paused at once (not only when its next attempt finds
   * no token), so the state says so while the user is on the sign-in page; the rows stay pending for the sign-in.
   */
  sessionEnded(): void {
    if (this.options.hasToken()) return;
    this.replayer.pauseForSignIn();
    this.changed();
  }

  /** Resolves when every edit handed over so far is on the device. */
  async whenRecorded(): Promise<void> {
    await this.database.written();
  }

  // ---------------------------------------------------------------- internals

  /** Fields not on the device yet: typed here, or announced by another tab that has not written them yet. */
  private typingNow(): Map<string, Set<string>> {
    const typing = new Map([...this.unflushed].map(([draft, fields]) => [draft, new Set(fields.keys())]));
    for (const { hash, field } of this.remoteUnwritten) {
      if (!typing.has(hash)) typing.set(hash, new Set());
      typing.get(hash)!.add(field);
    }
    return typing;
  }

  /**
   * Another tab is writing these edits: they count as unsent here until it says they are written. If it never does
   * (closed mid-write), the journal it left is recorded here and the edits are sent from this tab.
   */
  private noteRemoteRecording(hash: string, changes: DraftChange[]) {
    for (const { field } of changes) {
      const mark = { hash, field, timer: setTimeout(() => void this.adoptOrphan(mark), ORPHAN_EDIT_MS) };
      this.remoteUnwritten.add(mark);
    }
    this.changed();
  }

  private async remoteWritten(hash: string, field: string) {
    // Read first, so the row is among the rows when the mark goes: no moment of «сохранены» in between.
    await this.refresh();
    // One report per announced edit, in the order written (one tab's writes land in order): the oldest mark goes.
    for (const mark of this.remoteUnwritten) {
      if (mark.hash !== hash || mark.field !== field) continue;
      clearTimeout(mark.timer);
      this.remoteUnwritten.delete(mark);
      break;
    }
    this.changed();
  }

  private async adoptOrphan(mark: { hash: string; field: string; timer: ReturnType<typeof setTimeout> }) {
    if (this.disposed || !this.remoteUnwritten.has(mark)) return;
    try {
      // Idempotent: an edit already on the device (same or newer seq) is not recorded again.
      if ((await this.outbox.recoverJournal()) > 0) this.post({ t: 'rows' });
      await this.refresh();
    } catch (error) {
      this.onStorageFailure(error);
    } finally {
      this.remoteUnwritten.delete(mark);
      this.changed();
    }
    void this.replayer.trigger('edit');
  }

  private log(row: OutboxRow): OutboxRow {
    this.recordedLog?.push({ hash: row.hash, field: row.field, kind: row.kind, seq: row.seq, opId: row.opId });
    return row;
  }

  private record(hash: string, field: string, edit: { kind: 'set'; value: DraftValue } | { kind: 'delete' }) {
    const userId = this.userOf(hash);
    const token = this.markUnflushed(hash, field);
    this.changed();
    this.requestPersistence();
    const value = edit.kind === 'set' ? cloneValue(edit.value) : undefined;
    // Started synchronously (the database is open once the layer runs): a tab closed right after keeps the edit.
    const recording = this.outbox.record({ hash, field, userId, kind: edit.kind, value }, this.now());
    // Other tabs are told at once, not after the write: this tab may be closed before it completes. Their read of the
    // outbox starts after this write transaction was created, so IndexedDB orders it after the write.
    this.post({ t: 'values', hash, cleared: false, changes: [edit.kind === 'set' ? { field, value } : { field, removed: true }], recording: true });
    this.post({ t: 'rows' });
    void recording
      .then(({ row, refused }) => {
        this.log(row);
        // IndexedDB refused the write (quota, private mode, a broken store): memory keeps the edit and it is sent.
        if (refused) this.noteStorageError(refused);
        else if (!this.outbox.holdsInMemory) this.storageError = null;
      })
      .finally(() => {
        this.post({ t: 'written', hash, field });
        // The edit stays counted until its row is among the rows read: un-counted before, anything that has the state
        // computed again meanwhile (another tab's drain, the network proved) showed «сохранены» over it (chaos seed 37).
        this.afterWrite(hash, null, () => {
          this.unmarkUnflushed(hash, field, token);
          this.changed();
        });
      });
  }

  private noteStorageError(error: unknown) {
    this.storageError = isQuotaError(error) ? STORAGE_FULL_TEXT : STORAGE_FAILED_TEXT;
    console.error('Черновик не сохранён на устройстве', error);
  }

  private markUnflushed(hash: string, field: string): number {
    let fields = this.unflushed.get(hash);
    if (!fields) this.unflushed.set(hash, (fields = new Map()));
    const token = ++this.unflushedSeq;
    fields.set(field, token);
    return token;
  }

  private unmarkUnflushed(hash: string, field: string, token?: number) {
    const fields = this.unflushed.get(hash);
    if (!fields) return;
    if (token === undefined || fields.get(field) === token) fields.delete(field);
    if (!fields.size) this.unflushed.delete(hash);
  }

  /**
   * After a write reached the device (or memory): other tabs re-read the outbox, the replayer is woken; `read` runs
   * once this tab's re-read of the outbox has the write.
   */
  private afterWrite(hash: string, change: { cleared: boolean; changes: DraftChange[] } | null, read?: () => void) {
    if (change) this.post({ t: 'values', hash, ...change });
    this.post({ t: 'rows' });
    void this.refresh().finally(read);
    void this.replayer.trigger('edit');
  }

  private requestPersistence() {
    if (this.persistenceRequested || !this.options.requestPersistence) return;
    this.persistenceRequested = true;
    void this.options
      .requestPersistence()
      .then((granted) => {
        this.persisted = granted;
      })
      .catch(() => {
        this.persisted = false;
      });
  }

  /** Re-reads the outbox (one read at a time; a request during a read schedules one more). */
  refresh(): Promise<void> {
    return this.outboxRead.request();
  }

  private onReplayEvent(event: ReplayEvent) {
    if (event.type === 'upload') {
      this.files?.report(event.id, event.phase, event.loaded, event.total);
      return;
    }
    if (event.type === 'active') {
      this.localDrain = { active: event.active, hash: null };
      this.post({ t: 'drain', active: event.active, hash: null });
    } else if (event.type === 'sending') {
      this.localDrain = { active: true, hash: event.row.hash };
      this.post({ t: 'drain', active: true, hash: event.row.hash });
    } else {
      // The last edit memory held reached the server: the device warning goes with it.
      if (!this.outbox.holdsInMemory) this.storageError = null;
      this.post({ t: 'rows' });
      if (event.outcome.kind === 'stale') void this.reloadFromServer(event.row.hash);
    }
    void this.refresh();
  }

  /** After a stale write the server holds a newer value: the mirror takes it and open forms are told. */
  private async reloadFromServer(hash: string) {
    try {
      const before = valuesOf(await this.database.run((db) => mirrorOfDraft(db, hash)));
      const after = await this.load(hash);
      const changes: DraftChange[] = [];
      for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
        if (!(field in after)) changes.push({ field, removed: true });
        else if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) changes.push({ field, value: after[field] });
      }
      if (changes.length) {
        this.emitRemote(hash, { cleared: false, changes });
        this.post({ t: 'values', hash, cleared: false, changes });
      }
    } catch (error) {
      console.error(error);
    }
  }

  private onChannelMessage(message: ChannelMessage) {
    switch (message.t) {
      case 'rows':
        void this.refresh();
        return;
      case 'values':
        if (message.recording) this.noteRemoteRecording(message.hash, message.changes);
        this.emitRemote(message.hash, { cleared: !!message.cleared, changes: message.changes });
        return;
      case 'written':
        void this.remoteWritten(message.hash, message.field);
        return;
      case 'drain':
        this.remoteDrain = { active: message.active, hash: message.hash, at: this.now() };
        this.changed();
        return;
      case 'progress':
      case 'upload-done':
      case 'cancel':
        this.files?.onMessage(message);
        return;
      case 'net':
        // Another tab proved (or lost) the network: no new probe needed here for the same fact.
        if (message.state === 'offline') this.connectivity.set('offline');
        else if (this.connectivity.get() !== 'online') void this.connectivity.probe();
        return;
    }
  }

  private emitRemote(hash: string, change: { cleared: boolean; changes: DraftChange[] }) {
    for (const listener of [...(this.remoteListeners.get(hash) ?? [])]) listener(change);
  }

  private post(message: ChannelMessage) {
    try {
      this.channel?.postMessage(message);
    } catch {
      // A closed channel (tab going away) loses nothing: every tab re-reads IndexedDB.
    }
  }

  private changed() {
    this.stateCache.clear();
    const state = this.getState();
    publishUnsent(state.pending + (state.files ?? 0));
    for (const listener of [...this.listeners]) listener();
  }

  private drainingNow(): boolean {
    if (this.localDrain.active) return true;
    return this.remoteDrain.active && this.now() - this.remoteDrain.at < REMOTE_DRAIN_STALE_MS;
  }
}

const NO_UPLOADS: UploadRow[] = [];

function cloneValue(value: DraftValue): DraftValue {
  if (value === undefined) return null;
  try {
    return structuredClone(value);
  } catch {
    return JSON.parse(JSON.stringify(value)) as DraftValue;
  }
}
