import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';

describe('the query cache belongs to one user', () => {
  it('another user signing in drops everything but their own record; the same user keeps the cache', async () => {
    const storage = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    });
    const { adoptQueryCache } = await import('./query-cache-owner');
    const client = new QueryClient();
    client.setQueryData(['auth', 'me'], { id: 2 });
    client.setQueryData(['tasks', 'list'], ['задача пользователя 1']);
    storage.set('cabinet-query-cache', 'persisted');
    storage.set('cabinet-query-cache-owner', '1');
    expect(adoptQueryCache(client, 2)).toBe(true);
    expect(client.getQueryData(['tasks', 'list'])).toBeUndefined();
    expect(client.getQueryData(['auth', 'me'])).toEqual({ id: 2 });
    expect(storage.get('cabinet-query-cache')).toBeUndefined();
    expect(storage.get('cabinet-query-cache-owner')).toBe('2');
    client.setQueryData(['tasks', 'list'], ['задача пользователя 2']);
    expect(adoptQueryCache(client, 2)).toBe(false);
    expect(client.getQueryData(['tasks', 'list'])).toEqual(['задача пользователя 2']);

    // Another tab of the device already took the stored cache for user 3 while this one still held user 2's lists:
    // this tab drops its own lists and keeps user 3's stored copy.
    storage.set('cabinet-query-cache', 'копия пользователя 3');
    storage.set('cabinet-query-cache-owner', '3');
    expect(adoptQueryCache(client, 3)).toBe(true);
    expect(client.getQueryData(['tasks', 'list'])).toBeUndefined();
    expect(storage.get('cabinet-query-cache')).toBe('копия пользователя 3');
    expect(storage.get('cabinet-query-cache-owner')).toBe('3');
    vi.unstubAllGlobals();
  });
});
