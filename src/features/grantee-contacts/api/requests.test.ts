import { describe, expect, it } from 'vitest';
import { expectRequest, read, recordRequests } from '@/lib/api/request-recorder';
import { granteeContactListQuery, granteeContactQuery } from './queries';
import { createGranteeContact, deleteGranteeContact, updateGranteeContact } from './grantee-contacts-records';
import { downloadGranteeContactsTemplate, exportGranteeContacts, importGranteeContacts } from './grantee-contacts-spreadsheets';

/**
 * Checks that every call of this feature's API modules sends the request the spec describes (method, path, query,
 * body, bearer token, binary answers as Blob) — without a server: fetch is replaced by a recorder.
 */
recordRequests();


describe('grantee-contacts API modules', () => {
  it('lists a project\'s records, paged', () =>
    expectRequest(() => read(granteeContactListQuery({ projectId: 1 }, 2, 50)), { method: 'GET', path: '/main/v1/grantee-contacts?projectId=1&page=2&pageSize=50' }));
  it('reads one record', () => expectRequest(() => read(granteeContactQuery(7)), { method: 'GET', path: '/main/v1/grantee-contacts/7' }));
  it('creates, updates and deletes', async () => {
    await expectRequest(() => createGranteeContact({ projectId: 1, fio: 'Белова Марина Сергеевна' }), { method: 'POST', path: '/main/v1/grantee-contacts', json: { projectId: 1, fio: 'Белова Марина Сергеевна' } });
    await expectRequest(() => updateGranteeContact({ id: 7, input: { projectId: 1, fio: 'Белова Марина Сергеевна' } }), { method: 'PUT', path: '/main/v1/grantee-contacts/7', json: { projectId: 1, fio: 'Белова Марина Сергеевна' } });
    await expectRequest(() => deleteGranteeContact(7), { method: 'DELETE', path: '/main/v1/grantee-contacts/7' });
  });
  it('downloads the template and the export as Blob', async () => {
    await expectRequest(async () => expect(await downloadGranteeContactsTemplate()).toBeInstanceOf(Blob), { method: 'GET', path: '/main/v1/grantee-contacts/template' });
    await expectRequest(async () => expect(await exportGranteeContacts({ projectId: 1 })).toBeInstanceOf(Blob), { method: 'GET', path: '/main/v1/grantee-contacts/export?projectId=1' });
  });
  it('imports a spreadsheet as multipart', () => {
    const file = new File(['xlsx'], 'import.xlsx');
    return expectRequest(() => importGranteeContacts({ file, projectId: 1 }), { method: 'POST', path: '/main/v1/grantee-contacts/import', form: { file: ['file:import.xlsx'], projectId: ['1'] } });
  });
});
