import { describe, expect, it } from 'vitest';
import { expectRequest, read, recordRequests } from '@/lib/api/request-recorder';
import { applicationListQuery, applicationQuery, contestListQuery, contestQuery, formFieldListQuery, formListQuery, formQuery, formRulesQuery, resultListQuery, resultQuery } from './queries';
import { addContestUser, createContest, removeContestUser, setContestUserStatus, updateContest } from './contests';
import { createResult, exportResults, setResultStatus, updateResult } from './results';
import { createForm, duplicateForm, updateForm } from './forms';
import { createFormField, deleteFormField, updateFormField } from './form-fields';
import type { ContestUserRole } from './types';

/**
 * Checks that every call of this feature's API modules sends the request the spec describes (method, path, query,
 * body, bearer token, binary answers as Blob) — without a server: fetch is replaced by a recorder.
 */
recordRequests();


describe('contest administration API modules (second API)', () => {
  it.each([
    ['contests', () => read(contestListQuery({ page: 2, pageSize: 10, type: 'start' })), '/contest/api/contest?page=2&pageSize=10&type=start'],
    ['contest', () => read(contestQuery(4)), '/contest/api/contest/4'],
    ['results', () => read(resultListQuery({ status: 'submitted', form_id: 3 })), '/contest/api/result?status=submitted&form_id=3'],
    ['result', () => read(resultQuery(8)), '/contest/api/result/8'],
    ['applications', () => read(applicationListQuery({ contest_id: 4 })), '/contest/api/application?contest_id=4'],
    ['application', () => read(applicationQuery(2)), '/contest/api/application/2'],
    ['forms', () => read(formListQuery({ contest_id: 4 })), '/contest/api/form?contest_id=4'],
    ['form', () => read(formQuery(3)), '/contest/api/form/3'],
    ['form fields', () => read(formFieldListQuery({ form_id: 3 })), '/contest/api/formfields?form_id=3'],
    ['rules', () => read(formRulesQuery()), '/contest/api/formfields/getrules'],
  ])('reads %s', (_name, call, path) => expectRequest(call, { method: 'GET', path }));

  it('creates a contest as multipart with image and files', () =>
    expectRequest(
      () => createContest({ name: 'Старт-2027', status: 'draft', image: new File(['png'], 'cover.png'), files: [new File(['a'], 'Положение.pdf'), new File(['b'], 'Смета.xlsx')] }),
      { method: 'POST', path: '/contest/api/contest', form: { name: ['Старт-2027'], status: ['draft'], image: ['file:cover.png'], files: ['file:Положение.pdf', 'file:Смета.xlsx'] } },
    ));
  it('updates a contest', () => expectRequest(() => updateContest({ id: 4, changes: { status: 'published' } }), { method: 'PUT', path: '/contest/api/contest/4', json: { status: 'published' } }));
  it.each<ContestUserRole>(['manager', 'monitor', 'expert'])('links and unlinks a %s', async (role) => {
    await expectRequest(() => addContestUser({ contestId: 4, userId: 5, role }), { method: 'POST', path: `/contest/api/contest/add${role}`, json: { contest_id: 4, user_id: 5 } });
    await expectRequest(() => removeContestUser({ contestId: 4, userId: 5, role }), { method: 'POST', path: `/contest/api/contest/del${role}`, json: { contest_id: 4, user_id: 5 } });
  });
  it('sets a linked user status', () =>
    expectRequest(() => setContestUserStatus({ contest_id: 4, user_id: 5, role: 'expert', status: 0 }), {
      method: 'POST',
      path: '/contest/api/contest/setuserstatus',
      json: { contest_id: 4, user_id: 5, role: 'expert', status: 0 },
    }));

  it('creates a result with JSON values and files matched to their fields', () =>
    expectRequest(
      () => createResult({ form_id: 3, status: 'submitted', values: [{ field_id: 10, value: 'Проект' }], files: [{ fieldId: 12, file: new File(['%PDF'], 'deck.pdf') }] }),
      {
        method: 'POST',
        path: '/contest/api/result',
        form: { form_id: ['3'], status: ['submitted'], values: ['[{"field_id":10,"value":"Проект"}]'], files: ['file:deck.pdf'], file_field_ids: ['12'] },
      },
    ));
  it('updates a result and changes its status', async () => {
    await expectRequest(() => updateResult({ id: 8, changes: { status: 'submitted' } }), { method: 'PUT', path: '/contest/api/result/8', json: { status: 'submitted' } });
    await expectRequest(() => setResultStatus({ id: 8, status: 'accepted' }), { method: 'GET', path: '/contest/api/result/setstatus?id=8&status=accepted' });
  });
  it('exports results as Blob', () =>
    expectRequest(async () => expect(await exportResults({ form_id: 3, file: 'Итоги' })).toBeInstanceOf(Blob), { method: 'GET', path: '/contest/api/result/export?form_id=3&file=Итоги' }));

  it('creates, updates and duplicates forms', async () => {
    await expectRequest(() => createForm({ contest_id: 4, name: 'Анкета' }), { method: 'POST', path: '/contest/api/form', json: { contest_id: 4, name: 'Анкета' } });
    await expectRequest(() => updateForm({ id: 3, changes: { status: 'active' } }), { method: 'PUT', path: '/contest/api/form/3', json: { status: 'active' } });
    await expectRequest(() => duplicateForm({ id: 3, contestId: 5 }), { method: 'GET', path: '/contest/api/form/duplicate?id=3&contest_id=5' });
  });
  it('creates, updates and deletes form fields', async () => {
    const field = { form_id: 3, name: 'inn', type: 'text' as const, rules: [{ name: 'granteeINN' as const }] };
    await expectRequest(() => createFormField(field), { method: 'POST', path: '/contest/api/formfields', json: field });
    await expectRequest(() => updateFormField({ id: 9, changes: { required: true } }), { method: 'PUT', path: '/contest/api/formfields/9', json: { required: true } });
    await expectRequest(() => deleteFormField(9), { method: 'DELETE', path: '/contest/api/formfields/9' });
  });
});
