import { ApiError } from '../api/errors';
import { backoffDelay } from './backoff';
import type { Connectivity } from './connectivity';
import type { ReplayOutbox } from './device-outbox';
import { acknowledged, dropped, rejected, released } from './outbox';
import type { OutboxRow, UploadRow, UploadedFileRef } from './schema';
import type { StashTransport } from './transport';
import { CoalescedRun } from './coalesced-run';
import { uploadKnownIds, uploadRejected, uploadReleased, uploadRemoved, uploadStored, type UploadChange, type UploadClaimOptions } from './uploads';

/**
 * The single replayer (DESIGN.md "Offline drafts"): one tab at a time drains the outbox (Web Locks), oldest edit first,
 * one request at a time, so a clear always reaches the server before the edits made after it.
 * - 2xx → acknowledged, then removed; 409 → the server holds a newer value: the stale write is dropped;
 * - 401 → paused until the user signs in again (the row stays pending);
 * - other 4xx → rejected with the server's message (shown at the field; never retried by itself);
 * - 5xx, 408, 429 → that row is retried with a back-off of its own; the drain goes on with the other rows (one value the
 *   server keeps refusing never blocks the rest). Two refusals in a row mean the server refuses everything: all wait.
 * - network failure, time-out → the whole replay waits with exponential back-off (the connection is the problem).
 */
export const REPLAY_LOCK = 'cabinet-outbox-replay';
export const REQUEST_TIMEOUT_MS = 20_000;

export interface LockLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** Web Locks when the browser has them; otherwise a lock that only serialises this tab. */
export function browserLocks(): LockLike {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) return { request: <T>(name: string, callback: () => Promise<T>) => locks.request(name, () => callback()) as Promise<T> };
  return localLocks();
}

export function localLocks(): LockLike {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(callback, callback);
      tails.set(name, run.catch(() => undefined));
      return run;
    },
  };
}

export type SendOutcome =
  | { kind: 'ok' }
  | { kind: 'stale' }
  | { kind: 'unauthorized' }
  | { kind: 'rejected'; message: string }
  | { kind: 'retry'; reason: 'server' | 'network' | 'timeout' };

/** Classifies a failed send (pure; table-tested). */
export function classifySendError(error: unknown, timedOut: boolean): SendOutcome {
  if (timedOut || (error instanceof ApiError && error.kind === 'timeout')) return { kind: 'retry', reason: 'timeout' };
  // A damaged answer: whether the write landed is unknown; the resend is idempotent (same opId).
  if (error instanceof ApiError && error.kind === 'malformed') return { kind: 'retry', reason: 'server' };
  if (!(error instanceof ApiError) || error.status === 0) return { kind: 'retry', reason: 'network' };
  const { status } = error;
  if (status === 401) return { kind: 'unauthorized' };
  if (status === 409) return { kind: 'stale' };
  if (status === 408 || status === 429 || status >= 500) return { kind: 'retry', reason: 'server' };
  const fieldMessage = error.fieldErrors[0]?.message;
  return { kind: 'rejected', message: fieldMessage ?? error.serverMessage ?? `Сервер отклонил изменение (код ${status})` };
}

export type ReplayEvent =
  | { type: 'active'; active: boolean }
  | { type: 'sending'; row: OutboxRow }
  | { type: 'settled'; row: OutboxRow; outcome: SendOutcome }
  /** A kept file on its way: bytes sent so far, or checking (the body went, the answer or the server's list is awaited). */
  | { type: 'upload'; id: string; phase: 'sending' | 'checking' | 'done'; loaded: number; total: number };

/** What the file lane drains: the device's file queue (uploads.ts) and what completes a file in the form. */
export interface UploadQueue {
  claimNext(userId: number, now: number, options?: UploadClaimOptions): Promise<UploadRow | null>;
  /** The kept bytes (null when the browser lost them). */
  bytesOf(row: UploadRow): Promise<File | null>;
  settle(id: string, change: UploadChange): Promise<UploadRow | null>;
  /** The server lists the file: the draft and every open form take it, then the row and its bytes leave the device. */
  complete(row: UploadRow, file: UploadedFileRef): Promise<void>;
  nextAttemptAt(userId: number): Promise<number | null>;
}

/** The upload calls (SPEC §7 upload-attach, list-attach, delete-attach), the token attached at send time. */
export interface FileTransport {
  upload(row: UploadRow, file: File, hooks: { onProgress: (loaded: number, total: number) => void; onBodySent: () => void; signal: AbortSignal }): Promise<UploadedFileRef>;
  list(pointId: number, attachCode: string, signal?: AbortSignal): Promise<UploadedFileRef[]>;
  remove(fileId: number): Promise<void>;
}

