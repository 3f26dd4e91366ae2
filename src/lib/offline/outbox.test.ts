import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  acknowledge,
  claimNext,
  discardRejected,
  dropStale,
  mergeDraft,
  mergeIntoMirror,
  mirrorOfDraft,
  nextSeqValue,
  purgeAcknowledged,
  purgeUser,
  recordClear,
  recordEdit,
  reject,
  release,
  rowsOfUser,
  valuesOf,
} from './outbox';
import { CLEAR_FIELD, MIGRATIONS, OFFLINE_DB_VERSION, openOfflineDb, userIdOfHash, type OfflineDb, type OutboxRow } from './schema';

let counter = 0;
const opened: OfflineDb[] = [];
async function freshDb(): Promise<OfflineDb> {
  const db = await openOfflineDb({ name: `outbox-test-${++counter}` });
  opened.push(db);
  return db;
}
afterEach(() => opened.splice(0).forEach((db) => db.close()));

const H = '7questionnaireSTART-2026';
const T0 = 1_750_000_000_000;

describe('outbox rows', () => {
  it('coalesces later edits of a field into one row with a new opId and a greater seq', async () => {
    const db = await freshDb();
    const a = await recordEdit(db, { hash: H, field: 'name', userId: 7, kind: 'set', value: 'П' }, T0);
    const b = await recordEdit(db, { hash: H, field: 'name', userId: 7, kind: 'set', value: 'Пр' }, T0);
    const c = await recordEdit(db, { hash: H, field: 'name', userId: 7, kind: 'set', value: 'Проект' }, T0 + 5);
    const rows = await rowsOfUser(db, 7);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ field: 'name', value: 'Проект', state: 'pending', opId: c.opId, seq: c.seq, createdAt: T0 + 5 });
    expect(new Set([a.opId, b.opId, c.opId]).size).toBe(3);
    expect(a.seq).toBeLessThan(b.seq);
    expect(b.seq).toBeLessThan(c.seq);
    expect(valuesOf(await mirrorOfDraft(db, H))).toEqual({ name: 'Проект' });
  });

  it('sends a delete (group removal) through the same slot and removes the mirror value', async () => {
    const db = await freshDb();
    await recordEdit(db, { hash: H, field: 'g1_f', userId: 7, kind: 'set', value: [{ value: 'x', groupIndex: 1 }] }, T0);
    await recordEdit(db, { hash: H, field: 'g1_f', userId: 7, kind: 'delete' }, T0);
    const rows = await rowsOfUser(db, 7);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'delete', value: null, state: 'pending' });
    expect(valuesOf(await mirrorOfDraft(db, H))).toEqual({});
  });

  it('lets a clear supersede every row of the draft, and only of that draft', async () => {
    const db = await freshDb();
    await recordEdit(db, { hash: H, field: 'a', userId: 7, kind: 'set', value: 1 }, T0);
    await recordEdit(db, { hash: H, field: 'b', userId: 7, kind: 'delete' }, T0);
    await recordEdit(db, { hash: '7questionnaireOTHER', field: 'a', userId: 7, kind: 'set', value: 2 }, T0);
    const clear = await recordClear(db, H, 7, T0);
    const after = await recordEdit(db, { hash: H, field: 'a', userId: 7, kind: 'set', value: 'new' }, T0);
    const rows = (await rowsOfUser(db, 7)).sort((x, y) => x.seq - y.seq);
    expect(rows.map((r) => [r.hash, r.field, r.kind])).toEqual([
      ['7questionnaireOTHER', 'a', 'set'],
      [H, CLEAR_FIELD, 'clear'],
      [H, 'a', 'set'],
    ]);
    expect(after.seq).toBeGreaterThan(clear.seq);
    expect(valuesOf(await mirrorOfDraft(db, H))).toEqual({ a: 'new' });
  });

  it('claims rows oldest edit first, one user at a time, and re-claims an orphaned in-flight row', async () => {
    const db = await freshDb();
    await recordEdit(db, { hash: H, field: 'b', userId: 7, kind: 'set', value: 1 }, T0);
    await recordEdit(db, { hash: '8questionnaireX', field: 'z', userId: 8, kind: 'set', value: 1 }, T0);
    await recordEdit(db, { hash: H, field: 'a', userId: 7, kind: 'set', value: 1 }, T0);
    await recordEdit(db, { hash: H, field: 'b', userId: 7, kind: 'set', value: 2 }, T0);
    const first = await claimNext(db, 7, T0);
    expect(first).toMatchObject({ field: 'a', state: 'in-flight' });
    // The tab died with "a" in flight: the next replayer sends it again (same opId: idempotent).
    const again = await claimNext(db, 7, T0);
    expect(again).toMatchObject({ field: 'a', opId: first!.opId });
    await acknowledge(db, again!, T0);
    expect(await claimNext(db, 7, T0)).toMatchObject({ field: 'b', value: 2 });
    expect(await claimNext(db, 8, T0)).toMatchObject({ field: 'z' });
  });

  it('walks pending → in flight → acknowledged → removed, and only the sent operation settles its row', async () => {
    const db = await freshDb();
    await recordEdit(db, { hash: H, field: 'f', userId: 7, kind: 'set', value: 'v1' }, T0);
    const sent = (await claimNext(db, 7, T0))!;
    // The user types again while v1 is in flight.
    await recordEdit(db, { hash: H, field: 'f', userId: 7, kind: 'set', value: 'v2' }, T0);
    expect(await acknowledge(db, sent, T0)).toBe(false);
    const [row] = await rowsOfUser(db, 7);
    expect(row).toMatchObject({ value: 'v2', state: 'pending' });
    const second = (await claimNext(db, 7, T0))!;
    expect(await acknowledge(db, second, T0)).toBe(true);
    expect((await rowsOfUser(db, 7))[0]!.state).toBe('acknowledged');
    expect(await purgeAcknowledged(db)).toBe(1);
    expect(await rowsOfUser(db, 7)).toEqual([]);
    // The value stays in the mirror: the row left only after the server confirmed it.
    expect(valuesOf(await mirrorOfDraft(db, H))).toEqual({ f: 'v2' });
  });

  it('marks a refused edit rejected with the message, retries count attempts, stale writes are dropped', async () => {
    const db = await freshDb();
    await recordEdit(db, { hash: H, field: 'r', userId: 7, kind: 'set', value: 'bad' }, T0);
    await recordEdit(db, { hash: H, field: 'x', userId: 7, kind: 'set', value: 'retry' }, T0);
    await recordEdit(db, { hash: H, field: 's', userId: 7, kind: 'set', value: 'stale' }, T0);
    const r = (await claimNext(db, 7, T0))!;
    await reject(db, r, 'Введите корректный E-mail', T0);
    const x = (await claimNext(db, 7, T0))!;
    await release(db, x, T0, true);
    expect((await rowsOfUser(db, 7)).find((row) => row.field === 'x')).toMatchObject({ state: 'pending', attempts: 1 });
    const x2 = (await claimNext(db, 7, T0))!;
    expect(x2.field).toBe('x');
    await acknowledge(db, x2, T0);
    const s = (await claimNext(db, 7, T0))!;
    await dropStale(db, s);
    // A rejected row is not sent again by itself.
    expect(await claimNext(db, 7, T0)).toBeNull();
    const rows = await rowsOfUser(db, 7);
    expect(rows.find((row) => row.field === 'r')).toMatchObject({ state: 'rejected', error: 'Введите корректный E-mail' });
    expect(rows.find((row) => row.field === 's')).toBeUndefined();
    // A new edit of the field replaces the rejection.
    await recordEdit(db, { hash: H, field: 'r', userId: 7, kind: 'set', value: 'good@example.ru' }, T0);
    expect((await rowsOfUser(db, 7)).find((row) => row.field === 'r')).toMatchObject({ state: 'pending', error: null });
    await reject(db, (await claimNext(db, 7, T0))!, 'Ещё раз', T0);
    expect(await discardRejected(db, H, 'r')).toBe(true);
    expect((await rowsOfUser(db, 7)).find((row) => row.field === 'r')).toBeUndefined();
  });

  it('purges one user only', async () => {
    const db = await freshDb();
    await recordEdit(db, { hash: H, field: 'a', userId: 7, kind: 'set', value: 1 }, T0);
    await recordEdit(db, { hash: '8questionnaireX', field: 'a', userId: 8, kind: 'set', value: 1 }, T0);
    await purgeUser(db, 7);
    expect(await rowsOfUser(db, 7)).toEqual([]);
    expect(await mirrorOfDraft(db, H)).toEqual([]);
    expect(await rowsOfUser(db, 8)).toHaveLength(1);
  });

  it('hands out strictly increasing seqs that never fall behind the clock', () => {
    expect(nextSeqValue(0, T0)).toBe(T0 * 1000);
    expect(nextSeqValue(T0 * 1000, T0)).toBe(T0 * 1000 + 1);
    expect(nextSeqValue(T0 * 1000 + 5, T0 - 10_000)).toBe(T0 * 1000 + 6);
    expect(Number.isSafeInteger(nextSeqValue(0, Date.UTC(2100, 0, 1)))).toBe(true);
  });

  it('reads the user id from the SPEC §3 key', () => {
    expect(userIdOfHash('7questionnaireSTART-2026')).toBe(7);
    expect(userIdOfHash('125questionnaire42')).toBe(125);
    expect(userIdOfHash('questionnaire42')).toBeNull();
  });
});

