import { describe, expect, it } from 'vitest';
import type { OutboxRow, UploadRow } from './schema';
import { computeSyncState, FAILING_AFTER_ATTEMPTS, type SyncInput } from './sync-state';

const H = '7questionnaireSTART-2026';
const OTHER = '7questionnaire36';
const STRANGER = '8questionnaireSTART-2026';

function row(field: string, patch: Partial<OutboxRow> = {}): OutboxRow {
  return { hash: H, field, userId: 7, kind: 'set', value: 'x', opId: field, seq: 1, state: 'pending', attempts: 0, error: null, createdAt: 0, updatedAt: 0, ...patch };
}

function kept(name: string, patch: Partial<UploadRow> = {}): UploadRow {
  return {
    id: name, userId: 7, hash: H, pointId: null, attachCode: 'ST_CHARTER', valueIndex: 0, place: { kind: 'slot', key: 'ST_CHARTER|0|0' }, listQueryKey: null,
    name, size: 1, lastModified: 0, type: 'application/pdf', storage: 'idb', state: 'pending', attempts: 0, nextAttemptAt: 0, error: null,
    knownIds: null, uncertain: false, uploaded: null, seq: 1, createdAt: 0, updatedAt: 0, ...patch,
  };
}

const base: SyncInput = { rows: [], typing: new Map(), hash: H, userId: 7, connectivity: 'online', draining: false, paused: null, loaded: true, storageError: null };

describe('the save state is the truth of the durable outbox (DESIGN.md "Offline drafts")', () => {
  it.each<[string, Partial<SyncInput>, { status: string; pending?: number; files?: number; rejectedFiles?: number }]>([
    ['nothing unsent', {}, { status: 'saved', pending: 0 }],
    ['acknowledged rows only', { rows: [row('a', { state: 'acknowledged' })] }, { status: 'saved', pending: 0 }],
    ['a field being typed (not even on the device yet)', { typing: new Map([[H, ['a']]]) }, { status: 'pending', pending: 1 }],
    ['a pending row', { rows: [row('a')] }, { status: 'pending', pending: 1 }],
    ['a row in flight', { rows: [row('a', { state: 'in-flight' })] }, { status: 'pending', pending: 1 }],
    ['a pending row while a tab sends', { rows: [row('a')], draining: true }, { status: 'saving', pending: 1 }],
    ['sending paused until sign-in', { rows: [row('a')], draining: true, paused: 'auth' }, { status: 'pending', pending: 1 }],
    ['offline with unsent edits', { rows: [row('a'), row('b')], connectivity: 'offline' }, { status: 'offline', pending: 2 }],
    ['offline with nothing unsent', { connectivity: 'offline' }, { status: 'saved', pending: 0 }],
    ['the outbox not read yet (a page just opened): not «сохранены»', { loaded: false }, { status: 'saving', pending: 0 }],
    ['the outbox not read yet, offline', { loaded: false, connectivity: 'offline' }, { status: 'offline', pending: 0 }],
    ['the outbox not read yet, an edit typed', { loaded: false, typing: new Map([[H, ['a']]]) }, { status: 'pending', pending: 1 }],
    ['a field typed and its older row: one edit', { rows: [row('a')], typing: new Map([[H, ['a']]]) }, { status: 'pending', pending: 1 }],
    ['a rejected row is not pending (it waits for the person)', { rows: [row('a', { state: 'rejected', error: 'Неверный формат' })] }, { status: 'saved', pending: 0 }],
    ['rows of another draft do not count for this one', { rows: [row('a', { hash: OTHER })], typing: new Map([[OTHER, ['b']]]) }, { status: 'saved', pending: 0 }],
    ['every draft of the user (global count)', { hash: undefined, rows: [row('a'), row('a', { hash: OTHER })], typing: new Map([[OTHER, ['b']]]) }, { status: 'pending', pending: 3 }],
    ['another user on the device is not counted', { hash: undefined, rows: [row('a', { hash: STRANGER, userId: 8 })], typing: new Map([[STRANGER, ['b']]]) }, { status: 'saved', pending: 0 }],
    // DESIGN.md "Attachments offline": a file on the device only is as unsent as an edit.
    ['a file kept on the device', { uploads: [kept('a.pdf')] }, { status: 'pending', pending: 0, files: 1 }],
    ['a file uploading while a tab sends', { uploads: [kept('a.pdf', { state: 'in-flight' })], draining: true }, { status: 'saving', files: 1 }],
    ['a file uploaded, its draft not yet written: still not «сохранены»', { uploads: [kept('a.pdf', { state: 'uploaded' })] }, { status: 'pending', files: 1 }],
    ['a file offline with an edit', { uploads: [kept('a.pdf')], rows: [row('a')], connectivity: 'offline' }, { status: 'offline', pending: 1, files: 1 }],
    ['a refused file is shown at its field, not counted as waiting', { uploads: [kept('a.pdf', { state: 'rejected', error: 'Неверный формат' })] }, { status: 'saved', files: 0, rejectedFiles: 1 }],
    ['a file the person removed is gone', { uploads: [kept('a.pdf', { state: 'cancelled' })] }, { status: 'saved', files: 0 }],
    ['a file of another draft', { uploads: [kept('a.pdf', { hash: OTHER })] }, { status: 'saved', files: 0 }],
    ['files of every draft of the user, not another user\'s', { hash: undefined, uploads: [kept('a.pdf'), kept('b.pdf', { hash: OTHER }), kept('c.pdf', { hash: STRANGER, userId: 8 })] }, { status: 'pending', files: 2 }],
  ])('%s', (_name, patch, expected) => {
    expect(computeSyncState({ ...base, ...patch })).toMatchObject(expected);
  });

  it('lists refused edits with the server message and failing edits after a few refusals', () => {
    const state = computeSyncState({
      ...base,
      rows: [
        row('a', { state: 'rejected', error: 'Слишком длинное значение' }),
        row('b', { state: 'rejected' }),
        row('c', { attempts: FAILING_AFTER_ATTEMPTS - 1 }),
        row('d', { attempts: FAILING_AFTER_ATTEMPTS }),
      ],
    });
    expect(state.rejected).toEqual([
      { hash: H, field: 'a', message: 'Слишком длинное значение' },
      { hash: H, field: 'b', message: 'Сервер отклонил изменение' },
    ]);
    expect(state.failing).toEqual([{ hash: H, field: 'd', attempts: FAILING_AFTER_ATTEMPTS }]);
    expect(state.pending).toBe(2);
  });

  it('passes the device and session facts through', () => {
    expect(computeSyncState({ ...base, connectivity: 'unknown', loaded: false, storageError: 'Недостаточно места', paused: 'auth' })).toMatchObject({
      online: true,
      ready: false,
      storageError: 'Недостаточно места',
      paused: 'auth',
    });
    expect(computeSyncState({ ...base, connectivity: 'offline' }).online).toBe(false);
  });
});