/** The bytes of a kept file are gone (the browser cleared the site's storage): only a new pick can bring it back. */
export const UPLOAD_BYTES_LOST_TEXT = 'Файл больше не хранится на устройстве. Выберите его снова.';

/**
 * The files the server stored from this row: new since the first send, same place and the same (cleaned) name, oldest
 * first. More than one means the request went twice (a browser resends a POST whose reused connection closed without
 * an answer): the first is kept, the others are deleted.
 */
export function storedUploads(row: Pick<UploadRow, 'attachCode' | 'valueIndex' | 'name' | 'knownIds'>, listed: readonly UploadedFileRef[], cleanName: (name: string) => string = (n) => n): UploadedFileRef[] {
  const known = new Set(row.knownIds ?? []);
  const name = cleanName(row.name);
  return listed
    .filter((f) => !known.has(f.id) && (f.attachCode ?? row.attachCode) === row.attachCode && (f.valueIndex ?? row.valueIndex) === row.valueIndex && (f.originalFileName ?? f.fileName) === name)
    .sort((a, b) => a.id - b.id);
}

export interface ReplayerDeps {
  outbox: ReplayOutbox;
  transport: StashTransport;
  /** Kept files, drained beside the edits (DESIGN.md "Attachments offline"); absent: edits only. */
  uploads?: UploadQueue;
  files?: FileTransport;
  /** The server's cleaning of file names (a listed file is found by the name the server keeps). */
  cleanFileName?: (name: string) => string;
  connectivity: Connectivity;
  locks: LockLike;
  hasToken: () => boolean;
  now?: () => number;
  random?: () => number;
  requestTimeoutMs?: () => number;
  onEvent?: (event: ReplayEvent) => void;
  /** IndexedDB failed mid-drain (e.g. the browser closed the connection): the owner may reopen it. */
  onError?: (error: unknown) => void;
}

export type TriggerReason = 'start' | 'edit' | 'online' | 'focus' | 'tick' | 'sign-in' | 'manual';

export class Replayer {
  /** Consecutive failed attempts (drives the back-off). */
  failures = 0;
  nextAttemptAt = 0;
  paused: 'auth' | null = null;
  /** Requests sent, by outcome — read by tests and the benchmark. */
  readonly stats = { sent: 0, ok: 0, stale: 0, rejected: 0, retried: 0, unauthorized: 0, uploads: 0, uploaded: 0, checks: 0 };
  /** Uploads going on in this tab, by row id: «Отменить» stops the request. */
  private uploadControllers = new Map<string, AbortController>();
  /** Wakes a pass whose edits are drained while a file is still uploading: edits typed meanwhile go at once. */
  private poke: (() => void) | null = null;
  /** Drains, one at a time; a trigger during a drain makes it go round once more. */
  private drains = new CoalescedRun(
    () => this.deps.locks.request(REPLAY_LOCK, () => this.pass()),
    () => this.canSend(),
    (error) => {
      // IndexedDB failed mid-drain: rows stay as they are and the next trigger tries again.
      if (!this.stopped) console.error('Очередь изменений не отправлена', error);
      this.deps.onError?.(error);
    },
  );
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(private readonly deps: ReplayerDeps) {}

  private now() {
    return (this.deps.now ?? Date.now)();
  }

  /** Asks for a drain. Reconnect, focus and sign-in skip the remaining back-off. */
  trigger(reason: TriggerReason): Promise<void> {
    if (reason === 'online' || reason === 'focus' || reason === 'sign-in' || reason === 'manual') this.nextAttemptAt = 0;
    // A flush or «Повторить»: every row is tried once now, its own back-off notwithstanding.
    if (reason === 'manual') this.forceNext = true;
    if (reason === 'sign-in') this.paused = null;
    this.poke?.();
    return this.drain();
  }

  /** «Отменить» of a file this tab is uploading: the request stops (the queue already marked the row cancelled). */
  abortUpload(id: string): boolean {
    const controller = this.uploadControllers.get(id);
    controller?.abort();
    return !!controller;
  }

