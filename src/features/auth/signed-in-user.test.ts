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
