import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './idle';

describe('whenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks the browser for an idle moment with the time-out, and can be called off', () => {
    const requested: { run: () => void; timeout?: number }[] = [];
    const cancelled: number[] = [];
    vi.stubGlobal('window', {
      requestIdleCallback: (run: () => void, options: { timeout?: number }) => requested.push({ run, timeout: options.timeout }),
      cancelIdleCallback: (id: number) => cancelled.push(id),
    });
    const run = vi.fn();
    const handle = whenIdle(run, 700);
    expect(requested).toHaveLength(1);
    expect(requested[0]!.timeout).toBe(700);
    requested[0]!.run();
    expect(run).toHaveBeenCalledOnce();
    handle.cancel();
    expect(cancelled).toEqual([1]);
  });

  it('without requestIdleCallback runs after the fallback timer, unless called off', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    whenIdle(run, 1_000, 200);
    vi.advanceTimersByTime(199);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledOnce();
    const other = vi.fn();
    whenIdle(other, 1_000, 200).cancel();
    vi.advanceTimersByTime(500);
    expect(other).not.toHaveBeenCalled();
  });
});
