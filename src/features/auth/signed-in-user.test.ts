import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/errors';

const answers: (() => unknown)[] = [];
vi.mock('@/lib/api/clients', () => ({ api: () => ({ main: { GET: () => answers.shift()!() } }) }));
vi.mock('@/lib/api/transport', () => ({ unwrap: async (call: unknown) => call }));

describe('who is signed in, for the cabinet guard (another tab may have changed the token)', () => {
  it('trusts the kept record until another tab changes the token; then asks the server, and offline goes on unconfirmed', async () => {
    const { confirmSignedInUser, doubtSignedInUser, signedInUser } = await import('./signed-in-user');
    const client = new QueryClient();
    client.setQueryData(['auth', 'me'], { id: 7 });
    expect(await signedInUser(client)).toEqual({ user: { id: 7 }, confirmed: true });

    doubtSignedInUser(); // somebody else signed in in another tab
    answers.push(() => ({ id: 8 }));
    expect(await signedInUser(client)).toEqual({ user: { id: 8 }, confirmed: true });
    expect(await signedInUser(client)).toEqual({ user: { id: 8 }, confirmed: true }); // asked once

    doubtSignedInUser();
    answers.push(() => Promise.reject(new ApiError(0, null, 'Нет соединения с сервером', 'network')));
    expect(await signedInUser(client)).toEqual({ user: { id: 8 }, confirmed: false });
    confirmSignedInUser(client, { id: 8, fio: 'обновлено' } as never); // the tab's own check: a renewal
    expect(await signedInUser(client)).toEqual({ user: { id: 8, fio: 'обновлено' }, confirmed: true });

    doubtSignedInUser();
    answers.push(() => Promise.reject(new ApiError(401, null, undefined, 'unauthorized')));
    await expect(signedInUser(client)).rejects.toMatchObject({ kind: 'unauthorized' });
  });
});

describe('the doubt outlives the tab starting afresh (session-sync.ts reloads it for the new user)', () => {
  it('a page started in a tab that doubted asks the server before it trusts the kept record, and trusts it after', async () => {
    const store = new Map<string, string>();
    vi.stubGlobal('sessionStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) });
    vi.resetModules();
    (await import('./signed-in-user')).doubtSignedInUser(); // the tab then restarts: a new page, new modules
    vi.resetModules();
    const { signedInUser } = await import('./signed-in-user');
    const client = new QueryClient();
    client.setQueryData(['auth', 'me'], { id: 7 }); // the previous user's record, still fresh
    answers.push(() => ({ id: 8 }));
    expect(await signedInUser(client)).toEqual({ user: { id: 8 }, confirmed: true });
    expect(store.size).toBe(0);
    vi.resetModules();
    const again = await import('./signed-in-user');
    expect(await again.signedInUser(client)).toEqual({ user: { id: 8 }, confirmed: true }); // no second question
    vi.unstubAllGlobals();
  });
});
