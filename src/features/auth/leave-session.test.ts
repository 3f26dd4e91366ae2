import { describe, expect, it, vi } from 'vitest';
import { leaveSession, type UserDrafts } from './leave-session';

function drafts(unsent: boolean, log: string[], flush?: () => Promise<void>): UserDrafts {
  return {
    flush,
    hasUnsentEdits: async (userId) => {
      log.push(`check ${userId}`);
      return unsent;
    },
    purgeUserDrafts: async (userId) => {
      log.push(`purge ${userId}`);
    },
  };
}

describe('leaving a session warns about unsent edits, then purges the drafts (DESIGN.md "Offline drafts")', () => {
  it('nothing unsent: no warning, drafts purged, then the session ends', async () => {
    const log: string[] = [];
    const confirm = vi.fn(async () => true);
    const left = await leaveSession({ userId: 7, drafts: drafts(false, log), confirm, finish: () => void log.push('finish') });
    expect(left).toBe(true);
    expect(confirm).not.toHaveBeenCalled();
    expect(log).toEqual(['check 7', 'purge 7', 'finish']);
  });

  it('unsent edits and "Отмена": the edits and the session stay', async () => {
    const log: string[] = [];
    const left = await leaveSession({ userId: 7, drafts: drafts(true, log), confirm: async () => false, finish: () => void log.push('finish') });
    expect(left).toBe(false);
    expect(log).toEqual(['check 7']);
  });

  it('unsent edits confirmed: purged before the session ends', async () => {
    const log: string[] = [];
    const left = await leaveSession({
      userId: 9,
      drafts: drafts(true, log),
      confirm: async () => {
        log.push('asked');
        return true;
      },
      finish: () => void log.push('finish'),
    });
    expect(left).toBe(true);
    expect(log).toEqual(['check 9', 'asked', 'purge 9', 'finish']);
  });

  it('open forms hand over edits inside their typing pause before anything is checked', async () => {
    const log: string[] = [];
    const withHandOver: UserDrafts = { ...drafts(true, log), handOver: () => void log.push('hand over') };
    await leaveSession({ userId: 3, drafts: withHandOver, confirm: async () => false, finish: () => undefined });
    expect(log).toEqual(['hand over', 'check 3']);
  });

  it('pending edits get a last chance to go out first; a flush that hangs (offline) does not block the warning', async () => {
    const log: string[] = [];
    await leaveSession({
      userId: 1,
      drafts: drafts(false, log, async () => void log.push('flush')),
      confirm: async () => true,
      finish: () => void log.push('finish'),
    });
    expect(log[0]).toBe('flush');
    const hanging = new Promise<void>(() => undefined);
    const started = Date.now();
    await leaveSession({ userId: 1, drafts: drafts(true, [], () => hanging), confirm: async () => false, finish: () => undefined, flushWaitMs: 50 });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
