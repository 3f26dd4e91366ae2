import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authMiddleware, setTransportHooks, SIGNED_OUT_TEXT } from './transport';
import { readSession, saveSession, takeSignOutNotice } from '../session';
import { MemoryStorage } from '../memory-storage';

const NOW = 1_800_000_000_000;
const MAIN = 'https://api.example.ru';
let fetchMock: ReturnType<typeof vi.fn>;
let unauthorized: number;

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  unauthorized = 0;
  setTransportHooks({ onUnauthorized: () => unauthorized++ });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function run(middleware: ReturnType<typeof authMiddleware>, url = `${MAIN}/v1/users/info`) {
  const request = new Request(url);
  const result = await middleware.onRequest!({ request, schemaPath: '', params: {}, options: {} as never, id: '1' });
  return result ?? request;
}

describe('bearer token and expiry before calls (SPEC §7, §8)', () => {
  it('a live token is attached', async () => {
    saveSession({ token: 'live', tokenExpireAt: NOW + 3_600_000 });
    const result = await run(authMiddleware({ mainBaseUrl: MAIN, signOutOn401: true }));
    expect(result).toBeInstanceOf(Request);
    expect((result as Request).headers.get('Authorization')).toBe('Bearer live');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a token about to expire is renewed first, and the call leaves with the new one', async () => {
    saveSession({ token: 'old', tokenExpireAt: NOW + 30_000, renewToken: 'renew-1' });
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ result: { token: 'new', tokenExpireAt: (NOW + 8 * 3_600_000) / 1000, renew_token: 'renew-2' } }), { status: 200 }),
    );
    const result = await run(authMiddleware({ mainBaseUrl: MAIN, signOutOn401: true }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`${MAIN}/v1/users/renewtoken`);
    expect((result as Request).headers.get('Authorization')).toBe('Bearer new');
    expect(readSession()).toMatchObject({ token: 'new', renewToken: 'renew-2' });
  });

  it('concurrent calls share one renewal', async () => {
    saveSession({ token: 'old', tokenExpireAt: NOW - 1, renewToken: 'renew-1' });
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ result: { token: 'new', tokenExpireAt: (NOW + 8 * 3_600_000) / 1000 } }), { status: 200 }),
    );
    const middleware = authMiddleware({ mainBaseUrl: MAIN, signOutOn401: true });
    const results = await Promise.all([run(middleware), run(middleware), run(middleware)]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    for (const result of results) expect((result as Request).headers.get('Authorization')).toBe('Bearer new');
  });

  it('an expired token that cannot be renewed is never sent: signed out with a message, the call answers 401', async () => {
    saveSession({ token: 'expired', tokenExpireAt: NOW - 1, renewToken: null });
    const result = await run(authMiddleware({ mainBaseUrl: MAIN, signOutOn401: true }));
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(401);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(readSession()).toBeNull();
    expect(unauthorized).toBe(1);
    expect(takeSignOutNotice()).toBe('Сеанс истёк. Войдите снова.');
  });

  it('with nobody signed in a call is never sent (it could only earn a 401): it answers 401 here; sign-in calls still go', async () => {
    const main = await run(authMiddleware({ mainBaseUrl: MAIN, signOutOn401: true }));
    expect((main as Response).status).toBe(401);
    expect(await (main as Response).json()).toMatchObject({ message: SIGNED_OUT_TEXT });
    expect(unauthorized).toBe(1);
    const side = await run(authMiddleware({ mainBaseUrl: MAIN, signOutOn401: false }), 'https://messages.example.ru/v1/messages');
    expect((side as Response).status).toBe(401);
    expect(unauthorized, 'the messaging host never signs out').toBe(1);
    const signIn = await run(authMiddleware({ mainBaseUrl: MAIN, signOutOn401: true }), `${MAIN}/v1/users/setcode?code=abc`);
    expect(signIn).toBeInstanceOf(Request);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a refused renewal ends the session the same way, without sending the call', async () => {
    saveSession({ token: 'expired', tokenExpireAt: NOW - 1, renewToken: 'stale' });
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ message: 'Токен обновления недействителен' }), { status: 401 }));
    const result = await run(authMiddleware({ mainBaseUrl: MAIN, signOutOn401: true }));
    expect((result as Response).status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(readSession()).toBeNull();
    expect(unauthorized).toBe(1);
  });

  it('tabs sharing the lock: a renewal refused because another tab just used the renew token takes that tab\'s new session', async () => {
    vi.stubGlobal('navigator', { locks: { request: (_name: string, callback: () => Promise<unknown>) => callback() } });
    saveSession({ token: 'expired', tokenExpireAt: NOW - 1, renewToken: 'used-by-the-other-tab' });
    fetchMock.mockImplementation(async () => {
      // The other tab's new session reaches this tab's storage a moment after the refusal.
      setTimeout(() => saveSession({ token: 'from-the-other-tab', tokenExpireAt: NOW + 3_600_000, renewToken: 'next' }), 250);
      return new Response(JSON.stringify({ message: 'Токен обновления недействителен' }), { status: 401 });
    });
    const result = await run(authMiddleware({ mainBaseUrl: MAIN, signOutOn401: true }));
    expect((result as Request).headers.get('Authorization')).toBe('Bearer from-the-other-tab');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(unauthorized).toBe(0);
  });

  it('tabs sharing the lock: the renewing tab keeps the lock a moment after saving, so a waiting tab sees the new session', async () => {
    const order: string[] = [];
    vi.stubGlobal('navigator', {
      locks: {
        request: async (_name: string, callback: () => Promise<unknown>) => {
          const result = await callback();
          order.push(`released with ${readSession()?.token}`);
          return result;
        },
      },
    });
    saveSession({ token: 'expired', tokenExpireAt: NOW - 1, renewToken: 'renew' });
    fetchMock.mockImplementation(async () => {
      order.push('renewal sent');
      return new Response(JSON.stringify({ result: { token: 'fresh', tokenExpireAt: (NOW + 3_600_000) / 1000, renew_token: 'next' } }), { status: 200 });
    });
    const started = performance.now();
    const result = await run(authMiddleware({ mainBaseUrl: MAIN, signOutOn401: true }));
    expect((result as Request).headers.get('Authorization')).toBe('Bearer fresh');
    expect(order).toEqual(['renewal sent', 'released with fresh']);
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('side hosts (messages, support) do not sign out, but do not send an expired token either', async () => {
    saveSession({ token: 'expired', tokenExpireAt: NOW - 1, renewToken: null });
    const result = await run(authMiddleware({ mainBaseUrl: MAIN, signOutOn401: false }), 'https://messages.example.ru/messages/getnew');
    expect((result as Response).status).toBe(401);
    expect(readSession()?.token).toBe('expired');
    expect(unauthorized).toBe(0);
  });

  it('the code exchange goes out without any bearer, even with a stale session stored', async () => {
    saveSession({ token: 'expired', tokenExpireAt: NOW - 1, renewToken: null });
    const result = await run(authMiddleware({ mainBaseUrl: MAIN, signOutOn401: true }), `${MAIN}/v1/users/setcode?code=abc`);
    expect(result).toBeInstanceOf(Request);
    expect((result as Request).headers.get('Authorization')).toBeNull();
    expect(unauthorized).toBe(0);
  });
});
