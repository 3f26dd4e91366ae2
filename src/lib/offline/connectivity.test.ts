import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { Connectivity } from './connectivity';

/** Connectivity is proved by a request, not by navigator.onLine alone (DESIGN.md "Offline drafts"). */
describe('connectivity probe', () => {
  const answer = (outcome: number | Error) => async (): Promise<number> => {
    if (outcome instanceof Error) throw outcome;
    return outcome;
  };
  it.each([
    ['an answer', answer(7), 'online', 7],
    ['a server error (the network is there)', answer(new ApiError(503, {})), 'online', null],
    ['a 401 (the token is gone)', answer(new ApiError(401, {})), 'online', null],
    ['a network failure', answer(new ApiError(0, null)), 'offline', null],
    ['a thrown TypeError', answer(new TypeError('Failed to fetch')), 'offline', null],
  ] as const)('%s → %s', async (_name, whoAmI, state, userId) => {
    const connectivity = new Connectivity({ whoAmI });
    expect(await connectivity.probe()).toBe(state);
    expect(connectivity.userId).toBe(userId);
  });

  it('believes the browser when it says offline, without a request', async () => {
    const whoAmI = vi.fn(async () => 7);
    const connectivity = new Connectivity({ whoAmI, browserOnline: () => false });
    expect(await connectivity.probe()).toBe('offline');
    expect(whoAmI).not.toHaveBeenCalled();
  });

  it('starts "offline" when the browser says so, before any probe (no "online" moment when the offline layer starts)', () => {
    expect(new Connectivity({ whoAmI: answer(7), browserOnline: () => false }).isOnline()).toBe(false);
    expect(new Connectivity({ whoAmI: answer(7), browserOnline: () => true }).get()).toBe('unknown');
  });

  it('keeps "offline" when an answer arrives after the browser went offline', async () => {
    let browser = true;
    const connectivity = new Connectivity({
      browserOnline: () => browser,
      whoAmI: async () => {
        browser = false;
        return 7;
      },
    });
    expect(await connectivity.probe()).toBe('offline');
    connectivity.markOnline();
    expect(connectivity.get()).toBe('offline');
    browser = true;
    connectivity.markOnline();
    expect(connectivity.get()).toBe('online');
  });

  it('does not take "online" from the browser as proof', async () => {
    const connectivity = new Connectivity({ whoAmI: async () => Promise.reject(new ApiError(0, null)), browserOnline: () => true });
    expect(await connectivity.probe()).toBe('offline');
  });

  it('sends no probe without a session and shares one probe between callers', async () => {
    let token = false;
    const whoAmI = vi.fn(async () => 7);
    const connectivity = new Connectivity({ whoAmI, canProbe: () => token });
    connectivity.set('offline');
    expect(await connectivity.probe()).toBe('unknown');
    expect(whoAmI).not.toHaveBeenCalled();
    token = true;
    const [a, b] = await Promise.all([connectivity.probe(), connectivity.probe()]);
    expect([a, b]).toEqual(['online', 'online']);
    expect(whoAmI).toHaveBeenCalledTimes(1);
  });

  it('aborts a probe that takes too long and counts it as offline', async () => {
    const connectivity = new Connectivity({
      timeoutMs: 20,
      whoAmI: (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new ApiError(0, null)))),
    });
    expect(await connectivity.probe()).toBe('offline');
  });

  it('tells listeners about changes only', async () => {
    const connectivity = new Connectivity({ whoAmI: async () => 7 });
    const listener = vi.fn();
    connectivity.subscribe(listener);
    await connectivity.probe();
    await connectivity.probe();
    connectivity.markOffline();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(connectivity.isOnline()).toBe(false);
  });
});

/** The app's flag (TanStack Query's online manager follows it) before the offline layer has started. */
describe('the app’s connectivity before the offline layer starts', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    [false, false],
    [true, true],
  ])('the browser says online: %s → online: %s (its "online" is a hint, its "offline" is believed)', async (onLine, online) => {
    vi.resetModules();
    vi.stubGlobal('navigator', { onLine });
    const module = await import('./connectivity');
    expect(module.isOnline()).toBe(online);
    expect(await module.confirmOnline()).toBe(online);
  });
});
