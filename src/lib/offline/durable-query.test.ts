import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';

const kept = new Map<string, unknown>();
vi.mock('./documents', () => ({
  keepDocument: async (key: readonly unknown[], data: unknown) => void kept.set(JSON.stringify(key), data),
  readDocument: async (key: readonly unknown[]) => (kept.has(JSON.stringify(key)) ? { data: kept.get(JSON.stringify(key)), savedAt: 1 } : null),
}));
const { withKeptCopy, isConnectionFailure } = await import('./durable-query');

const settle = () => new Promise((r) => setTimeout(r, 0));
const offline = () => Promise.reject(new ApiError(0, null, 'Нет соединения с сервером'));

describe('a kept copy stands in only for a missing connection (DESIGN.md "Offline drafts")', () => {
  beforeEach(() => kept.clear());

  it('keeps every good answer and serves the latest one when the connection is gone', async () => {
    expect(await withKeptCopy(['point', 26], async () => ({ v: 1 }))).toEqual({ v: 1 });
    expect(await withKeptCopy(['point', 26], async () => ({ v: 2 }))).toEqual({ v: 2 });
    await settle();
    expect(await withKeptCopy(['point', 26], offline)).toEqual({ v: 2 });
    await expect(withKeptCopy(['point', 27], offline)).rejects.toThrow('Нет соединения');
  });

  it('never hides what the server answered behind the copy', async () => {
    await withKeptCopy(['point', 8], async () => ({ v: 1 }));
    await settle();
    for (const status of [403, 404, 500, 422]) {
      await expect(withKeptCopy(['point', 8], () => Promise.reject(new ApiError(status, null)))).rejects.toBeInstanceOf(ApiError);
    }
  });

  it.each([
    [new ApiError(0, null), true],
    [new ApiError(504, null, undefined, 'timeout'), true],
    [new TypeError('Failed to fetch'), true],
    [new ApiError(500, null), false],
    [new ApiError(401, null), false],
    [new Error('boom'), false],
  ])('%s is a connection failure: %s', (error, expected) => {
    expect(isConnectionFailure(error)).toBe(expected);
  });
});
