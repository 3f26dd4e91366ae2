import { ApiError } from '../api/errors';
import { backoffDelay } from './backoff';
import type { Connectivity } from './connectivity';
import type { ReplayOutbox } from './device-outbox';
import { acknowledged, dropped, rejected, released } from './outbox';
import type { OutboxRow } from './schema';
import type { StashTransport } from './transport';
import { CoalescedRun } from './coalesced-run';

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
  | { type: 'settled'; row: OutboxRow; outcome: SendOutcome };

export interface ReplayerDeps {
  outbox: ReplayOutbox;
  transport: StashTransport;
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
  readonly stats = { sent: 0, ok: 0, stale: 0, rejected: 0, retried: 0, unauthorized: 0 };
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
    return this.drain();
  }

  /** The session ended (sign-out by a 401 or by expiry): nothing can go out until a sign-in resumes the replay. */
  pauseForSignIn(): void {
    this.paused = 'auth';
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.rowTimer) clearTimeout(this.rowTimer);
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
    let refusedInARow = 0;
    const force = this.forceNext;
    this.forceNext = false;
    const tried = new Set<string>();
    try {
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
      // Rows waiting out their own back-off are tried when it ends.
      const due = await outbox.nextRowAttemptAt(userId);
      if (due !== null && !this.stopped && !this.paused) this.scheduleAt(due);
    } finally {
      await outbox.purgeAcknowledged();
      this.deps.onEvent?.({ type: 'active', active: false });
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
