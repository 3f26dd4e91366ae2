import { describe, expect, it } from 'vitest';
import { expectRequest, read, recordRequests } from '@/lib/api/request-recorder';
import { projectCommentsQuery } from './queries';
import { createProject, runProjectAction, updateProject, type ProjectActionInput } from './project-lifecycle';
import { addProjectComment } from './project-comments';
import { downloadProjectDocument, downloadProjectProgram, downloadProjectTemplate, downloadProjectsExport } from './project-exports';
import { parseIndicators } from './indicator-parser';
import type { IndicatorKind } from './types';

/**
 * Checks that every call of this feature's API modules sends the request the spec describes (method, path, query,
 * body, bearer token, binary answers as Blob) — without a server: fetch is replaced by a recorder.
 */
recordRequests();


describe('project documents API modules', () => {
  it('creates and updates a project', async () => {
    await expectRequest(() => createProject({ name: 'Датчик', templateCode: 'START-2026' }), { method: 'POST', path: '/main/v1/projects', json: { name: 'Датчик', templateCode: 'START-2026' } });
    await expectRequest(() => updateProject({ id: 3, changes: { contractNo: '25-1' } }), { method: 'PUT', path: '/main/v1/projects/3', json: { contractNo: '25-1' } });
  });
  it.each<[ProjectActionInput, string, string, unknown]>([
    [{ id: 3, action: 'accept' }, 'PATCH', '/main/v1/projects/3/accept', null],
    [{ id: 3, action: 'reject', comment: 'Нет сметы' }, 'PATCH', '/main/v1/projects/3/reject', { comment: 'Нет сметы' }],
    [{ id: 3, action: 'send-for-approval', comment: 'Прошу согласовать' }, 'PATCH', '/main/v1/projects/3/send-for-approval', { comment: 'Прошу согласовать' }],
    [{ id: 3, action: 'review' }, 'POST', '/main/v1/projects/3/review', { comment: '' }],
  ])('runs %j', (input, method, path, json) => expectRequest(() => runProjectAction(input), { method, path, json }));
  it('reads and adds comments', async () => {
    await expectRequest(() => read(projectCommentsQuery(3)), { method: 'GET', path: '/main/v1/projects/3/comments' });
    await expectRequest(() => addProjectComment({ projectId: 3, comment: 'Готово' }), { method: 'POST', path: '/main/v1/projects/3/comments', json: { comment: 'Готово' } });
  });
  it('downloads exports and templates as Blob', async () => {
    await expectRequest(async () => expect(await downloadProjectsExport()).toBeInstanceOf(Blob), { method: 'GET', path: '/main/v1/projects/export' });
    await expectRequest(() => downloadProjectDocument(3), { method: 'GET', path: '/main/v1/projects/export-document?projectId=3' });
    await expectRequest(() => downloadProjectProgram(3), { method: 'GET', path: '/main/v1/projects/export-program?projectId=3' });
    await expectRequest(() => downloadProjectTemplate('summary'), { method: 'GET', path: '/main/v1/projects/template?templateType=summary' });
  });
  it.each<IndicatorKind>(['summary', 'years', 'performance', 'implementation-plan', 'additional-need'])('uploads to the %s parser', (kind) =>
    expectRequest(() => parseIndicators({ kind, file: new File(['x'], 'показатели.xlsx'), projectId: 3 }), {
      method: 'POST',
      path: `/main/v1/projects/indicator-parser/${kind}`,
      form: { file: ['file:показатели.xlsx'], projectId: ['3'] },
    }));
});
