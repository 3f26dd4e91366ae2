import { recordIfNewer, type AnyEdit } from './outbox';
import type { OfflineDb } from './schema';

/**
 * A write-ahead journal in local storage for edits on their way into IndexedDB. Local storage is written at once;
 * an IndexedDB transaction still running when the page goes away (a reload, a closed tab, a link followed the moment
 * after typing) can be aborted by the browser. Each edit is journaled when it is handed over and forgotten once
 * IndexedDB has it; what a page left behind is recorded by the next start, with its original seq.
 */
export const JOURNAL_PREFIX = 'cabinet_edit_journal:';

export type JournalStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export interface JournalEntry {
  edit: AnyEdit;
  seq: number;
  now: number;
}

const keyOf = (entry: JournalEntry) => `${JOURNAL_PREFIX}${entry.seq}:${entry.edit.hash}:${entry.edit.field}`;

export class EditJournal {
  constructor(private readonly storage: JournalStorage | null) {}

  /** Journals an edit; returns the function that forgets it (a full or missing storage journals nothing). */
  add(entry: JournalEntry): () => void {
    if (!this.storage) return () => undefined;
    const key = keyOf(entry);
    try {
      this.storage.setItem(key, JSON.stringify(entry));
    } catch {
      return () => undefined;
    }
    return () => {
      try {
        this.storage?.removeItem(key);
      } catch {
        // Nothing to forget.
      }
    };
  }

  /** Edits a page left journaled, oldest first. */
  pending(): { key: string; entry: JournalEntry }[] {
    if (!this.storage) return [];
    const out: { key: string; entry: JournalEntry }[] = [];
    for (let i = 0; i < this.storage.length; i++) {
      const key = this.storage.key(i);
      if (!key?.startsWith(JOURNAL_PREFIX)) continue;
      try {
        out.push({ key, entry: JSON.parse(this.storage.getItem(key) ?? 'null') as JournalEntry });
      } catch {
        this.storage.removeItem(key);
      }
    }
    return out.filter((e) => e.entry?.edit).sort((a, b) => a.entry.seq - b.entry.seq);
  }

  /**
   * Records in IndexedDB every journaled edit it does not hold yet (an outbox row or mirror value as new or newer
   * means it got there), then forgets them. Returns how many were recovered.
   */
  async recover(db: OfflineDb): Promise<number> {
    let recovered = 0;
    for (const { key, entry } of this.pending()) {
      if (await recordIfNewer(db, entry.edit, entry.now, entry.seq)) recovered++;
      this.storage?.removeItem(key);
    }
    return recovered;
  }
}
