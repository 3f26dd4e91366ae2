import { describe, expect, it } from 'vitest';
import { CoalescedRun } from './coalesced-run';

describe('CoalescedRun', () => {
  it('runs one pass at a time; requests during a pass make exactly one more', async () => {
    let passes = 0;
    let active = 0;
    let most = 0;
    const job = new CoalescedRun(
      async () => {
        passes++;
        most = Math.max(most, ++active);
        await new Promise((resolve) => setTimeout(resolve, 5));
        active--;
      },
      () => true,
      () => undefined,
    );
    const first = job.request();
    const second = job.request();
    const third = job.request();
    expect(second).toBe(first);
    expect(third).toBe(first);
    await first;
    expect(passes).toBe(2);
    expect(most).toBe(1);
    expect(job.running).toBeNull();
  });

  it('stops before a pass it may not run, and starts afresh after a failure', async () => {
    let allowed = false;
    const errors: unknown[] = [];
    let fail = true;
    let passes = 0;
    const job = new CoalescedRun(
      async () => {
        passes++;
        if (fail) throw new Error('база недоступна');
      },
      () => allowed,
      (error) => errors.push(error),
    );
    await job.request();
    expect(passes).toBe(0);
    allowed = true;
    await job.request();
    expect(errors).toHaveLength(1);
    fail = false;
    await job.request();
    expect(passes).toBe(2);
    expect(errors).toHaveLength(1);
  });
});
