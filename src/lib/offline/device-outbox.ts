import type { OfflineDatabase } from './database';
import { EditJournal } from './journal';
import {
  allocateLocalSeq,
  claimNext as claimStoredNext,
  claimRule,
  discardRejected,
  isSendable,
  isUnsent,
  newRow,
  nextRowAttemptAt,
  purgeAcknowledged,
  purgeUser,
  recordClear,
  recordEdit,
  retryRowNow,
  rowsOfUser,
  settleRow,
  soonestRetry,
  type ClaimOptions,
  type EditInput,
  type RowChange,
} from './outbox';
import { CLEAR_FIELD, type OutboxRow } from './schema';

/** What the replayer drains: one outbox, whatever holds its rows. */
export interface ReplayOutbox {
  claimNext(userId: number, now: number, options?: ClaimOptions): Promise<OutboxRow | null>;
  settle(sent: OutboxRow, change: RowChange): Promise<boolean>;
  purgeAcknowledged(): Promise<unknown>;
  nextRowAttemptAt(userId: number): Promise<number | null>;
}

/** A write IndexedDB refused: the row is kept in memory instead, and the refusal is reported. */
export interface Recorded {
  row: OutboxRow;
  refused: unknown;
}

const slotOf = (hash: string, field: string) => `${hash}\u0000${field}`;

/**
 * The durable outbox (DESIGN.md "Offline drafts"): rows live in IndexedDB; an edit the device refuses (quota, a broken
 * store) is kept in memory behind the same interface — counted as unsent, merged into what a form opens with, and
 * drained by the one replayer like any other row. Nothing typed is dropped.
 */
export class DeviceOutbox implements ReplayOutbox {
  private memory = new Map<string, OutboxRow>();

  constructor(
    private readonly database: OfflineDatabase,
    /** Write-ahead journal: what a page going away could not finish writing is recorded by the next start. */
    readonly journal: EditJournal = new EditJournal(null),
  ) {}

  /** Records what an earlier page left in the journal (call once at start). */
  recoverJournal(): Promise<number> {
    return this.database.run((db) => this.journal.recover(db));
  }

  /** Rows only memory holds (the device refused them). */
  memoryRows(): OutboxRow[] {
    return [...this.memory.values()];
  }

  get holdsInMemory(): boolean {
    return this.memory.size > 0;
  }

  /**
   * Records a field edit. Starts synchronously while the database is open (see recordEdit): a tab closed right after
   * still has it on the device.
   */
  async record(edit: EditInput, now: number): Promise<Recorded> {
    const seq = allocateLocalSeq(now);
    const forget = this.journal.add({ edit, seq, now });
    try {
      const row = await this.database.write((db) => recordEdit(db, edit, now, seq));
      forget();
      // The device holds this field again: an older copy kept in memory is superseded.
      this.memory.delete(slotOf(edit.hash, edit.field));
      return { row, refused: null };
    } catch (error) {
      const row = newRow(edit, now, seq);
      this.memory.set(slotOf(edit.hash, edit.field), row);
      return { row, refused: error };
    }
  }

  /** Records "clear the whole draft": it supersedes every earlier row of the draft, on the device and in memory. */
  async recordClear(hash: string, userId: number, now: number): Promise<Recorded> {
    const seq = allocateLocalSeq(now);
    const forget = this.journal.add({ edit: { hash, field: CLEAR_FIELD, userId, kind: 'clear' }, seq, now });
    let result: Recorded;
    try {
      result = { row: await this.database.write((db) => recordClear(db, hash, userId, now, seq)), refused: null };
      forget();
    } catch (error) {
      result = { row: newRow({ hash, field: CLEAR_FIELD, userId, kind: 'clear' }, now, seq), refused: error };
    }
    for (const [slot, held] of this.memory) if (held.hash === hash) this.memory.delete(slot);
    if (result.refused) this.memory.set(slotOf(hash, CLEAR_FIELD), result.row);
    return result;
  }

  /** The next row to send: memory's first (edits the device refused are the newest), then IndexedDB's, by seq. */
  async claimNext(userId: number, now: number, options: ClaimOptions = {}): Promise<OutboxRow | null> {
    const claimable = claimRule(userId, now, options);
    const held = this.memoryRows()
      .sort((a, b) => a.seq - b.seq)
      .find(claimable);
    if (held) {
      const claimed: OutboxRow = { ...held, state: 'in-flight', updatedAt: now };
      this.memory.set(slotOf(held.hash, held.field), claimed);
      return claimed;
    }
    return this.database.run((db) => claimStoredNext(db, userId, now, options));
  }

  /** Applies the server's answer to the row that was sent, where it lives — only if it is still the same operation. */
  async settle(sent: OutboxRow, change: RowChange): Promise<boolean> {
    const slot = slotOf(sent.hash, sent.field);
    const held = this.memory.get(slot);
    if (held) {
      if (held.opId !== sent.opId) return false;
      const next = change(held);
      // Memory keeps nothing the server confirmed.
      if (next && next.state !== 'acknowledged') this.memory.set(slot, next);
      else this.memory.delete(slot);
      return true;
    }
    return this.database.run((db) => settleRow(db, sent, change));
  }

  purgeAcknowledged(): Promise<number> {
    return this.database.run((db) => purgeAcknowledged(db));
  }

  async nextRowAttemptAt(userId: number): Promise<number | null> {
    const stored = await this.database.run((db) => nextRowAttemptAt(db, userId));
    const held = soonestRetry(this.memoryRows().filter((r) => r.userId === userId));
    return stored === null ? held : held === null ? stored : Math.min(stored, held);
  }

  /** «Повторить»: the row goes with the next drain, its own back-off notwithstanding. */
  async retryNow(hash: string, field: string): Promise<void> {
    const slot = slotOf(hash, field);
    const held = this.memory.get(slot);
    if (held) this.memory.set(slot, { ...held, nextAttemptAt: 0 });
    else await this.database.run((db) => retryRowNow(db, hash, field));
  }

  /** The person gives up a rejected edit; true when there was one. */
  async discardRejected(hash: string, field: string): Promise<boolean> {
    const slot = slotOf(hash, field);
    if (this.memory.get(slot)?.state === 'rejected') {
      this.memory.delete(slot);
      return true;
    }
    return this.database.run((db) => discardRejected(db, hash, field));
  }

  async hasUnsent(userId: number): Promise<boolean> {
    if (this.memoryRows().some((r) => r.userId === userId && isUnsent(r))) return true;
    return (await this.database.run((db) => rowsOfUser(db, userId))).some(isUnsent);
  }

  /** Memory rows still owed to the server. */
  hasSendableInMemory(): boolean {
    return this.memoryRows().some(isSendable);
  }

  async purgeUser(userId: number): Promise<void> {
    for (const [slot, held] of this.memory) if (held.userId === userId) this.memory.delete(slot);
    await this.database.run((db) => purgeUser(db, userId));
  }
}
