import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { Connectivity } from './connectivity';
import { FakeFileServer } from './fake-files';
import { FakeStashServer } from './fake-stash';
import { OfflineDraftStore, type ChannelLike } from './offline-draft-store';
import { localLocks, type LockLike } from './replayer';
import { openOfflineDb, type UploadPlace } from './schema';
import { DeviceFullError } from './uploads';

/** Kept files end to end in Node (DESIGN.md "Attachments offline"): fake IndexedDB, fake stash and upload calls. */
let counter = 0;
const stores: OfflineDraftStore[] = [];
afterEach(() => stores.splice(0).forEach((s) => s.dispose()));

const H = '7questionnaireSTART-2026';
const P = '7questionnaire30';
const settle = (ms = 20) => new Promise((r) => setTimeout(r, ms));

interface Setup {
  stash: FakeStashServer;
  files: FakeFileServer;
  store: OfflineDraftStore;
  clock: { now: number };
  room: { quota: number; usage: number } | undefined;
  token: { ok: boolean };
}

function makeStore(stash: FakeStashServer, files: FakeFileServer, options: { dbName: string; locks: LockLike; channel?: string }, room?: Setup['room'], token = { ok: true }) {
  const clock = { now: 1_750_000_000_000 };
  const transport = stash.transport();
  const store = new OfflineDraftStore({
    transport,
    files: files.transport(),
    openDb: () => openOfflineDb({ name: options.dbName }),
    locks: options.locks,
    hasToken: () => token.ok,
    connectivity: new Connectivity({ whoAmI: (signal) => transport.whoAmI(signal), now: () => clock.now }),
    channel: options.channel ? () => new BroadcastChannel(options.channel!) as unknown as ChannelLike : undefined,
    estimateStorage: async () => room,
    now: () => clock.now,
    random: () => 0,
  });
  stores.push(store);
  return { store, clock };
}

function setup(room?: Setup['room']): Setup {
  const stash = new FakeStashServer();
  const files = new FakeFileServer();
  const token = { ok: true };
  const { store, clock } = makeStore(stash, files, { dbName: `files-test-${++counter}`, locks: localLocks() }, room, token);
  return { stash, files, store, clock, room, token };
}

function offline(s: Setup, off: boolean) {
  s.stash.offline = off;
  s.files.offline = off;
}

const pdf = (name: string, size = 3 * 1024, lastModified = 1_700_000_000_000) => new File([new Uint8Array(size).fill(37)], name, { type: 'application/pdf', lastModified });

const slot = (key: string, replaces?: { key: string; fileId: number }): UploadPlace => ({ kind: 'slot', key, replaces: replaces ?? null });

async function drain(store: OfflineDraftStore) {
  await store.flush();
  await store.replayer.idle();
  await store.refresh();
}

