import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { ApiError } from '@/lib/api/errors';
import { Connectivity, offlineActionError, setSharedConnectivity } from '@/lib/offline/connectivity';
import { forgetPersistedQueries, holdStoredQueryCache, setQueryCacheOwner } from '@/lib/session';
import { DEFAULT_MUTATION_ERROR, JUST_FETCHED_MS, PERSIST_MAX_ITEMS, createQueryClient, justFetched, longestList, mutationErrorToast, ownedPersister, queryErrorToast } from './query-client';

describe('what is kept for offline reading', () => {
  it('measures the longest list of an answer at the top or one level down', () => {
    expect(longestList([1, 2, 3])).toBe(3);
    expect(longestList({ items: [1, 2], _meta: { totalCount: 2 } })).toBe(2);
    expect(longestList({ data: { items: new Array(5_000).fill(0) } })).toBe(5_000);
    expect(longestList({ a: { b: { c: [1, 2, 3] } } })).toBe(0);
    expect(longestList(null)).toBe(0);
    expect(longestList('текст')).toBe(0);
  });

  it('keeps normal pages and leaves out a broken answer of thousands of items', () => {
    expect(longestList({ items: new Array(20).fill({}) })).toBeLessThanOrEqual(PERSIST_MAX_ITEMS);
    expect(longestList({ items: new Array(5_000).fill({}) })).toBeGreaterThan(PERSIST_MAX_ITEMS);
  });
});

describe('the stored cache is written and read for one user only (two tabs, two users)', () => {
  const memoryStorage = () => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    } as Storage;
  };
  const client = (lists: string[]) => ({ timestamp: 1, buster: '1', clientState: { queries: lists.map((list) => ({ queryKey: [list] })), mutations: [] } }) as unknown as PersistedClient;
  const written = (storage: Storage) => JSON.parse(storage.getItem('cabinet-query-cache') ?? 'null') as { owner: number; clientState: { queries: { queryKey: string[] }[] } } | null;

  it('a tab writes while it holds the stored owner’s data, stamped with that owner; after another user signed in elsewhere it writes nothing', () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    setQueryCacheOwner(7, storage);
    const persister = ownedPersister(storage);
    void persister.persistClient(client(['список пользователя 7']));
    vi.advanceTimersByTime(1_000);
    expect(written(storage)).toMatchObject({ owner: 7, clientState: { queries: [{ queryKey: ['список пользователя 7'] }] } });
    // Another tab: user 8 signs in (its adoption forgets the copy and writes its owner).
    storage.removeItem('cabinet-query-cache');
    storage.setItem('cabinet-query-cache-owner', '8');
    void persister.persistClient(client(['список пользователя 7', 'ещё один']));
    vi.advanceTimersByTime(1_000);
    expect(written(storage)).toBeNull();
    // This tab started afresh: it holds what is stored now (user 8's) and writes again, as user 8's.
    holdStoredQueryCache(storage);
    void persister.persistClient(client(['список пользователя 8']));
    vi.advanceTimersByTime(1_000);
    expect(written(storage)).toMatchObject({ owner: 8 });
    vi.useRealTimers();
  });

  it('reads a stored copy only when it is the owner’s whose data the tab holds', () => {
    const storage = memoryStorage();
    setQueryCacheOwner(8, storage);
    storage.setItem('cabinet-query-cache', JSON.stringify({ ...client(['список пользователя 7']), owner: 7 }));
    expect(ownedPersister(storage).restoreClient()).toBeUndefined();
    storage.setItem('cabinet-query-cache', JSON.stringify(client(['копия без владельца'])));
    expect(ownedPersister(storage).restoreClient()).toBeUndefined();
    storage.setItem('cabinet-query-cache', JSON.stringify({ ...client(['список пользователя 8']), owner: 8 }));
    expect(ownedPersister(storage).restoreClient()).toMatchObject({ owner: 8 });
    forgetPersistedQueries(storage); // signed out: nobody's copy is read, nothing is written
    expect(ownedPersister(storage).restoreClient()).toBeUndefined();
  });
});

describe('actions offline (DESIGN.md: refused with a plain message, never a paused promise)', () => {
  let browserOnline = true;
  let serverReachable = true;
  const whoAmI = vi.fn(async () => {
    if (!serverReachable) throw new ApiError(0, null, 'Нет соединения с сервером', 'network');
    return 7;
  });
  beforeEach(() => {
    browserOnline = true;
    serverReachable = true;
    whoAmI.mockClear();
    setSharedConnectivity(new Connectivity({ whoAmI, browserOnline: () => browserOnline }));
  });

  it('refuses an action at once while the browser has no network, and runs it once online', async () => {
    const client = createQueryClient();
    const mutationFn = vi.fn(async () => 'ok');
    browserOnline = false;
    const refused = client.getMutationCache().build(client, { mutationFn });
    await expect(refused.execute(undefined)).rejects.toThrow('Нет соединения — действие недоступно');
    expect(mutationFn).not.toHaveBeenCalled();
    expect(whoAmI).not.toHaveBeenCalled();
    expect(client.getMutationCache().getAll().some((m) => m.state.isPaused)).toBe(false);

    browserOnline = true;
    const accepted = client.getMutationCache().build(client, { mutationFn });
    await expect(accepted.execute(undefined)).resolves.toBe('ok');
  });

  it('asks the server once more before refusing on an old "offline" (a probe cut short by a sleeping device)', async () => {
    const client = createQueryClient();
    const mutationFn = vi.fn(async () => 'ok');
    const connectivity = new Connectivity({ whoAmI, browserOnline: () => browserOnline });
    setSharedConnectivity(connectivity);
    connectivity.markOffline();
    await expect(client.getMutationCache().build(client, { mutationFn }).execute(undefined)).resolves.toBe('ok');
    expect(whoAmI).toHaveBeenCalledTimes(1);
    expect(connectivity.get()).toBe('online');

    serverReachable = false;
    connectivity.markOffline();
    await expect(client.getMutationCache().build(client, { mutationFn }).execute(undefined)).rejects.toThrow('Нет соединения — действие недоступно');
    expect(mutationFn).toHaveBeenCalledTimes(1);
  });
});