  /** The session ended (sign-out by a 401 or by expiry): nothing can go out until a sign-in resumes the replay. */
  pauseForSignIn(): void {
    this.paused = 'auth';
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.rowTimer) clearTimeout(this.rowTimer);
    for (const controller of this.uploadControllers.values()) controller.abort();
    this.poke?.();
  }

  /** Resolves when the current drain (and any drain asked for meanwhile) has finished. */
  idle(): Promise<void> {
    return this.drains.running ?? Promise.resolve();
  }

  private canSend(): boolean {
    return !this.stopped && !this.paused && this.deps.connectivity.get() !== 'offline' && this.now() >= this.nextAttemptAt;
  }

  private drain(): Promise<void> {
    return this.drains.request();
  }

  private schedule() {
    if (this.timer) clearTimeout(this.timer);
    if (this.stopped) return;
    const wait = Math.max(0, this.nextAttemptAt - this.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.drain();
    }, wait);
  }

  /** Whose rows may go out with the current token: the user the server sees behind it. */
  private async identity(): Promise<number | null> {
    const { connectivity } = this.deps;
    if (!this.deps.hasToken()) {
      this.paused = 'auth';
      return null;
    }
    if (connectivity.userId === null) await connectivity.probe();
    if (connectivity.userId === null && connectivity.get() === 'online') {
      if (connectivity.authFailed) {
        this.paused = 'auth';
      } else {
        // The server answered the probe with an error: try again later, like a failed send.
        this.failures++;
        this.nextAttemptAt = this.now() + backoffDelay(this.failures, this.deps.random);
        this.schedule();
      }
    }
    return connectivity.userId;
  }

  private async pass(): Promise<void> {
    if (!this.canSend()) return;
    const userId = await this.identity();
    if (userId === null) return;
    const { outbox } = this.deps;
    this.deps.onEvent?.({ type: 'active', active: true });
    const force = this.forceNext;
    this.forceNext = false;
    // Files go in a lane of their own beside the edits, in the same drain (one tab, one lock): a 100 MB upload never
    // holds back the edits typed meanwhile, which go as they come.
    let filesRunning = !!this.deps.uploads;
    const files = this.deps.uploads
      ? this.filesLane(userId, force).finally(() => {
          filesRunning = false;
          this.poke?.();
        })
      : Promise.resolve();
    const tried = new Set<string>();
    try {
      for (;;) {
        await this.editsLane(userId, force, tried);
        if (!filesRunning || this.stopped) break;
        await new Promise<void>((resolve) => (this.poke = resolve));
        this.poke = null;
      }
      await files;
      // Rows waiting out their own back-off are tried when it ends.
      const due = await this.soonestDue(userId);
      if (due !== null && !this.stopped && !this.paused) this.scheduleAt(due);
    } finally {
      this.poke = null;
      await outbox.purgeAcknowledged();
      this.deps.onEvent?.({ type: 'active', active: false });
    }
  }

  private async soonestDue(userId: number): Promise<number | null> {
    const rows = await this.deps.outbox.nextRowAttemptAt(userId);
    const files = this.deps.uploads ? await this.deps.uploads.nextAttemptAt(userId) : null;
    return rows === null ? files : files === null ? rows : Math.min(rows, files);
  }

  private async editsLane(userId: number, force: boolean, tried: Set<string>): Promise<void> {
    const { outbox } = this.deps;
    let refusedInARow = 0;
    while (this.canSend()) {
      const row = await outbox.claimNext(userId, this.now(), { force, skip: tried });
      if (!row) break;
      tried.add(row.opId);
      this.deps.onEvent?.({ type: 'sending', row });
      const outcome = await this.send(row);
      const refused = outcome.kind === 'retry' && outcome.reason === 'server';
      refusedInARow = refused ? refusedInARow + 1 : 0;
      await this.settle(row, outcome, refusedInARow >= 2);
      this.deps.onEvent?.({ type: 'settled', row, outcome });
      if (outcome.kind === 'unauthorized' || (outcome.kind === 'retry' && (!refused || refusedInARow >= 2))) break;
    }
  }

  /** Kept files, oldest first, one at a time; the same rules as the edits (pause on 401, back-off, one refusal blocks nothing). */
  private async filesLane(userId: number, force: boolean): Promise<void> {
    const uploads = this.deps.uploads!;
    const tried = new Set<string>();
    let refusedInARow = 0;
    while (this.canSend()) {
      const row = await uploads.claimNext(userId, this.now(), { force, skip: tried });
      if (!row) break;
      tried.add(row.id);
      const { outcome, bodySent, message } = await this.sendUpload(row);
      const refused = outcome.kind === 'retry' && outcome.reason === 'server';
      refusedInARow = refused ? refusedInARow + 1 : 0;
      await this.settleUpload(row, outcome, bodySent, refusedInARow >= 2, message);
      if (outcome.kind === 'unauthorized' || (outcome.kind === 'retry' && (!refused || refusedInARow >= 2))) break;
    }
  }

  /**
   * One attempt at one kept file. The upload API is neither resumable nor idempotent: a point's upload first notes the
   * ids the server lists for the attachment; after an attempt whose outcome is unknown the list is read again, and a
   * file that appeared there is taken as ours instead of being sent twice. The local copy goes only once the server
   * lists the file (a new application's upload, which no list shows yet, goes on a 2xx with a valid record).
   */
  private async sendUpload(row: UploadRow): Promise<{ outcome: SendOutcome; bodySent: boolean; message?: string | null }> {
    const uploads = this.deps.uploads!;
    const files = this.deps.files!;
    const controller = new AbortController();
    this.uploadControllers.set(row.id, controller);
    let bodySent = false;
    const progress = (phase: 'sending' | 'checking' | 'done', loaded = 0) => this.deps.onEvent?.({ type: 'upload', id: row.id, phase, loaded, total: row.size });
    const clean = this.deps.cleanFileName ?? ((name: string) => name);
    const listOurs = async () => {
      this.stats.checks++;
      return storedUploads(row, await files.list(row.pointId!, row.attachCode, controller.signal), clean);
    };
    /** Keeps one stored copy and deletes the others (the request went twice); null when the server has none. */
    const oneOf = async (ours: UploadedFileRef[], keep: UploadedFileRef | null) => {
      for (const extra of ours) if (extra.id !== keep?.id) await files.remove(extra.id);
      return keep;
    };
    try {
      if (row.state === 'uploaded' && row.uploaded) {
        await uploads.complete(row, row.uploaded);
        return { outcome: { kind: 'ok' }, bodySent: false };
      }
      if (row.state === 'cancelled') {
        // Removed by the person while a send was under way that no drain saw end: what the server may have stored goes too.
        if (row.pointId !== null && row.knownIds) {
          progress('checking');
          await oneOf(await listOurs(), null);
        }
        await uploads.settle(row.id, uploadRemoved);
        return { outcome: { kind: 'ok' }, bodySent: false };
      }
      if (row.pointId !== null) {
        if (row.knownIds === null) {
          const listed = await files.list(row.pointId, row.attachCode, controller.signal);
          row = (await uploads.settle(row.id, uploadKnownIds(listed.map((f) => f.id), this.now()))) ?? row;
          if (row.state === 'cancelled') throw new DOMException('cancelled', 'AbortError');
        } else if (row.uncertain) {
          progress('checking');
          const listed = await listOurs();
          const ours = await oneOf(listed, listed[0] ?? null);
          if (ours) {
            await this.stored(row, ours);
            return { outcome: { kind: 'ok' }, bodySent: false };
          }
        }
      }
      const bytes = await uploads.bytesOf(row);
      if (!bytes) return { outcome: { kind: 'rejected', message: UPLOAD_BYTES_LOST_TEXT }, bodySent: false };
      this.stats.uploads++;
      progress('sending');
      const saved = await files.upload(row, bytes, {
        signal: controller.signal,
        onProgress: (loaded) => progress('sending', loaded),
        onBodySent: () => {
          bodySent = true;
          progress('checking', row.size);
        },
      });
      if (!saved || typeof saved.id !== 'number' || typeof saved.fileName !== 'string') throw new ApiError(200, null, undefined, 'malformed');
      bodySent = true;
      if (row.pointId !== null) {
        // Listed, and listed once: a copy the browser's own resend stored beside it is deleted.
        progress('checking', row.size);
        const ours = await listOurs();
        if (!ours.some((f) => f.id === saved.id)) return { outcome: { kind: 'retry', reason: 'server' }, bodySent: true };
        await oneOf(ours, saved);
      }
      await this.stored(row, saved);
      return { outcome: { kind: 'ok' }, bodySent };
    } catch (error) {
      if (controller.signal.aborted || (error instanceof DOMException && error.name === 'AbortError')) {
        // «Отменить»: the request stopped. A body that had gone may have been stored: found and deleted, never kept.
        if (bodySent && row.pointId !== null && row.knownIds && !this.stopped) {
          await listOurs()
            .then((ours) => oneOf(ours, null))
            .catch(() => undefined);
        }
        if (!this.stopped) await uploads.settle(row.id, uploadRemoved);
        return { outcome: { kind: 'ok' }, bodySent: false };
      }
      // The server's own words stay with a file it refuses for now (5xx), shown at its field while it is retried.
      const message = error instanceof ApiError && error.status >= 500 ? error.serverMessage : null;
      // Without a real answer (the connection died, a time-out, a garbled 2xx) nobody knows whether the server stored the
      // file: the browser does not always report the body as sent before the error (a lost answer came without it).
      const answered = error instanceof ApiError && error.status > 0 && error.kind !== 'malformed';
      return { outcome: classifySendError(error, false), bodySent: bodySent || !answered, message };
    } finally {
      this.uploadControllers.delete(row.id);
      progress('done');
    }
  }

  private async stored(row: UploadRow, file: UploadedFileRef) {
    this.stats.uploaded++;
    const kept = await this.deps.uploads!.settle(row.id, uploadStored(file, this.now()));
    if (kept?.state === 'cancelled') {
      // Removed by the person while it went: the server's copy is deleted, nothing is attached.
      await this.deps.files!.remove(file.id).catch(() => undefined);
      await this.deps.uploads!.settle(row.id, uploadRemoved);
      return;
    }
    if (kept) await this.deps.uploads!.complete(kept, file);
  }

  private async settleUpload(row: UploadRow, outcome: SendOutcome, bodySent: boolean, serverWide: boolean, message: string | null = null) {
    const uploads = this.deps.uploads!;
    const { connectivity } = this.deps;
    const now = this.now();
    switch (outcome.kind) {
      case 'ok':
      case 'stale':
        this.failures = 0;
        connectivity.markOnline();
        return;
      case 'rejected':
        connectivity.markOnline();
        await uploads.settle(row.id, uploadRejected(outcome.message, now));
        return;
      case 'unauthorized':
        connectivity.markOnline();
        connectivity.userId = null;
        this.paused = 'auth';
        await uploads.settle(row.id, uploadReleased(now, false, 0, false));
        return;
      case 'retry':
        if (outcome.reason === 'server') {
          connectivity.markOnline();
          await uploads.settle(row.id, uploadReleased(now, true, now + backoffDelay(row.attempts + 1, this.deps.random), bodySent, message ?? 'Сервер временно не принимает файл'));
          if (!serverWide) return;
        } else {
          if (outcome.reason === 'network') connectivity.markOffline();
          await uploads.settle(row.id, uploadReleased(now, false, 0, bodySent));
        }
        this.failures++;
        this.nextAttemptAt = now + backoffDelay(this.failures, this.deps.random);
        this.schedule();
        return;
    }
  }

  private rowTimer: ReturnType<typeof setTimeout> | null = null;
  private forceNext = false;

  /** A drain when the soonest row's own back-off ends (the replay-wide back-off has its own timer). */
  private scheduleAt(at: number) {
    if (this.rowTimer) clearTimeout(this.rowTimer);
    this.rowTimer = setTimeout(
      () => {
        this.rowTimer = null;
        void this.drain();
      },
      Math.max(0, at - this.now()),
    );
  }

  private async send(row: OutboxRow): Promise<SendOutcome> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.deps.requestTimeoutMs?.() ?? REQUEST_TIMEOUT_MS);
    this.stats.sent++;
    try {
      await this.deps.transport.write(row, controller.signal);
      return { kind: 'ok' };
    } catch (error) {
      return classifySendError(error, timedOut);
    } finally {
      clearTimeout(timer);
    }
  }

  private async settle(row: OutboxRow, outcome: SendOutcome, serverWide = false) {
    const { outbox } = this.deps;
    const now = this.now();
    const { connectivity } = this.deps;
    switch (outcome.kind) {
      case 'ok':
        this.stats.ok++;
        this.failures = 0;
        connectivity.markOnline();
        await outbox.settle(row, acknowledged(now));
        return;
      case 'stale':
        this.stats.stale++;
        this.failures = 0;
        connectivity.markOnline();
        await outbox.settle(row, dropped());
        return;
      case 'rejected':
        this.stats.rejected++;
        connectivity.markOnline();
        await outbox.settle(row, rejected(outcome.message, now));
        return;
      case 'unauthorized':
        this.stats.unauthorized++;
        connectivity.markOnline();
        connectivity.userId = null;
        this.paused = 'auth';
        await outbox.settle(row, released(now, false));
        return;
      case 'retry':
        this.stats.retried++;
        if (outcome.reason === 'server') {
          // The server answered: this row backs off on its own; the rest of the outbox goes on.
          connectivity.markOnline();
          await outbox.settle(row, released(now, true, now + backoffDelay(row.attempts + 1, this.deps.random)));
          if (!serverWide) return;
        } else {
          if (outcome.reason === 'network') connectivity.markOffline();
          await outbox.settle(row, released(now, false));
        }
        this.failures++;
        this.nextAttemptAt = now + backoffDelay(this.failures, this.deps.random);
        this.schedule();
        return;
    }
  }
}
