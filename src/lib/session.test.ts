import { beforeEach, describe, expect, it } from 'vitest';
import {
  backupAdminSession,
  clearSession,
  forgetPersistedQueries,
  forgetPersistedUserRecord,
  getToken,
  hasUsableSession,
  isExpired,
  queryCacheOwner,
  rememberSignOutNotice,
  setQueryCacheOwner,
  takeSignOutNotice,
  isSafeReturnPath,
  needsRenewal,
  normaliseExpiry,
  readSession,
  restoreAdminSession,
  saveReturnRoute,
  saveSession,
  takeReturnRoute,
} from './session';
import { MemoryStorage } from './memory-storage';

let local: MemoryStorage;
let session: MemoryStorage;
beforeEach(() => {
  local = new MemoryStorage();
  session = new MemoryStorage();
});

describe('token storage (SPEC §3: access_token, access_token_expires in local storage)', () => {
  it('stores the token and the expiry under the spec keys', () => {
    saveSession({ token: 'abc', tokenExpireAt: 2_000_000_000, renewToken: 'r1' }, local);
    expect(local.getItem('access_token')).toBe('abc');
    expect(local.getItem('access_token_expires')).toBe(String(2_000_000_000_000));
    expect(readSession(local)).toEqual({ token: 'abc', expiresAt: 2_000_000_000_000, renewToken: 'r1' });
  });

  it('clears everything on sign-out', () => {
    saveSession({ token: 'abc', tokenExpireAt: 2_000_000_000, renewToken: 'r1' }, local);
    clearSession(local);
    expect(readSession(local)).toBeNull();
    expect(local.length).toBe(0);
  });

  it.each<[unknown, number | null]>([
    [1_700_000_000, 1_700_000_000_000],
    [1_700_000_000_000, 1_700_000_000_000],
    ['1700000000', 1_700_000_000_000],
    ['2026-11-21T10:00:00Z', Date.parse('2026-11-21T10:00:00Z')],
    ['not a date', null],
    [null, null],
  ])('normalises expiry %j → %j', (input, expected) => {
    expect(normaliseExpiry(input)).toBe(expected);
  });

  it('an expired token is not handed out', () => {
    saveSession({ token: 'old', tokenExpireAt: 1 }, local);
    expect(isExpired(readSession(local))).toBe(true);
    expect(getToken(local)).toBeNull();
  });

  it('asks for renewal a minute before expiry', () => {
    const now = 1_000_000;
    expect(needsRenewal({ token: 't', expiresAt: now + 30_000, renewToken: 'r' }, now)).toBe(true);
    expect(needsRenewal({ token: 't', expiresAt: now + 120_000, renewToken: 'r' }, now)).toBe(false);
    expect(needsRenewal({ token: 't', expiresAt: null, renewToken: 'r' }, now)).toBe(false);
  });
});

describe('return route (SPEC §4 navigation guard)', () => {
  it('keeps a deep link once', () => {
    saveReturnRoute('/tasks/42?tab=files', session);
    expect(takeReturnRoute(session)).toBe('/tasks/42?tab=files');
    expect(takeReturnRoute(session)).toBeNull();
  });

  it.each([
    ['/tasks', true],
    ['//evil.example/x', false],
    ['https://evil.example/', false],
    ['/\\evil.example', false],
    ['/login', false],
    ['/callback?code=1', false],
    ['/personal-account-v2-auth?token=x', false],
  ])('%s safe: %s', (path, safe) => {
    expect(isSafeReturnPath(path)).toBe(safe);
  });
});

describe('log in as (SPEC §6): the admin session is kept apart', () => {
  it('backs up and restores the admin token', () => {
    saveSession({ token: 'admin-token', tokenExpireAt: 4_000_000_000 }, local);
    backupAdminSession(local);
    saveSession({ token: 'user-token', tokenExpireAt: 4_000_000_000 }, local);
    expect(getToken(local)).toBe('user-token');
    expect(restoreAdminSession(local)).toBe(true);
    expect(getToken(local)).toBe('admin-token');
    expect(restoreAdminSession(local)).toBe(false);
  });
});

describe('expiry handled before calls', () => {
  it('a session is usable while the token lives, or after expiry when a renew token can replace it', () => {
    const now = 1_800_000_000_000;
    saveSession({ token: 't', tokenExpireAt: now + 1000, renewToken: null }, local);
    expect(hasUsableSession(local, now)).toBe(true);
    expect(hasUsableSession(local, now + 1000)).toBe(false);
    saveSession({ token: 't', tokenExpireAt: now + 1000, renewToken: 'r' }, local);
    expect(hasUsableSession(local, now + 1000)).toBe(true);
    clearSession(local);
    expect(hasUsableSession(local, now)).toBe(false);
  });

  it('the login page gets the sign-out notice once', () => {
    rememberSignOutNotice('Сеанс истёк. Войдите снова.', session);
    expect(takeSignOutNotice(session)).toBe('Сеанс истёк. Войдите снова.');
    expect(takeSignOutNotice(session)).toBeNull();
  });
});

describe('the persisted query cache belongs to one user', () => {
  it('keeps its owner beside it and forgets both at once', () => {
    expect(queryCacheOwner(local)).toBeNull();
    local.setItem('cabinet-query-cache', '{"clientState":{}}');
    setQueryCacheOwner(42, local);
    expect(queryCacheOwner(local)).toBe(42);
    forgetPersistedQueries(local);
    expect(queryCacheOwner(local)).toBeNull();
    expect(local.getItem('cabinet-query-cache')).toBeNull();
  });

  it('sign-out of the session keeps the owner (the next user is compared with it)', () => {
    setQueryCacheOwner(7, local);
    saveSession({ token: 'a', tokenExpireAt: 2_000_000_000 }, local);
    clearSession(local);
    expect(queryCacheOwner(local)).toBe(7);
  });
});

describe('a new sign-in forgets the persisted user record', () => {
  it('removes only the queries under "auth" from the persisted copy', () => {
    const persisted = {
      buster: 'v1',
      timestamp: 1,
      clientState: {
        mutations: [],
        queries: [
          { queryKey: ['auth', 'me'], state: { data: { id: 1, fio: 'Прежний пользователь' } } },
          { queryKey: ['tasks', 'list'], state: { data: [] } },
        ],
      },
    };
    local.setItem('cabinet-query-cache', JSON.stringify(persisted));
    forgetPersistedUserRecord(local);
    const after = JSON.parse(local.getItem('cabinet-query-cache')!) as typeof persisted;
    expect(after.clientState.queries.map((q) => q.queryKey[0])).toEqual(['tasks']);
    expect(after.buster).toBe('v1');
  });

  it('a broken copy is removed; no copy is fine', () => {
    local.setItem('cabinet-query-cache', '{broken');
    forgetPersistedUserRecord(local);
    expect(local.getItem('cabinet-query-cache')).toBeNull();
    expect(() => forgetPersistedUserRecord(local)).not.toThrow();
  });
});
