import { describe, it } from 'vitest';
import { expectRequest, read, recordRequests } from '@/lib/api/request-recorder';
import { centerNtiListQuery } from './queries';
import { createCenterNti, deleteCenterNti } from './center-nti-records';

/**
 * Checks that every call of this feature's API modules sends the request the spec describes (method, path, query,
 * body, bearer token, binary answers as Blob) — without a server: fetch is replaced by a recorder.
 */
recordRequests();


describe('Center NTI API modules', () => {
  it('lists with SPEC §9 paging defaults', () => expectRequest(() => read(centerNtiListQuery()), { method: 'GET', path: '/main/v1/center-nti?page=1&pageSize=20' }));
  it('creates {fullTitle, shortTitle, programNumber, codePpp}', () => {
    const input = { fullTitle: 'Центр компетенций НТИ', shortTitle: 'ЦК НТИ', programNumber: 'НТИ-1', codePpp: '0000101' };
    return expectRequest(() => createCenterNti(input), { method: 'POST', path: '/main/v1/center-nti', json: input });
  });
  it('deletes', () => expectRequest(() => deleteCenterNti(3), { method: 'DELETE', path: '/main/v1/center-nti/3' }));
});
