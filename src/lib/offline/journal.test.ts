import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { EditJournal, JOURNAL_PREFIX } from './journal';
import { mirrorOfDraft, recordEdit, rowsOfDraft, valuesOf } from './outbox';
import { CLEAR_FIELD, openOfflineDb } from './schema';

const H = '7questionnaireSTART-2026';
const T0 = 1_750_000_000_000;
let counter = 0;

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    key: (i: number) => [...data.keys()][i] ?? null,
    get length() {
      return data.size;
    },
    data,
  };
}

describe('the write-ahead journal (a page gone before IndexedDB committed loses nothing)', () => {
  it('records at the next start what a page journaled but never wrote, with its original seq', async () => {
    const db = await openOfflineDb({ name: `journal-${++counter}` });
    const storage = memoryStorage();
    const journal = new EditJournal(storage);
    // The page journaled two edits and went away before either reached IndexedDB.
    journal.add({ edit: { hash: H, field: 'name', userId: 7, kind: 'set', value: 'Проект' }, seq: T0 * 1000, now: T0 });
    journal.add({ edit: { hash: H, field: 'old', userId: 7, kind: 'delete' }, seq: T0 * 1000 + 1, now: T0 });
    expect(await journal.recover(db)).toBe(2);
    const rows = await rowsOfDraft(db, H);
    expect(rows.map((r) => [r.field, r.kind, r.seq, r.state])).toEqual([
      ['name', 'set', T0 * 1000, 'pending'],
      ['old', 'delete', T0 * 1000 + 1, 'pending'],
    ]);
    expect(valuesOf(await mirrorOfDraft(db, H))).toEqual({ name: 'Проект' });
    expect([...storage.data.keys()].filter((k) => k.startsWith(JOURNAL_PREFIX))).toEqual([]);
    db.close();
  });

  it('forgets an edit once IndexedDB has it, and never overwrites a newer edit of the field', async () => {
    const db = await openOfflineDb({ name: `journal-${++counter}` });
    const storage = memoryStorage();
    const journal = new EditJournal(storage);
    const forget = journal.add({ edit: { hash: H, field: 'a', userId: 7, kind: 'set', value: 'записано' }, seq: 100, now: T0 });
    await recordEdit(db, { hash: H, field: 'a', userId: 7, kind: 'set', value: 'записано' }, T0, 100);
    forget();
    expect(journal.pending()).toEqual([]);
    // A stale entry (its page died after the write) must not bring back an older value over a newer one.
    journal.add({ edit: { hash: H, field: 'b', userId: 7, kind: 'set', value: 'старое' }, seq: 200, now: T0 });
    await recordEdit(db, { hash: H, field: 'b', userId: 7, kind: 'set', value: 'новое' }, T0, 300);
    // A stale clear neither removes newer edits of its draft.
    journal.add({ edit: { hash: H, field: CLEAR_FIELD, userId: 7, kind: 'clear' }, seq: 250, now: T0 });
    expect(await journal.recover(db)).toBe(0);
    expect(valuesOf(await mirrorOfDraft(db, H))).toEqual({ a: 'записано', b: 'новое' });
    expect(journal.pending()).toEqual([]);
    db.close();
  });

  it('without a storage (or with a full one) it journals nothing and never throws', () => {
    const none = new EditJournal(null);
    expect(() => none.add({ edit: { hash: H, field: 'a', userId: 7, kind: 'set', value: 1 }, seq: 1, now: T0 })()).not.toThrow();
    const full = new EditJournal({ ...memoryStorage(), setItem: () => { throw new DOMException('full', 'QuotaExceededError'); } });
    expect(() => full.add({ edit: { hash: H, field: 'a', userId: 7, kind: 'set', value: 1 }, seq: 1, now: T0 })()).not.toThrow();
  });
});