describe('kept files (DESIGN.md "Attachments offline")', () => {
  it('a file chosen offline is kept, counted, uploaded once when back, and its field gets it in the draft', async () => {
    const s = setup();
    offline(s, true);
    await s.store.connectivity.probe();
    await s.store.keepFile({ hash: H, pointId: null, attachCode: 'ST_CHARTER', valueIndex: 0, place: slot('ST_CHARTER|0|0'), file: pdf('Устав.pdf') });
    await drain(s.store);
    expect(s.store.getState(H)).toMatchObject({ status: 'offline', pending: 0, files: 1 });
    expect(s.store.getState()).toMatchObject({ files: 1 });
    expect(s.store.keptFiles(H, 'ST_CHARTER')).toHaveLength(1);
    // Proved offline: nothing is even tried.
    expect(s.files.log).toEqual([]);
    expect(await s.store.unsentFileNames(7)).toEqual(['Устав.pdf']);
    expect(await s.store.hasUnsentEdits(7)).toBe(true);

    offline(s, false);
    await s.store.wake('online');
    await drain(s.store);
    expect(s.files.files.map((f) => f.fileName)).toEqual(['Устав.pdf']);
    expect(s.files.files[0]!.size).toBe(3 * 1024);
    expect(s.stash.values(H)).toEqual({ 'ST_CHARTER|0|0': { id: s.files.files[0]!.id, fileName: 'Устав.pdf', isApproved: false, managerComment: null } });
    expect(s.store.keptFiles(H, 'ST_CHARTER')).toEqual([]);
    expect(s.store.getState(H)).toMatchObject({ status: 'saved', pending: 0, files: 0 });
    expect(await (await s.store.db()).getAll('uploadBlobs')).toEqual([]);
  });

  it('the same file picked twice for the same place is kept once', async () => {
    const s = setup();
    offline(s, true);
    const file = pdf('Устав.pdf');
    const input = { hash: H, pointId: null, attachCode: 'ST_CHARTER', valueIndex: 0, place: slot('ST_CHARTER|0|0') };
    const first = await s.store.keepFile({ ...input, file });
    const second = await s.store.keepFile({ ...input, file });
    expect(second.id).toBe(first.id);
    await s.store.refresh();
    expect(s.store.getState(H).files).toBe(1);
  });

  it('a connection lost mid-upload: the kept copy is sent again by itself, and the server gets it once', async () => {
    const s = setup();
    s.files.failures = ['network-before'];
    await s.store.keepFile({ hash: P, pointId: 30, attachCode: 'ATT_REPORT', valueIndex: 0, place: { kind: 'server' }, file: pdf('cut2.pdf') });
    await drain(s.store);
    expect(s.store.getState(P).files).toBe(1);
    await s.store.wake('online');
    await drain(s.store);
    expect(s.files.log.map((l) => l.outcome)).toEqual(['network-before', 'ok']);
    expect(s.files.listed(30).map((f) => f.fileName)).toEqual(['cut2.pdf']);
    expect(s.store.getState(P).files).toBe(0);
  });

  it('the lost answer (stored, then the connection died): the list is read before sending again, one attachment', async () => {
    const s = setup();
    s.files.failures = ['drop-after'];
    // Another file of the same attachment is on the server already: it must not be taken for ours.
    s.files.files.push({ id: 7, fileName: 'cut2.pdf', originalFileName: 'cut2.pdf', attachCode: 'ATT_REPORT', valueIndex: 0, pointId: 30, size: 1 });
    await s.store.keepFile({ hash: P, pointId: 30, attachCode: 'ATT_REPORT', valueIndex: 1, place: { kind: 'server' }, file: pdf('cut2.pdf') });
    await drain(s.store);
    await s.store.wake('online');
    await drain(s.store);
    expect(s.files.log.map((l) => l.outcome)).toEqual(['drop-after']);
    expect(s.files.listed(30).filter((f) => f.id !== 7)).toHaveLength(1);
    expect(s.store.getState(P).files).toBe(0);
  });

  it('the lost answer without the browser saying the body went: still checked before a resend', async () => {
    const s = setup();
    s.files.failures = ['drop-unreported'];
    await s.store.keepFile({ hash: P, pointId: 30, attachCode: 'ATT_REPORT', valueIndex: 0, place: { kind: 'server' }, file: pdf('quiet.pdf') });
    await drain(s.store);
    await s.store.wake('online');
    await drain(s.store);
    expect(s.files.log.map((l) => l.outcome)).toEqual(['drop-unreported']);
    expect(s.files.listed(30)).toHaveLength(1);
  });

  it('a request the browser sent twice leaves one attachment: the other copy is deleted', async () => {
    const s = setup();
    s.files.failures = ['stored-twice'];
    await s.store.keepFile({ hash: P, pointId: 30, attachCode: 'ATT_REPORT', valueIndex: 0, place: { kind: 'server' }, file: pdf('twice.pdf') });
    await drain(s.store);
    expect(s.files.listed(30)).toHaveLength(1);
    expect(s.files.removed).toHaveLength(1);
    expect(s.store.getState(P).files).toBe(0);
  });

  it('a tab closed mid-upload leaves its file in flight: the next drain checks the list first', async () => {
    const s = setup();
    s.files.failures = ['hang-after'];
    await s.store.keepFile({ hash: P, pointId: 30, attachCode: 'ATT_REPORT', valueIndex: 0, place: { kind: 'server' }, file: pdf('report.pdf') });
    await settle(80);
    // The server has the whole file; the tab goes away before its answer.
    expect(s.files.listed(30)).toHaveLength(1);
    s.store.dispose();
    await settle(50);
    const next = makeStore(s.stash, s.files, { dbName: `files-test-${counter}`, locks: localLocks() });
    await next.store.start();
    await drain(next.store);
    expect(s.files.log.map((l) => l.outcome)).toEqual(['hang-after']);
    expect(s.files.listed(30)).toHaveLength(1);
    expect(next.store.getState(P).files).toBe(0);
  });

  it('401 pauses the files with the edits until sign-in; nothing is lost', async () => {
    const s = setup();
    s.files.failures = [{ status: 401 }];
    await s.store.keepFile({ hash: H, pointId: null, attachCode: 'ST_CHARTER', valueIndex: 0, place: slot('ST_CHARTER|0|0'), file: pdf('Устав.pdf') });
    await drain(s.store);
    expect(s.store.replayer.paused).toBe('auth');
    expect(s.store.getState(H).files).toBe(1);
    await s.store.wake('sign-in');
    await drain(s.store);
    expect(s.files.files).toHaveLength(1);
    expect(s.store.getState(H).files).toBe(0);
  });

  it('a 4xx refusal is shown with its message and blocks nothing; «Повторить» sends it again', async () => {
    const s = setup();
    s.files.failures = [{ status: 422, message: 'Неверный формат файла' }];
    await s.store.keepFile({ hash: H, pointId: null, attachCode: 'ST_CHARTER', valueIndex: 0, place: slot('ST_CHARTER|0|0'), file: pdf('bad.pdf') });
    await s.store.keepFile({ hash: H, pointId: null, attachCode: 'ST_TEAM_CV', valueIndex: 0, place: slot('ST_TEAM_CV|0|0'), file: pdf('cv.pdf') });
    await drain(s.store);
    const [refused] = s.store.keptFiles(H, 'ST_CHARTER');
    expect(refused).toMatchObject({ state: 'rejected', error: 'Неверный формат файла' });
    expect(s.files.files.map((f) => f.fileName)).toEqual(['cv.pdf']);
    expect(s.store.getState(H)).toMatchObject({ files: 0, rejectedFiles: 1, status: 'saved' });
    await s.store.retryFile(refused!.id);
    await drain(s.store);
    expect(s.files.files.map((f) => f.fileName)).toEqual(['cv.pdf', 'bad.pdf']);
    expect(s.store.keptFiles(H, 'ST_CHARTER')).toEqual([]);
  });

  it('5xx: the file backs off on its own while other files go', async () => {
    const s = setup();
    s.files.failures = [{ status: 500 }];
    await s.store.keepFile({ hash: H, pointId: null, attachCode: 'A', valueIndex: 0, place: slot('A|0|0'), file: pdf('a.pdf') });
    await s.store.keepFile({ hash: H, pointId: null, attachCode: 'B', valueIndex: 0, place: slot('B|0|0'), file: pdf('b.pdf') });
    // Drained as the edits trigger it (a flush would force every row once).
    await s.store.replayer.idle();
    await s.store.refresh();
    expect(s.files.files.map((f) => f.fileName)).toEqual(['b.pdf']);
    const [waiting] = s.store.keptFiles(H, 'A');
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1 });
    expect(waiting!.nextAttemptAt).toBeGreaterThan(s.clock.now);
    s.clock.now = waiting!.nextAttemptAt;
    await s.store.replayer.trigger('tick');
    await s.store.replayer.idle();
    expect(s.files.files.map((f) => f.fileName)).toEqual(['b.pdf', 'a.pdf']);
  });

  it('«Отменить» during an upload stops it, and nothing stays on the server or the device', async () => {
    const s = setup();
    s.files.uploadMs = 400;
    const row = await s.store.keepFile({ hash: P, pointId: 30, attachCode: 'ATT_REPORT', valueIndex: 0, place: { kind: 'server' }, file: pdf('big.pdf') });
    await settle(150);
    expect(s.store.uploadProgress(row.id)?.phase).toBe('sending');
    await s.store.cancelFile(row.id);
    await s.store.replayer.idle();
    await s.store.refresh();
    expect(s.files.log.map((l) => l.outcome)).toEqual(['aborted']);
    expect(s.files.listed(30)).toEqual([]);
    expect(s.store.keptFiles(P, 'ATT_REPORT')).toEqual([]);
    expect(await (await s.store.db()).getAll('uploads')).toEqual([]);
    expect(s.store.getState(P).files).toBe(0);
  });

  it('reports progress while sending, then checking', async () => {
    const s = setup();
    s.files.uploadMs = 200;
    const seen: string[] = [];
    const stop = s.store.subscribeUploadProgress(() => {
      const p = s.store.uploadProgress(row.id);
      if (p) seen.push(`${p.phase} ${p.loaded}`);
    });
    const row = await s.store.keepFile({ hash: P, pointId: 30, attachCode: 'ATT_REPORT', valueIndex: 0, place: { kind: 'server' }, file: pdf('p.pdf', 4000) });
    await drain(s.store);
    stop();
    expect(seen).toEqual(expect.arrayContaining(['sending 1000', 'sending 2000', 'sending 4000', 'checking 4000']));
    expect(s.store.uploadProgress(row.id)).toBeNull();
  });

  it('«Заменить файл»: the new file goes in, then the old one leaves the draft and the server', async () => {
    const s = setup();
    s.files.files.push({ id: 5, fileName: 'old.pdf', attachCode: 'ST_CHARTER', valueIndex: 0, pointId: null, size: 1 });
    s.store.set(H, 'ST_CHARTER|0|0', { id: 5, fileName: 'old.pdf' });
    await drain(s.store);
    await s.store.keepFile({ hash: H, pointId: null, attachCode: 'ST_CHARTER', valueIndex: 1, place: slot('ST_CHARTER|0|1', { key: 'ST_CHARTER|0|0', fileId: 5 }), file: pdf('new.pdf') });
    await drain(s.store);
    await settle();
    const fresh = s.files.files.find((f) => f.fileName === 'new.pdf')!;
    expect(s.stash.values(H)).toEqual({ 'ST_CHARTER|0|0': null, 'ST_CHARTER|0|1': { id: fresh.id, fileName: 'new.pdf', isApproved: false, managerComment: null } });
    expect(s.files.removed).toEqual([5]);
  });

  it('a new application\'s attachment joins the list its draft holds', async () => {
    const s = setup();
    s.store.set(H, '@attach:ATT_ST_LETTER', [{ id: 3, fileName: 'first.pdf' }]);
    await drain(s.store);
    await s.store.keepFile({ hash: H, pointId: null, attachCode: 'ATT_ST_LETTER', valueIndex: 1, place: { kind: 'list', key: '@attach:ATT_ST_LETTER' }, file: pdf('second.pdf') });
    await drain(s.store);
    const list = s.stash.values(H)['@attach:ATT_ST_LETTER'] as { fileName: string }[];
    expect(list.map((f) => f.fileName)).toEqual(['first.pdf', 'second.pdf']);
  });

  it('edits typed while a slow file uploads go at once, not after it', async () => {
    const s = setup();
    s.files.uploadMs = 600;
    await s.store.keepFile({ hash: P, pointId: 30, attachCode: 'ATT_REPORT', valueIndex: 0, place: { kind: 'server' }, file: pdf('slow.pdf') });
    await settle(100);
    s.store.set(H, 'name', 'Проект');
    await settle(150);
    expect(s.stash.values(H)).toEqual({ name: 'Проект' });
    expect(s.files.files).toHaveLength(0);
    await s.store.replayer.idle();
    expect(s.files.files).toHaveLength(1);
  });

  it('a device without room keeps nothing and says so', async () => {
    const s = setup({ quota: 10 * 1024 * 1024, usage: 9.5 * 1024 * 1024 });
    await expect(s.store.keepFile({ hash: H, pointId: null, attachCode: 'ST_CHARTER', valueIndex: 0, place: slot('ST_CHARTER|0|0'), file: pdf('big.pdf', 1024 * 1024) })).rejects.toThrow(
      new DeviceFullError('big.pdf'),
    );
    expect(new DeviceFullError('big.pdf').message).toBe('Недостаточно места на устройстве: файл «big.pdf» не сохранён');
    expect(await (await s.store.db()).getAll('uploads')).toEqual([]);
    expect(await (await s.store.db()).getAll('uploadBlobs')).toEqual([]);
  });

  it('sign-out purges the user\'s kept files; another user\'s stay', async () => {
    const s = setup();
    offline(s, true);
    await s.store.keepFile({ hash: H, pointId: null, attachCode: 'ST_CHARTER', valueIndex: 0, place: slot('ST_CHARTER|0|0'), file: pdf('mine.pdf') });
    await s.store.keepFile({ hash: '8questionnaireSTART-2026', pointId: null, attachCode: 'ST_CHARTER', valueIndex: 0, place: slot('ST_CHARTER|0|0'), file: pdf('theirs.pdf') });
    await s.store.purgeUserDrafts(7);
    const left = await (await s.store.db()).getAll('uploads');
    expect(left.map((r) => r.name)).toEqual(['theirs.pdf']);
    expect(await (await s.store.db()).getAll('uploadBlobs')).toHaveLength(1);
  });

  it('a second tab sees the same waiting file and its progress', async () => {
    const stash = new FakeStashServer();
    const files = new FakeFileServer();
    files.uploadMs = 400;
    const dbName = `files-test-${++counter}`;
    const locks = localLocks();
    const channel = `files-tabs-${counter}`;
    const a = makeStore(stash, files, { dbName, locks, channel });
    const b = makeStore(stash, files, { dbName, locks, channel });
    const row = await a.store.keepFile({ hash: P, pointId: 30, attachCode: 'ATT_REPORT', valueIndex: 0, place: { kind: 'server' }, file: pdf('shared.pdf') });
    await settle(80);
    await b.store.refresh();
    expect(b.store.keptFiles(P, 'ATT_REPORT').map((r) => r.id)).toEqual([row.id]);
    await settle(150);
    expect(b.store.uploadProgress(row.id)?.phase).toBe('sending');
    const done: string[] = [];
    b.store.onUploadDone(P, (d) => done.push(d.file.fileName));
    await a.store.replayer.idle();
    await settle(50);
    expect(done).toEqual(['shared.pdf']);
    await b.store.refresh();
    expect(b.store.keptFiles(P, 'ATT_REPORT')).toEqual([]);
  });
});