describe('merge on open', () => {
  const row = (field: string, over: Partial<OutboxRow>): OutboxRow => ({
    hash: H,
    field,
    userId: 7,
    kind: 'set',
    value: null,
    opId: field,
    seq: 100,
    state: 'pending',
    attempts: 0,
    error: null,
    createdAt: 0,
    updatedAt: 0,
    ...over,
  });

  it.each([
    ['server only', { a: 1, b: 2 }, {}, [], { a: 1, b: 2 }],
    ['unsent local edit wins', { a: 'server' }, { a: 50 }, [row('a', { value: 'local', seq: 40 })], { a: 'local' }],
    ['unsent local delete wins', { a: 'server', b: 2 }, {}, [row('a', { kind: 'delete' })], { b: 2 }],
    ['rejected local value stays visible', { a: 'server' }, {}, [row('a', { value: 'typed', state: 'rejected' })], { a: 'typed' }],
    ['in-flight value wins', {}, {}, [row('n', { value: 'new', state: 'in-flight' })], { n: 'new' }],
    ['acknowledged but newer than the read', { a: 'old' }, { a: 90 }, [row('a', { value: 'ack', state: 'acknowledged', seq: 100 })], { a: 'ack' }],
    ['acknowledged and older than the server', { a: 'other device' }, { a: 200 }, [row('a', { value: 'ack', state: 'acknowledged', seq: 100 })], { a: 'other device' }],
    ['pending clear hides older server fields', { a: 1, b: 2 }, { a: 50, b: 300 }, [row(CLEAR_FIELD, { kind: 'clear', seq: 100 })], { b: 2 }],
    ['edit after a pending clear', { a: 1 }, { a: 50 }, [row(CLEAR_FIELD, { kind: 'clear', seq: 100 }), row('c', { value: 3, seq: 101 })], { c: 3 }],
    ['an edit older than a pending clear (two stores) is gone', { a: 1 }, {}, [row('b', { value: 'old', seq: 90 }), row(CLEAR_FIELD, { kind: 'clear', seq: 100 })], {}],
  ])('%s', (_name, values, seqs, rows, expected) => {
    expect(mergeDraft({ values, seqs }, rows as OutboxRow[])).toEqual(expected);
  });

  const kept = (field: string, value: unknown, seq: number | null) => ({ hash: H, field, userId: 7, value, seq, updatedAt: 0 });
  it.each([
    ['a read that crossed an acknowledged write keeps the newer mirror value', { a: 'old' }, { a: 50 }, [kept('a', 'sent', 100)], { a: 'sent' }],
    ['a newer server value (another device) wins over the mirror', { a: 'other' }, { a: 200 }, [kept('a', 'sent', 100)], { a: 'other' }],
    ['a mirror value without seq never overrides', { a: 'server' }, { a: 50 }, [kept('a', 'local', null)], { a: 'server' }],
    ['a field the server no longer has is not brought back', {}, {}, [kept('a', 'gone', 100)], {}],
  ])('%s', (_name, values, seqs, mirror, expected) => {
    expect(mergeDraft({ values, seqs }, [], mirror)).toEqual(expected);
  });

  it('writes the merge into the mirror without losing an edit recorded before it', async () => {
    const db = await freshDb();
    await recordEdit(db, { hash: H, field: 'local', userId: 7, kind: 'set', value: 'typed offline' }, T0);
    const merged = await mergeIntoMirror(db, H, 7, { values: { local: 'server', other: 'server' }, seqs: {} }, T0);
    expect(merged).toEqual({ local: 'typed offline', other: 'server' });
    expect(valuesOf(await mirrorOfDraft(db, H))).toEqual(merged);
  });
});

