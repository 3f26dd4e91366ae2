import { describe, expect, it } from 'vitest';
import { canLogInAs, tokenValidity } from './token-validity';

// 21.11.2025 12:00 Moscow = 09:00 UTC.
const now = Date.UTC(2025, 10, 21, 9, 0, 0);
const seconds = (ms: number) => Math.floor(ms / 1000);

describe('tokenValidity (SPEC §2 token validity column, §6 log in as)', () => {
  it.each<[string, number | null | undefined, string, string, boolean]>([
    ['no token', null, 'none', 'Нет токена', false],
    ['undefined', undefined, 'none', 'Нет токена', false],
    ['valid for 8 hours', seconds(now + 8 * 3600_000), 'valid', 'Действует до 21.11.2025 20:00', true],
    ['expired yesterday', seconds(now - 24 * 3600_000), 'expired', 'Истёк 20.11.2025 12:00', false],
    ['expires exactly now', seconds(now), 'expired', 'Истёк 21.11.2025 12:00', false],
    ['milliseconds are accepted', now + 60_000, 'valid', 'Действует до 21.11.2025 12:01', true],
  ])('%s', (_name, expireAt, state, label, loginAs) => {
    expect(tokenValidity(expireAt, now)).toEqual({ state, label });
    expect(canLogInAs(expireAt, now)).toBe(loginAs);
  });
});
