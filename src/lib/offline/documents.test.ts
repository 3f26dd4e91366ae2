import { describe, expect, it, vi } from 'vitest';

const rows = new Map<string, { data: unknown }>();
const listeners = new Set<() => void>();
let userId: number | null = null;
const fakeStore = {
  currentUserId: () => userId,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  db: async () => ({
    put: async (_store: string, row: { key: string; data: unknown }) => void rows.set(row.key, row),
    get: async (_store: string, key: string) => rows.get(key),
  }),
};
vi.mock('./draft-store', () => ({ getOfflineDraftStore: () => fakeStore }));
const { keepDocument, readDocument } = await import('./documents');

describe('a copy of a screen is kept for the signed-in user', () => {
  it('waits for the offline layer to learn the user instead of dropping the first screen of a fresh device', async () => {
    vi.useFakeTimers();
    const keeping = keepDocument(['point', 26], { v: 1 });
    await vi.advanceTimersByTimeAsync(3000);
    expect(rows.size).toBe(0);
    userId = 7; // the connectivity probe answered
    for (const listener of [...listeners]) listener();
    await keeping;
    vi.useRealTimers();
    expect(await readDocument(['point', 26])).toMatchObject({ data: { v: 1 } });
    expect(listeners.size).toBe(0);
  });

  it('gives up after a bounded wait when nobody is signed in', async () => {
    userId = null;
    rows.clear();
    vi.useFakeTimers();
    const keeping = keepDocument(['point', 27], { v: 1 });
    await vi.advanceTimersByTimeAsync(10_000);
    await keeping;
    vi.useRealTimers();
    expect(rows.size).toBe(0);
    expect(listeners.size).toBe(0);
  });
});