describe('errors classified once (the mutation cache turns a failure into its SPEC §8 toast)', () => {
  it('shows the server message, else the mutation’s own text, else the common text', () => {
    const withMessage = new ApiError(422, { message: 'Пользователь заблокирован' });
    const bare = new ApiError(409, null);
    expect(mutationErrorToast(withMessage, { errorText: 'При назначение произошла ошибка' })).toEqual({ title: 'Пользователь заблокирован' });
    expect(mutationErrorToast(bare, { errorText: 'При назначение произошла ошибка' })).toEqual({ title: 'При назначение произошла ошибка' });
    expect(mutationErrorToast(bare, undefined)).toEqual({ title: DEFAULT_MUTATION_ERROR });
  });

  it('adds the field title to a field error and keeps fixed texts fixed', () => {
    const fieldError = new ApiError(422, { errors: [{ field: 'subject', message: 'Слишком длинно' }] });
    expect(mutationErrorToast(fieldError, { fieldTitle: (f) => (f === 'subject' ? 'Тема' : undefined) })).toEqual({ title: 'Слишком длинно в поле Тема' });
    expect(mutationErrorToast(fieldError, { errorToast: () => 'Произошла ошибка при обновлении настроек уведомлений' })).toEqual({
      title: 'Произошла ошибка при обновлении настроек уведомлений',
    });
  });

  it('a failing load is toasted only when its query asks: a fixed text, or the server message over its own', () => {
    const withMessage = new ApiError(500, { message: 'Сервис проектов временно недоступен' });
    const bare = new ApiError(500, null);
    expect(queryErrorToast(withMessage, undefined)).toBeNull();
    expect(queryErrorToast(withMessage, { errorToast: 'Не удалось загрузить РИД' })).toEqual({ title: 'Не удалось загрузить РИД' });
    expect(queryErrorToast(withMessage, { errorText: 'Произошла ошибка при получении данных' })).toEqual({ title: 'Сервис проектов временно недоступен' });
    expect(queryErrorToast(bare, { errorText: 'Произошла ошибка при получении данных' })).toEqual({
      title: 'Произошла ошибка при получении данных. Сервер временно недоступен, попробуйте позже.',
    });
  });

  it('stays silent when the screen shows the failure itself', () => {
    expect(mutationErrorToast(new ApiError(500, null), { errorShownInPlace: true })).toBeNull();
  });

  it('an action refused offline says so (the offline refusal goes through the same handler)', () => {
    expect(mutationErrorToast(offlineActionError(), { errorText: 'Не удалось отправить запрос' })).toEqual({ title: 'Нет соединения — действие недоступно' });
  });
});

describe('a screen mounting right after its loader fetched does not fetch the same data again', () => {
  const now = performance.timeOrigin + 60_000;
  it('data fetched in this page a moment ago counts as just fetched', () => {
    expect(justFetched({ dataUpdatedAt: now - 200, isInvalidated: false }, now)).toBe(true);
  });
  it('older data, data restored from before the page, and invalidated data are fetched on mount', () => {
    const since = now - 1_000; // this navigation started a second ago
    expect(justFetched({ dataUpdatedAt: now - JUST_FETCHED_MS, isInvalidated: false }, now, since)).toBe(false);
    expect(justFetched({ dataUpdatedAt: performance.timeOrigin - 100, isInvalidated: false }, performance.timeOrigin + 100, performance.timeOrigin)).toBe(false);
    expect(justFetched({ dataUpdatedAt: now - 200, isInvalidated: true }, now, since)).toBe(false);
    expect(justFetched({ dataUpdatedAt: 0, isInvalidated: false }, now, since)).toBe(false);
  });
  it('data fetched since the navigation started counts, however long ago (a slow phone mounts the screen late)', () => {
    expect(justFetched({ dataUpdatedAt: now - 10_000, isInvalidated: false }, now, now - 12_000)).toBe(true);
    // The page's first navigation starts with the page: what boot.js fetched before the app's code ran counts.
    expect(justFetched({ dataUpdatedAt: performance.timeOrigin + 50, isInvalidated: false }, performance.timeOrigin + 9_000, performance.timeOrigin)).toBe(true);
    // Not what an earlier visit fetched, nor what was invalidated since.
    expect(justFetched({ dataUpdatedAt: now - 10_000, isInvalidated: false }, now, now - 3_000)).toBe(false);
    expect(justFetched({ dataUpdatedAt: now - 10_000, isInvalidated: true }, now, now - 12_000)).toBe(false);
  });
});
