import { describe, expect, it } from 'vitest';
import { TOKEN_LINK_REFUSED_TEXT, confirmTokenLinkSession, noteRefusedSession, readSession, rememberSignOutNotice, saveSession, takeSignOutNotice } from '@/lib/session';
import { consumeTokenLink } from './token-link';
import { MemoryStorage } from '@/lib/memory-storage';

function fakeWindow(href: string) {
  const url = new URL(href, 'https://cabinet.example.ru');
  const replaced: string[] = [];
  return {
    replaced,
    win: {
      location: { pathname: url.pathname, search: url.search } as Location,
      history: { replaceState: (_state: unknown, _title: string, to: string) => replaced.push(to) } as unknown as History,
    },
  };
}

describe('sign-in link (SPEC §2 /personal-account-v2-auth)', () => {
  it('stores the token and its expiry, and replaces the address with "/"', () => {
    const storage = new MemoryStorage();
    const { win, replaced } = fakeWindow('/personal-account-v2-auth?token=abc123&tokenExpireAt=2000000000');
    expect(consumeTokenLink(win, storage, new MemoryStorage())).toBe(true);
    expect(readSession(storage)).toEqual({ token: 'abc123', expiresAt: 2_000_000_000_000, renewToken: null });
    expect(replaced).toEqual(['/']);
  });

  it('drops the renew token of an earlier session: renewing must never bring the earlier user back', () => {
    const storage = new MemoryStorage();
    saveSession({ token: 'earlier-user', tokenExpireAt: 2_000_000_000, renewToken: 'earlier-renew' }, storage);
    const { win } = fakeWindow('/personal-account-v2-auth/?token=new-user');
    expect(consumeTokenLink(win, storage, new MemoryStorage())).toBe(true);
    expect(readSession(storage)).toEqual({ token: 'new-user', expiresAt: null, renewToken: null });
  });

  it('a link without a token still leaves the address and keeps the current session', () => {
    const storage = new MemoryStorage();
    saveSession({ token: 'current', tokenExpireAt: 2_000_000_000, renewToken: 'r' }, storage);
    const { win, replaced } = fakeWindow('/personal-account-v2-auth?token=');
    expect(consumeTokenLink(win, storage, new MemoryStorage())).toBe(false);
    expect(replaced).toEqual(['/']);
    expect(readSession(storage)?.token).toBe('current');
  });

  it('other addresses are left alone', () => {
    const storage = new MemoryStorage();
    const { win, replaced } = fakeWindow('/programs?token=abc');
    expect(consumeTokenLink(win, storage, new MemoryStorage())).toBe(false);
    expect(replaced).toEqual([]);
    expect(readSession(storage)).toBeNull();
  });

  it('a link without a token tells someone not signed in why they are asked to sign in', () => {
    const notes = new MemoryStorage();
    expect(consumeTokenLink(fakeWindow('/personal-account-v2-auth?token=').win, new MemoryStorage(), notes)).toBe(false);
    expect(takeSignOutNotice(notes)).toBe(TOKEN_LINK_REFUSED_TEXT);
  });

  it('a link token that expires or is refused before the server accepted it is explained as a bad link', () => {
    const expired = new MemoryStorage();
    consumeTokenLink(fakeWindow('/personal-account-v2-auth?token=old&tokenExpireAt=1000').win, new MemoryStorage(), expired);
    rememberSignOutNotice('Сеанс истёк. Войдите снова.', expired);
    expect(takeSignOutNotice(expired)).toBe(TOKEN_LINK_REFUSED_TEXT);

    const refused = new MemoryStorage();
    consumeTokenLink(fakeWindow('/personal-account-v2-auth?token=forged').win, new MemoryStorage(), refused);
    noteRefusedSession(refused);
    expect(takeSignOutNotice(refused)).toBe(TOKEN_LINK_REFUSED_TEXT);
  });

  it('once the server accepted the link, later sign-outs say what they always said', () => {
    const notes = new MemoryStorage();
    consumeTokenLink(fakeWindow('/personal-account-v2-auth?token=good').win, new MemoryStorage(), notes);
    confirmTokenLinkSession(notes);
    noteRefusedSession(notes);
    expect(takeSignOutNotice(notes)).toBeNull();
    rememberSignOutNotice('Сеанс истёк. Войдите снова.', notes);
    expect(takeSignOutNotice(notes)).toBe('Сеанс истёк. Войдите снова.');
  });
});
