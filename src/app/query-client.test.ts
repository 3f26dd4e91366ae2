import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { Connectivity, offlineActionError, setSharedConnectivity } from '@/lib/offline/connectivity';
import { DEFAULT_MUTATION_ERROR, PERSIST_MAX_ITEMS, createQueryClient, longestList, mutationErrorToast, queryErrorToast } from './query-client';

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
