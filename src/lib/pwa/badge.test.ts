import { describe, expect, it, vi } from 'vitest';
import { setAppBadge, setBadgeCount, supportsAppBadge } from './badge';

describe('app icon badge (Badging API)', () => {
  it('sets the unread count and clears it at zero', async () => {
    const nav = { setAppBadge: vi.fn(async () => undefined), clearAppBadge: vi.fn(async () => undefined) } as unknown as Navigator;
    expect(supportsAppBadge(nav)).toBe(true);
    expect(await setAppBadge(5, nav)).toBe(true);
    expect(await setAppBadge(0, nav)).toBe(true);
    expect((nav as unknown as { setAppBadge: ReturnType<typeof vi.fn> }).setAppBadge).toHaveBeenCalledWith(5);
    expect((nav as unknown as { clearAppBadge: ReturnType<typeof vi.fn> }).clearAppBadge).toHaveBeenCalledTimes(1);
  });

  it('does nothing where unsupported or refused', async () => {
    expect(supportsAppBadge({} as Navigator)).toBe(false);
    expect(await setAppBadge(3, {} as Navigator)).toBe(false);
    const refusing = { setAppBadge: async () => Promise.reject(new Error('NotAllowedError')) } as unknown as Navigator;
    expect(await setAppBadge(3, refusing)).toBe(false);
  });

  it('shows unread notifications plus what waits on the device (edits and files)', async () => {
    const setBadge = vi.fn(async () => undefined);
    const nav = { setAppBadge: setBadge, clearAppBadge: vi.fn(async () => undefined) } as unknown as Navigator;
    await setBadgeCount('notifications', 2, nav);
    await setBadgeCount('outbox', 3, nav);
    expect(setBadge).toHaveBeenLastCalledWith(5);
    expect(await setBadgeCount('outbox', 3, nav)).toBe(false);
    await setBadgeCount('notifications', 0, nav);
    expect(setBadge).toHaveBeenLastCalledWith(3);
    await setBadgeCount('outbox', 0, nav);
    expect((nav as unknown as { clearAppBadge: ReturnType<typeof vi.fn> }).clearAppBadge).toHaveBeenCalledTimes(1);
  });
});
