import { describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '../limits';
import { ChunkLoadTimeoutError, isChunkLoadError, reloadOnceForChunkError, RELOAD_GUARD_MS, withChunkTimeout } from './chunk-reload';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('chunk errors after a deploy', () => {
  it.each([
    [new TypeError('Failed to fetch dynamically imported module: https://x/assets/tasks-page-abc.js'), true],
    [new TypeError('error loading dynamically imported module'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('Unable to preload CSS for /assets/app.css'), true],
    [new ChunkLoadTimeoutError(120_000), true],
    [new Error('Нет соединения с сервером'), false],
    [new TypeError('Failed to fetch'), false],
    [null, false],
  ])('%s → %s', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });

  it('reloads once, and not again while the first reload is recent', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    let now = 1_000_000;
    const deps = { storage, reload, now: () => now };
    const error = new TypeError('Failed to fetch dynamically imported module');
    expect(reloadOnceForChunkError(error, deps)).toBe(true);
    expect(reloadOnceForChunkError(error, deps)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    now += RELOAD_GUARD_MS + 1;
    expect(reloadOnceForChunkError(error, deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(reloadOnceForChunkError(new Error('другая ошибка'), deps)).toBe(false);
  });
});

describe('chunk load time-out (SPEC §9: 120000 ms)', () => {
  it('uses the SPEC constant', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('fails a chunk that does not arrive in time and passes one that does', async () => {
    vi.useFakeTimers();
    try {
      const hanging = withChunkTimeout(() => new Promise<never>(() => undefined));
      const assertion = expect(hanging).rejects.toBeInstanceOf(ChunkLoadTimeoutError);
      await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
      let settled = false;
      void hanging.catch(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await assertion;
      await expect(withChunkTimeout(() => Promise.resolve('модуль'))).resolves.toBe('модуль');
      const failing = new TypeError('Failed to fetch dynamically imported module');
      await expect(withChunkTimeout(() => Promise.reject(failing))).rejects.toBe(failing);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('offline', () => {
  it('does not reload for a chunk that failed without a connection (the browser would show its offline page)', () => {
    const storage = new Map<string, string>();
    let reloads = 0;
    const deps = {
      storage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) },
      reload: () => void reloads++,
      now: () => 1_000_000,
      online: () => false,
    };
    expect(reloadOnceForChunkError(new Error('Failed to fetch dynamically imported module: /assets/x.js'), deps)).toBe(false);
    expect(reloads).toBe(0);
  });
});
