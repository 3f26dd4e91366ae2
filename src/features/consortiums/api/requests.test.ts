import { describe, expect, it } from 'vitest';
import { expectRequest, read, recordRequests } from '@/lib/api/request-recorder';
import { consortiumListQuery, consortiumQuery } from './queries';
import { createConsortium, deleteConsortium, updateConsortium } from './consortiums-records';
import { downloadConsortiumsTemplate, exportConsortiums, importConsortiums } from './consortiums-spreadsheets';

/**
 * Checks that every call of this feature's API modules sends the request the spec describes (method, path, query,
 * body, bearer token, binary answers as Blob) — without a server: fetch is replaced by a recorder.
 */
recordRequests();


describe('consortiums API modules', () => {
  it('lists a project\'s records, paged', () =>
    expectRequest(() => read(consortiumListQuery({ projectId: 1 }, 2, 50)), { method: 'GET', path: '/main/v1/consortiums?projectId=1&page=2&pageSize=50' }));
  it('reads one record', () => expectRequest(() => read(consortiumQuery(7)), { method: 'GET', path: '/main/v1/consortiums/7' }));
  it('creates, updates and deletes', async () => {
    await expectRequest(() => createConsortium({ projectId: 1, name: 'ООО «Партнер»' }), { method: 'POST', path: '/main/v1/consortiums', json: { projectId: 1, name: 'ООО «Партнер»' } });
    await expectRequest(() => updateConsortium({ id: 7, input: { projectId: 1, name: 'ООО «Партнер»' } }), { method: 'PUT', path: '/main/v1/consortiums/7', json: { projectId: 1, name: 'ООО «Партнер»' } });
    await expectRequest(() => deleteConsortium(7), { method: 'DELETE', path: '/main/v1/consortiums/7' });
  });
  it('downloads the template and the export as Blob', async () => {
    await expectRequest(async () => expect(await downloadConsortiumsTemplate()).toBeInstanceOf(Blob), { method: 'GET', path: '/main/v1/consortiums/template' });
    await expectRequest(async () => expect(await exportConsortiums({ projectId: 1 })).toBeInstanceOf(Blob), { method: 'GET', path: '/main/v1/consortiums/export?projectId=1' });
  });
  it('imports a spreadsheet as multipart', () => {
    const file = new File(['xlsx'], 'import.xlsx');
    return expectRequest(() => importConsortiums({ file, projectId: 1 }), { method: 'POST', path: '/main/v1/consortiums/import', form: { file: ['file:import.xlsx'], projectId: ['1'] } });
  });
});
