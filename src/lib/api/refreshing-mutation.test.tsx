// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, type UseMutationResult } from '@tanstack/react-query';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { useRefreshingMutation, type ActionOptions, type RefreshingAction } from './refreshing-mutation';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Mounts the hook once and hands back its mutation and the client's invalidations. */
async function mount(action: RefreshingAction<string, number>, options: ActionOptions<string, number> = {}) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  let mutation: UseMutationResult<string, Error, number> | undefined;
  function Probe() {
    mutation = useRefreshingMutation(action, options);
    return null;
  }
  const root = createRoot(document.createElement('div'));
  await act(async () => root.render(createElement(QueryClientProvider, { client }, createElement(Probe))));
  const run = async (input: number) => {
    await act(async () => {
      await mutation!.mutateAsync(input).catch(() => undefined);
    });
  };
  return { client, invalidate, run, unmount: () => act(() => root.unmount()) };
}

describe('useRefreshingMutation', () => {
  it('after success: refreshes the key, then runs the screen’s own callbacks', async () => {
    const calls: string[] = [];
    const { client, invalidate, run, unmount } = await mount(
      { request: async (n) => `ok ${n}`, errorText: 'Ошибка', refresh: ['things'], after: 'success' },
      { onSuccess: (answer, input) => void calls.push(`success ${answer} ${input}`), onSettled: () => void calls.push('settled') },
    );
    await run(7);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['things'] });
    expect(calls).toEqual(['success ok 7 7', 'settled']);
    expect(client.getMutationCache().getAll()[0]?.meta).toEqual({ errorText: 'Ошибка' });
    await unmount();
  });

  it('after success: a failure refreshes nothing', async () => {
    const { invalidate, run, unmount } = await mount({ request: () => Promise.reject(new Error('нет')), errorText: 'Ошибка', refresh: ['things'], after: 'success' });
    await run(1);
    expect(invalidate).not.toHaveBeenCalled();
    await unmount();
  });

  it('after settled: a failure refreshes too, and the screen’s meta wins over the default text', async () => {
    const onSettled = vi.fn();
    const { client, invalidate, run, unmount } = await mount(
      { request: () => Promise.reject(new Error('нет')), errorText: 'Ошибка', refresh: ['things'], after: 'settled' },
      { onSettled, meta: { errorText: 'Своя ошибка', errorShownInPlace: true } },
    );
    await run(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['things'] });
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(client.getMutationCache().getAll()[0]?.meta).toEqual({ errorText: 'Своя ошибка', errorShownInPlace: true });
    await unmount();
  });
});
