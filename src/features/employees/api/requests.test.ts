import { describe, expect, it } from 'vitest';
import { expectRequest, read, recordRequests } from '@/lib/api/request-recorder';
import { employeeListQuery, employeeQuery } from './queries';
import { createEmployee, deleteEmployee, updateEmployee } from './employees-records';
import { downloadEmployeesTemplate, exportEmployees, importEmployees } from './employees-spreadsheets';

/**
 * Checks that every call of this feature's API modules sends the request the spec describes (method, path, query,
 * body, bearer token, binary answers as Blob) — without a server: fetch is replaced by a recorder.
 */
recordRequests();


describe('employees API modules', () => {
  it('lists a project\'s records, paged', () =>
    expectRequest(() => read(employeeListQuery({ projectId: 1, centerNtiId: 2 }, 2, 50)), { method: 'GET', path: '/main/v1/employees?projectId=1&centerNtiId=2&page=2&pageSize=50' }));
  it('reads one record', () => expectRequest(() => read(employeeQuery(7)), { method: 'GET', path: '/main/v1/employees/7' }));
  it('creates, updates and deletes', async () => {
    await expectRequest(() => createEmployee({ projectId: 1, centerNtiId: 2, lastname: 'Иванов', firstname: 'Иван' }), { method: 'POST', path: '/main/v1/employees', json: { projectId: 1, centerNtiId: 2, lastname: 'Иванов', firstname: 'Иван' } });
    await expectRequest(() => updateEmployee({ id: 7, input: { projectId: 1, centerNtiId: 2, lastname: 'Иванов', firstname: 'Иван' } }), { method: 'PUT', path: '/main/v1/employees/7', json: { projectId: 1, centerNtiId: 2, lastname: 'Иванов', firstname: 'Иван' } });
    await expectRequest(() => deleteEmployee(7), { method: 'DELETE', path: '/main/v1/employees/7' });
  });
  it('downloads the template and the export as Blob', async () => {
    await expectRequest(async () => expect(await downloadEmployeesTemplate()).toBeInstanceOf(Blob), { method: 'GET', path: '/main/v1/employees/template' });
    await expectRequest(async () => expect(await exportEmployees({ projectId: 1, centerNtiId: 2 })).toBeInstanceOf(Blob), { method: 'GET', path: '/main/v1/employees/export?projectId=1&centerNtiId=2' });
  });
  it('imports a spreadsheet as multipart', () => {
    const file = new File(['xlsx'], 'import.xlsx');
    return expectRequest(() => importEmployees({ file, projectId: 1, centerNtiId: 2 }), { method: 'POST', path: '/main/v1/employees/import', form: { file: ['file:import.xlsx'], projectId: ['1'], centerNtiId: ['2'] } });
  });
});
