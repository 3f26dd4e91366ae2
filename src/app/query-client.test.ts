import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERSIST_MAX_ITEMS, createQueryClient, longestList } from './query-client';

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
  afterEach(() => onlineManager.setOnline(true));

  it('refuses an action at once while the connection is proved absent, and runs it once online', async () => {
    const client = createQueryClient();
    const mutationFn = vi.fn(async () => 'ok');
    onlineManager.setOnline(false);
    const refused = client.getMutationCache().build(client, { mutationFn });
    await expect(refused.execute(undefined)).rejects.toThrow('Нет соединения — действие недоступно');
    expect(mutationFn).not.toHaveBeenCalled();
    expect(client.getMutationCache().getAll().some((m) => m.state.isPaused)).toBe(false);

    onlineManager.setOnline(true);
    const accepted = client.getMutationCache().build(client, { mutationFn });
    await expect(accepted.execute(undefined)).resolves.toBe('ok');
  });
});
