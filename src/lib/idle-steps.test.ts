import { afterEach, describe, expect, it, vi } from 'vitest';
import { idleSteps } from './idle-steps';

describe('idleSteps', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('one step per idle moment, then the result; called off, no further step runs', () => {
    vi.useFakeTimers();
    const ran: string[] = [];
    function* work() {
      ran.push('a');
      yield;
      ran.push('b');
      yield;
      ran.push('c');
      return 3;
    }
    const done = vi.fn();
    idleSteps(work(), 1_000, done, 100);
    vi.advanceTimersByTime(100);
    expect(ran).toEqual(['a']);
    vi.advanceTimersByTime(100);
    expect(ran).toEqual(['a', 'b']);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(done).toHaveBeenCalledWith(3);

    ran.length = 0;
    const handle = idleSteps(work(), 1_000, done, 100);
    vi.advanceTimersByTime(100);
    handle.cancel();
    vi.advanceTimersByTime(1_000);
    expect(ran).toEqual(['a']);
    expect(done).toHaveBeenCalledOnce();
  });
});