describe('schema versions', () => {
  it('upgrades a version 1 database step by step without losing rows', async () => {
    const name = `upgrade-test-${++counter}`;
    const v1 = await openOfflineDb({ name, version: 1 });
    expect([...v1.objectStoreNames].sort()).toEqual(['meta', 'mirror', 'outbox']);
    const legacy: OutboxRow = {
      hash: H, field: 'f', userId: 7, kind: 'set', value: 'from v1', opId: 'op', seq: 1, state: 'pending', attempts: 0, error: null, createdAt: 0, updatedAt: 0,
    };
    await v1.put('outbox', legacy);
    await v1.put('mirror', { hash: H, field: 'f', userId: 7, value: 'from v1', seq: 1, updatedAt: 0 });
    v1.close();

    const current = await openOfflineDb({ name });
    opened.push(current);
    expect(current.version).toBe(OFFLINE_DB_VERSION);
    expect(OFFLINE_DB_VERSION).toBe(MIGRATIONS.length);
    expect([...current.objectStoreNames].sort()).toEqual(['documents', 'drafts', 'meta', 'mirror', 'outbox', 'uploadBlobs', 'uploads']);
    expect(await rowsOfUser(current, 7)).toEqual([legacy]);
    expect(valuesOf(await mirrorOfDraft(current, H))).toEqual({ f: 'from v1' });
  });
});
