import { expect } from 'vitest';
import { fails, file, form, loose, multipart, ok, type CaseTable, type Harness } from './harness';
import { issueCode, issueToken } from '../domains/auth';
import { ORGANISATIONS } from '../seed/templates';
import type { Json } from '../lib/spec';

/**
 * Contract cases of the operations the screens use (auth and users, service message, tasks, questionnaire,
 * attachments, signing, recognition, competitions and lookups, notes, RID, stash, calendar, projects, messages,
 * support). Written from the specs; the fixtures are found through the API or, where the API has no search for
 * them (action flags of tasks), in the reference back end's storage. Bad inputs use only statuses the spec documents.
 */

const MESSAGING = 'grants-cabinet';
const KOMMERC = 'KOMMERC-2026';

type StoredPoint = Json & { id: number; ownerId: number; archive?: boolean; holdMode?: string | null; status: { code1C: string; sort: number } };

async function points(h: Harness, match: (p: StoredPoint) => boolean): Promise<StoredPoint[]> {
  return (await h.s.collection<StoredPoint>('points').all()).filter((p) => p._kind !== 'expert' && match(p));
}

async function onePoint(h: Harness, what: string, match: (p: StoredPoint) => boolean): Promise<StoredPoint> {
  const found = (await points(h, match))[0];
  expect(found, `a seeded point: ${what}`).toBeTruthy();
  return found!;
}

/** A fresh KOMMERC-2026 application of the grantee, returned to editing (status RETURN_TO_EDIT, canEdit). */
export async function editablePoint(h: Harness, name = 'Контрактный тест: сенсор утечек газа') {
  const c = await h.as('grantee');
  const q = await ok(c.main.GET('/v2/projects/application/{id}', { params: { path: { id: KOMMERC } } }));
  const created = await ok(
    c.main.POST('/v2/projects/application', {
      body: { code1C: q.templatePointCode ?? '', templateCode: KOMMERC, values: kommercValues(name) },
    }),
  );
  await ok(c.main.POST('/v2/projects/to-edit/{id}', { params: { path: { id: created.pointId } } }));
  return { pointId: created.pointId, templatePointCode: q.templatePointCode };
}

const kommercValues = (name: string) => ({
  KM_PROJECT_NAME: [{ value: name, groupIndex: 0, valueIndex: 0 }],
  KM_PROJECT_DESCRIPTION: [{ value: 'Беспроводной датчик утечек газа для жилых домов', groupIndex: 0, valueIndex: 0 }],
  KM_MARKET_SIZE: [{ value: 1200, groupIndex: 0, valueIndex: 0 }],
});

const SIGNATURE = Buffer.from('ДЕМО: отделённая подпись CMS для контрактного теста').toString('base64');

export const screenCases: CaseTable = {
  // ---------------------------------------------------------------- auth and users
  async authSetCode(h) {
    const code = await issueCode(h.s, 7);
    const answer = await ok(h.anon.main.GET('/v1/users/setcode', { params: { query: { code } } }));
    expect(answer.result.token).toMatch(/^[0-9a-f]{48}$/);
    await fails(h.anon.main.GET('/v1/users/setcode', { params: { query: { code } } }), 422, 'уже использован');
    await fails(h.anon.main.GET('/v1/users/setcode', { params: { query: loose({}) } }), 400);
  },
  async authRenewToken(h) {
    const { result } = await issueToken(h.s, 8);
    const renewed = await ok(h.anon.main.POST('/v1/users/renewtoken', { body: { renew_token: result.renew_token } }));
    expect(renewed.result.token).not.toBe(result.token);
    await fails(h.anon.main.POST('/v1/users/renewtoken', { body: loose({}) }), 422);
  },
  async authLoginAs(h) {
    await h.token('user');
    const admin = await h.as('admin');
    const session = await ok(admin.main.POST('/v1/users/{id}/login-as', { params: { path: { id: 8 } } }));
    expect(session.result.token).toBeTruthy();
    expect(session.result.renew_token, 'no renew token of another user').toBeUndefined();
    await fails((await h.as('grantee')).main.POST('/v1/users/{id}/login-as', { params: { path: { id: 8 } } }), 403);
    await fails(admin.main.POST('/v1/users/{id}/login-as', { params: { path: { id: 999999 } } }), 404);
    await fails(admin.main.POST('/v1/users/{id}/login-as', { params: { path: { id: 150 } } }), 422, 'Токен пользователя истёк');
  },
  async usersInfo(h) {
    const me = await ok((await h.as('grantee')).main.GET('/v1/users/info'));
    expect(me).toMatchObject({ id: 7, groups: [7] });
  },
  async usersGroups(h) {
    const groups = await ok((await h.as('admin')).main.GET('/v1/users/groups'));
    expect(groups.map((g) => g.id)).toEqual([1, 2, 3, 4, 5, 7, 8, 10]);
  },
  async usersSetGroups(h) {
    const admin = await h.as('admin');
    const updated = await ok(admin.main.POST('/v1/users/setgroups', { body: { user_id: 120, groups: [8] } }));
    expect(updated).toMatchObject({ success: true });
    expect((await ok(admin.main.GET('/v1/users/{id}', { params: { path: { id: 120 } } }))).groups).toEqual([8]);
    await fails((await h.as('grantee')).main.POST('/v1/users/setgroups', { body: { user_id: 120, groups: [8] } }), 403);
    await fails(admin.main.POST('/v1/users/setgroups', { body: { user_id: 999999, groups: [8] } }), 404);
    await fails(admin.main.POST('/v1/users/setgroups', { body: { user_id: 120, groups: [99] } }), 422, 'Неизвестная группа');
    await fails(admin.main.POST('/v1/users/setgroups', { body: { user_id: 2, groups: [1] } }), 422, 'последнего администратора');
    await fails(admin.main.POST('/v1/users/setgroups', { body: loose({ user_id: 120 }) }), 422);
  },
  async usersGet(h) {
    const c = await h.as('grantee');
    expect(await ok(c.main.GET('/v1/users/{id}', { params: { path: { id: 7 } } }))).toMatchObject({ id: 7 });
    await fails(c.main.GET('/v1/users/{id}', { params: { path: { id: 8 } } }), 403);
    await fails((await h.as('admin')).main.GET('/v1/users/{id}', { params: { path: { id: 999999 } } }), 404);
  },
  async usersUpdate(h) {
    const c = await h.as('grantee');
    const updated = await ok(c.main.PATCH('/v1/users/{id}/update', { params: { path: { id: 7 } }, body: { city: 'Бердск' } }));
    expect(updated.city).toBe('Бердск');
    await fails(c.main.PATCH('/v1/users/{id}/update', { params: { path: { id: 8 } }, body: { city: 'Чужой' } }), 403);
    await fails((await h.as('admin')).main.PATCH('/v1/users/{id}/update', { params: { path: { id: 999999 } }, body: { city: 'Нет' } }), 404);
    await fails(c.main.PATCH('/v1/users/{id}/update', { params: { path: { id: 7 } }, body: loose({ lastname: 'x'.repeat(51) }) }), 422);
  },
  async usersRefreshToken(h) {
    const admin = await h.as('admin');
    const refreshed = await ok(admin.main.POST('/v1/users/{id}/refresh-token', { params: { path: { id: 121 } } }));
    expect(refreshed).toMatchObject({ id: 121, tokenExpireAt: expect.any(Number) });
    // The new session belongs to the user: its secrets are not in the answer (openapi User).
    expect(Object.keys(refreshed)).not.toContain('token');
    expect(Object.keys(refreshed)).not.toContain('renew_token');
    await fails((await h.as('grantee')).main.POST('/v1/users/{id}/refresh-token', { params: { path: { id: 121 } } }), 403);
    await fails(admin.main.POST('/v1/users/{id}/refresh-token', { params: { path: { id: 999999 } } }), 404);
  },
  async usersList(h) {
    const list = await ok((await h.as('admin')).main.GET('/v1/users', { params: { query: { 'filter[group_id]': 7, page: 1 } } }));
    expect(list.items.every((u) => (u.groups as unknown as number[]).includes(7))).toBe(true);
    await fails((await h.as('grantee')).main.GET('/v1/users'), 403);
  },
  async userSearch(h) {
    const list = await ok((await h.as('manager')).main.GET('/v1/user', { params: { query: { id: 7, pageSize: 20, page: 1 } } }));
    expect(list.items.map((u) => u.id)).toEqual([7]);
    await fails((await h.as('grantee')).main.GET('/v1/user', { params: { query: { id: 7 } } }), 403);
  },

  // ---------------------------------------------------------------- service message
  async serviceMessageGet(h) {
    const current = await ok((await h.as('grantee')).main.GET('/v2/projects/maintance'));
    expect([0, 1]).toContain(current.switch);
  },
  async serviceMessageSave(h) {
    const admin = await h.as('admin');
    const saved = await ok(admin.main.POST('/v2/projects/maintance', { body: { switch: 1, message: 'Контрактный тест: плановые работы' } }));
    expect(saved).toMatchObject({ switch: 1, message: 'Контрактный тест: плановые работы' });
    await fails((await h.as('grantee')).main.POST('/v2/projects/maintance', { body: { switch: 0, message: 'x' } }), 403);
    await fails(admin.main.POST('/v2/projects/maintance', { body: loose({ switch: 5, message: 'x' }) }), 422);
  },

  // ---------------------------------------------------------------- task lists and counts
  ...Object.fromEntries(
    (
      [
        ['projectPointList', '/v2/projects/project-point'],
        ['projectPointListActive', '/v2/projects/project-point/active'],
        ['projectPointListExpired', '/v2/projects/project-point/expired'],
        ['projectPointListClosed', '/v2/projects/project-point/closed'],
        ['projectPointListArchive', '/v2/projects/project-point/archive'],
      ] as const
    ).map(([op, path]) => [
      op,
      async (h: Harness) => {
        const c = await h.as('grantee');
        const list = await ok(c.main.GET(path, { params: { query: { page: 1, pageSize: 100 } } }));
        expect(list._meta.totalCount).toBe(list.items.length);
        if (path.endsWith('/archive')) expect(list.items.every((p) => p.archive === true)).toBe(true);
        const filtered = await ok(c.main.GET(path, { params: { query: { 'filter[projectId]': 1, pageSize: 100 } } }));
        expect(filtered.items.every((p) => p.projectId === 1)).toBe(true);
      },
    ]),
  ),
  async projectPointListExpert(h) {
    const list = await ok((await h.as('expert')).main.GET('/v2/projects/project-point/expert', { params: { query: { page: 1, pageSize: 20 } } }));
    expect(list.items.length).toBeGreaterThan(0);
    await fails((await h.as('grantee')).main.GET('/v2/projects/project-point/expert'), 403);
  },
  async projectPointCount(h) {
    const c = await h.as('grantee');
    const { count } = await ok(c.main.GET('/v2/projects/project-point/count'));
    const list = await ok(c.main.GET('/v2/projects/project-point', { params: { query: { pageSize: 1 } } }));
    expect(count).toBe(list._meta.totalCount);
  },
  async projectPointActiveCount(h) {
    const c = await h.as('grantee');
    const { count } = await ok(c.main.GET('/v2/projects/project-point/active-count', { params: { query: { 'filter[projectId]': 1 } } }));
    const list = await ok(c.main.GET('/v2/projects/project-point/active', { params: { query: { 'filter[projectId]': 1, pageSize: 1 } } }));
    expect(count).toBe(list._meta.totalCount);
  },
  async projectPointGet(h) {
    const c = await h.as('grantee');
    const mine = await onePoint(h, 'owned by the grantee, not visible to user 8', (p) => p.ownerId === 7 && p.responsibleUserId !== 8 && !(p._viewers ?? []).includes(8));
    expect(await ok(c.main.GET('/v2/projects/project-point/{id}', { params: { path: { id: mine.id } } }))).toMatchObject({ id: mine.id });
    await fails(c.main.GET('/v2/projects/project-point/{id}', { params: { path: { id: 999999 } } }), 404);
    await fails((await h.as('user')).main.GET('/v2/projects/project-point/{id}', { params: { path: { id: mine.id } } }), 403);
  },

  // ---------------------------------------------------------------- task actions
  async projectPointChangeResponsible(h) {
    const c = await h.as('grantee');
    const project = await ok(c.main.GET('/v1/projects/{id}', { params: { path: { id: 1 } } }));
    const member = project.users?.find((u) => u.id !== 7);
    expect(member, 'project 1 has a member besides its owner').toBeTruthy();
    const point = await onePoint(h, 'a task of project 1', (p) => p.projectId === 1 && p.ownerId === 7);
    await ok(c.main.POST('/v2/projects/change-responsible/{id}', { params: { path: { id: point.id } }, body: { userId: member!.id } }));
    expect((await ok(c.main.GET('/v2/projects/project-point/{id}', { params: { path: { id: point.id } } }))).responsibleUserId).toBe(member!.id);
    await ok(c.main.POST('/v2/projects/change-responsible/{id}', { params: { path: { id: point.id } }, body: { userId: 7 } }));
    await fails(c.main.POST('/v2/projects/change-responsible/{id}', { params: { path: { id: point.id } }, body: { userId: 8 } }), 422, 'не входит в команду');
    await fails(c.main.POST('/v2/projects/change-responsible/{id}', { params: { path: { id: 999999 } }, body: { userId: 7 } }), 404);
    await fails(c.main.POST('/v2/projects/change-responsible/{id}', { params: { path: { id: point.id } }, body: loose({}) }), 422);
  },
  async projectPointHold(h) {
    const c = await h.as('grantee');
    const point = await onePoint(h, 'withdrawable without signature', (p) => p.ownerId === 7 && p.canHold === true && !p.holdMode && !p.archive);
    expect(await ok(c.main.POST('/v2/projects/hold/{id}', { params: { path: { id: point.id } } }))).toMatchObject({ success: true });
    expect((await ok(c.main.GET('/v2/projects/project-point/{id}', { params: { path: { id: point.id } } }))).status.code1C).toBe('SUSPENDED');
    const locked = await onePoint(h, 'holdMode D', (p) => p.ownerId === 7 && p.holdMode === 'D');
    await fails(c.main.POST('/v2/projects/hold/{id}', { params: { path: { id: locked.id } } }), 422, 'недоступен');
    await fails(c.main.POST('/v2/projects/hold/{id}', { params: { path: { id: 999999 } } }), 404);
  },
  async projectPointHoldCancel(h) {
    const c = await h.as('grantee');
    const { pointId } = await editablePoint(h, 'Контрактный тест: отзыв и отмена отзыва');
    await ok(c.main.POST('/v2/projects/project-point/application/{id}', { params: { path: { id: pointId } }, body: { values: kommercValues('Контрактный тест: отзыв') } }));
    await ok(c.main.POST('/v2/projects/hold/{id}', { params: { path: { id: pointId } } }));
    expect(await ok(c.main.POST('/v2/projects/hold-cencel/{id}', { params: { path: { id: pointId } } }))).toMatchObject({ success: true });
    await fails(c.main.POST('/v2/projects/hold-cencel/{id}', { params: { path: { id: pointId } } }), 422, 'нельзя отменить');
    await fails(c.main.POST('/v2/projects/hold-cencel/{id}', { params: { path: { id: 999999 } } }), 404);
  },
  async projectPointToEdit(h) {
    const c = await h.as('grantee');
    const point = await onePoint(h, 'can return to editing', (p) => p.ownerId === 7 && p.canReturnToEdit === true && !p.archive);
    await ok(c.main.POST('/v2/projects/to-edit/{id}', { params: { path: { id: point.id } } }));
    expect((await ok(c.main.GET('/v2/projects/project-point/{id}', { params: { path: { id: point.id } } }))).status.code1C).toBe('RETURN_TO_EDIT');
    await fails(c.main.POST('/v2/projects/to-edit/{id}', { params: { path: { id: point.id } } }), 422);
    await fails(c.main.POST('/v2/projects/to-edit/{id}', { params: { path: { id: 999999 } } }), 404);
  },
  async projectPointArchive(h) {
    const c = await h.as('grantee');
    const point = await onePoint(h, 'can be archived', (p) => p.ownerId === 7 && p.canAddToArchive === true && !p.archive);
    await ok(c.main.POST('/v2/projects/archive/{id}', { params: { path: { id: point.id } } }));
    const archive = await ok(c.main.GET('/v2/projects/project-point/archive', { params: { query: { pageSize: 100 } } }));
    expect(archive.items.map((p) => p.id)).toContain(point.id);
    await fails(c.main.POST('/v2/projects/archive/{id}', { params: { path: { id: point.id } } }), 422, 'уже в архиве');
    await fails(c.main.POST('/v2/projects/archive/{id}', { params: { path: { id: 999999 } } }), 404);
  },
  async projectPointUnarchive(h) {
    const c = await h.as('grantee');
    const point = await onePoint(h, 'archived', (p) => p.ownerId === 7 && p.archive === true);
    await ok(c.main.DELETE('/v2/projects/archive/{id}', { params: { path: { id: point.id } } }));
    await fails(c.main.DELETE('/v2/projects/archive/{id}', { params: { path: { id: point.id } } }), 422, 'не находится в архиве');
    await fails(c.main.DELETE('/v2/projects/archive/{id}', { params: { path: { id: 999999 } } }), 404);
  },
  async projectPointPdf(h) {
    const c = await h.as('grantee');
    const point = await onePoint(h, 'of the grantee', (p) => p.ownerId === 7);
    const pdf = await ok(c.main.GET('/v2/projects/pdf/{id}', { params: { path: { id: point.id } }, parseAs: 'arrayBuffer' }));
    expect(Buffer.from(pdf as unknown as ArrayBuffer).subarray(0, 5).toString()).toBe('%PDF-');
    const text = await ok(c.main.GET('/v2/projects/pdf/{id}', { params: { path: { id: point.id }, query: { txt: 'Y' } }, parseAs: 'text' }));
    expect(Buffer.from(String(text), 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    await fails(c.main.GET('/v2/projects/pdf/{id}', { params: { path: { id: 999999 } }, parseAs: 'text' }), 404);
  },
  async projectChangePointType(h) {
    const c = await h.as('grantee');
    const list = await ok(c.main.GET('/v1/projects', { params: { query: { pageSize: 100 } } }));
    const withZni = list.items.find((p) => p.zniButton && p.ownerId === 7);
    const withoutRid = list.items.find((p) => !p.ridButton && p.ownerId === 7);
    expect(withZni && withoutRid, 'grantee projects with and without the request buttons').toBeTruthy();
    expect(await ok(c.main.POST('/v2/projects/change-point-type', { body: { projectId: withZni!.id, type: 'zni' } }))).toMatchObject({ success: true });
    await fails(c.main.POST('/v2/projects/change-point-type', { body: { projectId: withoutRid!.id, type: 'rid' } }), 422, 'недоступен');
    await fails(c.main.POST('/v2/projects/change-point-type', { body: loose({ projectId: withZni!.id, type: 'other' }) }), 422);
    await fails(c.main.POST('/v2/projects/change-point-type', { body: { projectId: 999999, type: 'zni' } }), 404);
  },

  // ---------------------------------------------------------------- questionnaire
  async applicationGet(h) {
    const c = await h.as('grantee');
    const q = await ok(c.main.GET('/v2/projects/application/{id}', { params: { path: { id: KOMMERC } } }));
    expect(q).toMatchObject({ code1C: KOMMERC });
    expect(q.point.pointFields.map((f) => f.code1C)).toContain('KM_PROJECT_NAME');
    const point = await onePoint(h, 'of the grantee made from a template', (p) => p.ownerId === 7 && typeof p._templateCode === 'string' && p._templateCode.length > 0);
    await ok(c.main.GET('/v2/projects/application/{id}', { params: { path: { id: String(point.id) } } }));
    await fails(c.main.GET('/v2/projects/application/{id}', { params: { path: { id: 'NO-SUCH-TEMPLATE' } } }), 404);
  },
  async applicationCreate(h) {
    const c = await h.as('grantee');
    const q = await ok(c.main.GET('/v2/projects/application/{id}', { params: { path: { id: KOMMERC } } }));
    const created = await ok(c.main.POST('/v2/projects/application', { body: { code1C: q.templatePointCode ?? '', templateCode: KOMMERC, values: kommercValues('Контрактный тест: новая заявка') } }));
    expect(created).toMatchObject({ success: true, pointId: expect.any(Number) });
    const bad = await fails(c.main.POST('/v2/projects/application', { body: { code1C: q.templatePointCode ?? '', templateCode: KOMMERC, values: {} } }), 422);
    expect(bad.errors?.[0]).toMatchObject({ field: expect.any(String), message: expect.any(String) });
    await fails(c.main.POST('/v2/projects/application', { body: { code1C: 'WRONG', templateCode: KOMMERC, values: kommercValues('x') } }), 422, 'code1C');
    await fails(c.main.POST('/v2/projects/application', { body: loose({ templateCode: KOMMERC }) }), 422);
  },
  async applicationNoteSave(h) {
    const c = await h.as('grantee');
    const q = await ok(c.main.GET('/v2/projects/application/{id}', { params: { path: { id: KOMMERC } } }));
    const note = await ok(c.main.POST('/v2/projects/application/note', { body: { code1C: KOMMERC, pointCode: q.templatePointCode ?? '', values: { KM_PROJECT_NAME: [{ value: 'Черновик контрактного теста', groupIndex: 0, valueIndex: 0 }] } } }));
    expect(note).toMatchObject({ name: 'Черновик контрактного теста', code1C: KOMMERC });
    await fails(c.main.POST('/v2/projects/application/note', { body: { code1C: KOMMERC, pointCode: 'WRONG', values: {} } }), 422, 'pointCode');
  },
  async projectPointSave(h) {
    const c = await h.as('grantee');
    const { pointId } = await editablePoint(h);
    expect(await ok(c.main.PUT('/v2/projects/project-point/application/{id}', { params: { path: { id: pointId } }, body: { values: kommercValues('Сохраненное название') } }))).toBeTruthy();
    expect((await ok(c.main.GET('/v2/projects/project-point/{id}', { params: { path: { id: pointId } } }))).projectName).toBe('Сохраненное название');
    await fails(c.main.PUT('/v2/projects/project-point/application/{id}', { params: { path: { id: 999999 } }, body: { values: {} } }), 404);
    await fails(c.main.PUT('/v2/projects/project-point/application/{id}', { params: { path: { id: pointId } }, body: loose({}) }), 422);
  },
  async projectPointSubmit(h) {
    const c = await h.as('grantee');
    const { pointId } = await editablePoint(h);
    await fails(c.main.POST('/v2/projects/project-point/application/{id}', { params: { path: { id: pointId } }, body: { values: { KM_PROJECT_NAME: [{ value: '', groupIndex: 0, valueIndex: 0 }] } } }), 422);
    await ok(c.main.POST('/v2/projects/project-point/application/{id}', { params: { path: { id: pointId } }, body: { values: kommercValues('Отправленная заявка') } }));
    expect((await ok(c.main.GET('/v2/projects/project-point/{id}', { params: { path: { id: pointId } } }))).canEdit).toBe(false);
    await fails(c.main.POST('/v2/projects/project-point/application/{id}', { params: { path: { id: 999999 } }, body: { values: {} } }), 404);
  },
  async companyByInn(h) {
    const c = await h.as('grantee');
    const org = ORGANISATIONS[0]!;
    const found = await ok(c.main.GET('/v2/projects/company-inn/{inn}', { params: { path: { inn: org.inn } } }));
    expect(found.values).toMatchObject({ granteeINN: org.inn, granteeName: org.name });
    await fails(c.main.GET('/v2/projects/company-inn/{inn}', { params: { path: { inn: '7707083893' } } }), 404);
    await fails(c.main.GET('/v2/projects/company-inn/{inn}', { params: { path: { inn: '1234567890' } } }), 422);
  },
  async valueValidate(h) {
    const c = await h.as('grantee');
    expect(await ok(c.main.POST('/v2/projects/value-validate', { body: { fieldCode: 'KM_SITE', value: 'https://example.ru' } }))).toMatchObject({ valid: true });
    await fails(c.main.POST('/v2/projects/value-validate', { body: { fieldCode: 'KM_SITE', value: 'не ссылка' } }), 422, 'URL');
    await fails(c.main.POST('/v2/projects/value-validate', { body: { fieldCode: 'NO_SUCH_FIELD', value: 'x' } }), 422);
  },

  // ---------------------------------------------------------------- attachments
  async attachUpload(h) {
    const c = await h.as('grantee');
    const { pointId } = await editablePoint(h);
    const uploaded = await ok(c.main.POST('/v2/projects/upload-attach', { body: loose(form({ file: file('%PDF-1.4 бизнес-план', 'Бизнес-план.pdf', 'application/pdf'), attachCode: 'ATT_KM_BUSINESS_PLAN', pointId })), ...multipart }));
    expect(uploaded).toMatchObject({ attachCode: 'ATT_KM_BUSINESS_PLAN', fileName: 'Бизнес-план.pdf' });
    await fails(c.main.POST('/v2/projects/upload-attach', { body: loose(form({ file: file('x', 'plan.exe'), attachCode: 'ATT_KM_BUSINESS_PLAN', pointId })), ...multipart }), 422, 'формат файла');
    await fails(c.main.POST('/v2/projects/upload-attach', { body: loose(form({ file: file('x', 'x.pdf'), attachCode: 'NO_SUCH_ATTACHMENT' })), ...multipart }), 404);
    await fails(c.main.POST('/v2/projects/upload-attach', { body: loose(form({ attachCode: 'ATT_KM_BUSINESS_PLAN', pointId })), ...multipart }), 422);
  },
  async attachList(h) {
    const c = await h.as('grantee');
    const { pointId } = await editablePoint(h);
    const uploaded = await ok(c.main.POST('/v2/projects/upload-attach', { body: loose(form({ file: file('%PDF-1.4', 'plan.pdf', 'application/pdf'), attachCode: 'ATT_KM_BUSINESS_PLAN', pointId })), ...multipart }));
    const list = await ok(c.main.GET('/v2/projects/list-attach', { params: { query: { 'filter[pointId]': pointId, 'filter[attachCode]': 'ATT_KM_BUSINESS_PLAN' } } }));
    expect(list.map((a) => a.id)).toContain(uploaded.id);
    await fails(c.main.GET('/v2/projects/list-attach', { params: { query: { 'filter[pointId]': 999999 } } }), 404);
  },
  async attachZipLink(h) {
    const c = await h.as('grantee');
    const point = await onePoint(h, 'of the grantee', (p) => p.ownerId === 7);
    expect((await ok(c.main.GET('/v2/projects/zip/{id}/link', { params: { path: { id: point.id } } }))).link).toContain(`/zip/${point.id}`);
    await fails(c.main.GET('/v2/projects/zip/{id}/link', { params: { path: { id: 999999 } } }), 404);
  },
  async attachZip(h) {
    const c = await h.as('grantee');
    const point = await onePoint(h, 'with files', (p) => p.ownerId === 7 && Array.isArray(p.files) && p.files.length > 0);
    const zip = await ok(c.main.GET('/v2/projects/zip/{id}', { params: { path: { id: point.id } }, parseAs: 'arrayBuffer' }));
    expect(Buffer.from(zip as unknown as ArrayBuffer).readUInt32LE(0)).toBe(0x04034b50);
    await fails(c.main.GET('/v2/projects/zip/{id}', { params: { path: { id: 999999 } }, parseAs: 'arrayBuffer' }), 404);
  },
  async attachDownload(h) {
    const c = await h.as('grantee');
    const { pointId } = await editablePoint(h);
    const uploaded = await ok(c.main.POST('/v2/projects/upload-attach', { body: loose(form({ file: file('%PDF-1.4 загрузка', 'plan.pdf', 'application/pdf'), attachCode: 'ATT_KM_BUSINESS_PLAN', pointId })), ...multipart }));
    const bytes = await ok(c.main.GET('/v2/projects/download-attach/{id}', { params: { path: { id: uploaded.id } }, parseAs: 'arrayBuffer' }));
    expect(Buffer.from(bytes as unknown as ArrayBuffer).toString()).toBe('%PDF-1.4 загрузка');
    const base64 = await ok(c.main.GET('/v2/projects/download-attach/{id}', { params: { path: { id: uploaded.id }, query: { txt: 'Y' } }, parseAs: 'text' }));
    expect(Buffer.from(String(base64), 'base64').toString()).toBe('%PDF-1.4 загрузка');
    await fails(c.main.GET('/v2/projects/download-attach/{id}', { params: { path: { id: 999999 } }, parseAs: 'text' }), 404);
  },
  async attachDownloadLink(h) {
    const c = await h.as('grantee');
    const { pointId } = await editablePoint(h);
    const uploaded = await ok(c.main.POST('/v2/projects/upload-attach', { body: loose(form({ file: file('%PDF-1.4', 'plan.pdf', 'application/pdf'), attachCode: 'ATT_KM_BUSINESS_PLAN', pointId })), ...multipart }));
    expect((await ok(c.main.GET('/v2/projects/download-attach/{id}/link', { params: { path: { id: uploaded.id } } }))).link).toContain(String(uploaded.id));
    await fails(c.main.GET('/v2/projects/download-attach/{id}/link', { params: { path: { id: 999999 } } }), 404);
  },
  async attachDelete(h) {
    const c = await h.as('grantee');
    const { pointId } = await editablePoint(h);
    const uploaded = await ok(c.main.POST('/v2/projects/upload-attach', { body: loose(form({ file: file('%PDF-1.4', 'plan.pdf', 'application/pdf'), attachCode: 'ATT_KM_BUSINESS_PLAN', pointId })), ...multipart }));
    expect(await ok(c.main.DELETE('/v2/projects/delete-attach/{id}', { params: { path: { id: uploaded.id } } }))).toMatchObject({ success: true });
    await fails(c.main.DELETE('/v2/projects/delete-attach/{id}', { params: { path: { id: uploaded.id } } }), 404);
  },

  // ---------------------------------------------------------------- signing
  async attachSign(h) {
    const c = await h.as('grantee');
    const attachments = await h.s.collection<Json>('attachments').all();
    const signingPoints = await points(h, (p) => p.ownerId === 7 && ['SIGNING_REQUIRED', 'REVIEW_WITH_SIGNING'].includes(p.status.code1C) && p.canSign === true && p.signable === true);
    const target = attachments.find((a) => a.signable && !a.signValid && signingPoints.some((p) => p.id === a._pointId));
    expect(target, 'a signable unsigned file of a point awaiting signature').toBeTruthy();
    const point = signingPoints.find((p) => p.id === target._pointId)!;
    await ok(c.main.POST('/v2/projects/sign-attach', { body: { id: target.id, sign: SIGNATURE, withoutAttorney: point.attorneyRequired && !point.attorney ? true : undefined } }));
    await fails(c.main.POST('/v2/projects/sign-attach', { body: { id: target.id, sign: 'это не base64!', withoutAttorney: true } }), 422, 'base64');
    await fails(c.main.POST('/v2/projects/sign-attach', { body: { id: 999999, sign: SIGNATURE } }), 404);
  },
  async projectPointSign(h) {
    const c = await h.as('grantee');
    const point = await onePoint(h, 'awaiting signature', (p) => p.ownerId === 7 && ['SIGNING_REQUIRED', 'REVIEW_WITH_SIGNING'].includes(p.status.code1C) && p.canSign === true && p.signable === true);
    const withoutAttorney = point.attorneyRequired && !point.attorney ? 'true' : undefined;
    // SPEC §4 sequence: every signable file first, then the form PDF.
    const files = await ok(c.main.GET('/v2/projects/list-attach', { params: { query: { 'filter[pointId]': point.id } } }));
    for (const a of files.filter((f) => f.signable && !f.signValid)) {
      await ok(c.main.POST('/v2/projects/sign-attach', { body: { id: a.id, sign: SIGNATURE, withoutAttorney: !!withoutAttorney } }));
    }
    const pdf = String(await ok(c.main.GET('/v2/projects/pdf/{id}', { params: { path: { id: point.id }, query: { txt: 'Y' } }, parseAs: 'text' })));
    await fails(c.main.POST('/v2/projects/sign/{id}', { params: { path: { id: point.id } }, body: loose(form({ sign: SIGNATURE, fileBase64: Buffer.from('не PDF').toString('base64'), withoutAttorney })), ...multipart }), 422);
    expect(await ok(c.main.POST('/v2/projects/sign/{id}', { params: { path: { id: point.id } }, body: loose(form({ sign: SIGNATURE, fileBase64: pdf, withoutAttorney })), ...multipart }))).toMatchObject({ success: true });
    await fails(c.main.POST('/v2/projects/sign/{id}', { params: { path: { id: 999999 } }, body: loose(form({ sign: SIGNATURE, fileBase64: pdf })), ...multipart }), 404);
  },
  async attorneyUpload(h) {
    const c = await h.as('grantee');
    const point = await onePoint(h, 'of the grantee', (p) => p.ownerId === 7 && !p.archive);
    const xml = '<?xml version="1.0" encoding="UTF-8"?><attorney><signer_fio>Петров Алексей Иванович</signer_fio><startDate>2026-01-01</startDate><endDate>2036-12-31</endDate></attorney>';
    const attorney = await ok(c.main.POST('/v2/projects/upload-attorney', { body: loose(form({ pointId: point.id, attorneyFile: file(xml, 'mchd.xml', 'application/xml') })), ...multipart }));
    expect(attorney).toMatchObject({ signer_fio: 'Петров Алексей Иванович', startDate: '01.01.2026', endDate: '31.12.2036' });
    await fails(c.main.POST('/v2/projects/upload-attorney', { body: loose(form({ pointId: point.id, attorneyFile: file(xml, 'mchd.txt') })), ...multipart }), 422, 'XML');
    await fails(c.main.POST('/v2/projects/upload-attorney', { body: loose(form({ pointId: 999999, attorneyFile: file(xml, 'mchd.xml') })), ...multipart }), 404);
  },

  // ---------------------------------------------------------------- recognition
  async recognitionParseFile(h) {
    const c = await h.as('grantee');
    const parsed = await ok(c.main.POST('/v2/projects/parce-file/{id}', { params: { path: { id: 'ATT_ST_SMETA' } }, body: loose(form({ file: file('Оборудование;100000\nМатериалы;50000\n', 'smeta.csv', 'text/csv') })), ...multipart }));
    expect(parsed.items.length).toBeGreaterThan(0);
    await fails(c.main.POST('/v2/projects/parce-file/{id}', { params: { path: { id: 'ATT_ST_LETTER' } }, body: loose(form({ file: file('%PDF-1.4', 'letter.pdf') })), ...multipart }), 422, 'не распознаётся');
    await fails(c.main.POST('/v2/projects/parce-file/{id}', { params: { path: { id: 'NO_SUCH' } }, body: loose(form({ file: file('x', 'x.csv') })), ...multipart }), 404);
  },
  async recognitionAcceptFile(h) {
    const c = await h.as('user');
    await ok(c.main.POST('/v2/projects/parce-file/{id}', { params: { path: { id: 'ATT_ST_SMETA' } }, body: loose(form({ file: file('Оборудование;100000\n', 'smeta.csv', 'text/csv') })), ...multipart }));
    expect(await ok(c.main.POST('/v2/projects/accept-file', { body: { attachementCode: 'ATT_ST_SMETA' } }))).toMatchObject({ success: true });
    await fails(c.main.POST('/v2/projects/accept-file', { body: { attachementCode: 'ATT_ST_EGRUL', fileIndex: 3 } }), 404);
    await fails(c.main.POST('/v2/projects/accept-file', { body: loose({}) }), 422);
  },
  async recognitionDeclineFile(h) {
    const c = await h.as('manager');
    await ok(c.main.POST('/v2/projects/parce-file/{id}', { params: { path: { id: 'ATT_ST_SMETA' } }, body: loose(form({ file: file('Оборудование;100000\n', 'smeta.csv', 'text/csv') })), ...multipart }));
    await ok(c.main.POST('/v2/projects/decline-file', { body: { attachementCode: 'ATT_ST_SMETA' } }));
    await fails(c.main.POST('/v2/projects/decline-file', { body: { attachementCode: 'ATT_ST_SMETA' } }), 404);
  },
  async recognitionFileValues(h) {
    const c = await h.as('expert');
    await ok(c.main.POST('/v2/projects/parce-file/{id}', { params: { path: { id: 'ATT_ST_SMETA' } }, body: loose(form({ file: file('Оборудование;100000\n', 'smeta.csv', 'text/csv') })), ...multipart }));
    const values = await ok(c.main.POST('/v2/projects/get-file-values', { body: { attachementCode: 'ATT_ST_SMETA' } }));
    expect(values.items.length).toBeGreaterThan(0);
    await fails(c.main.POST('/v2/projects/get-file-values', { body: { attachementCode: 'ATT_ST_EGRUL', fileIndex: 7 } }), 404);
  },
  async recognitionExampleFile(h) {
    const c = await h.as('grantee');
    const example = await ok(c.main.GET('/v2/projects/template/example/{code}', { params: { path: { code: 'ATT_ST_SMETA' } }, parseAs: 'text' }));
    expect(String(example)).toContain(';');
    await fails(c.main.GET('/v2/projects/template/example/{code}', { params: { path: { code: 'NO_SUCH' } }, parseAs: 'text' }), 404);
  },

  // ---------------------------------------------------------------- competitions and lookups
  async competitionActiveList(h) {
    const list = await ok((await h.as('grantee')).main.GET('/v2/projects/template/active'));
    expect(list.map((c) => c.code1C)).toContain('START-2026');
  },
  async competitionActiveGet(h) {
    const c = await h.as('grantee');
    const byCode = await ok(c.main.GET('/v2/projects/template/active/{id}', { params: { path: { id: 'START-2026' } } }));
    expect(await ok(c.main.GET('/v2/projects/template/active/{id}', { params: { path: { id: String(byCode.id) } } }))).toMatchObject({ code1C: 'START-2026' });
    await fails(c.main.GET('/v2/projects/template/active/{id}', { params: { path: { id: 'NO-SUCH' } } }), 404);
  },
  async competitionGroups(h) {
    expect((await ok((await h.as('grantee')).main.GET('/v2/projects/template/groups'))).length).toBeGreaterThan(0);
  },
  async lookupPointStatuses(h) {
    const statuses = await ok((await h.as('grantee')).main.GET('/v2/projects/point-status'));
    expect(statuses).toHaveLength(14);
  },
  async lookupProjects(h) {
    const list = await ok((await h.as('grantee')).main.GET('/v2/projects/list/project'));
    expect(list.length).toBeGreaterThan(0);
  },
  async lookupPrograms(h) {
    expect((await ok((await h.as('grantee')).main.GET('/v2/projects/list/programm'))).length).toBeGreaterThan(0);
  },
  async lookupTemplates(h) {
    expect((await ok((await h.as('grantee')).main.GET('/v2/projects/list/template'))).length).toBeGreaterThan(0);
  },
  async lookupTemplateGroups(h) {
    expect((await ok((await h.as('grantee')).main.GET('/v2/projects/list/template-group'))).length).toBeGreaterThan(0);
  },
  async lookupBriefcaseName(h) {
    const c = await h.as('grantee');
    const project = await ok(c.main.GET('/v1/projects/{id}', { params: { path: { id: 1 } } }));
    expect(project.briefcaseCode).toBeTruthy();
    expect(await ok(c.main.GET('/v2/projects/briefcase', { params: { query: { briefcaseCode: project.briefcaseCode! } } }))).toMatchObject({ briefcaseCode: project.briefcaseCode, name: expect.any(String) });
    await fails(c.main.GET('/v2/projects/briefcase', { params: { query: { briefcaseCode: 'BC-NONE' } } }), 404);
  },

  // ---------------------------------------------------------------- notes (drafts)
  async notesList(h) {
    const c = await h.as('grantee');
    const notes = await ok(c.main.GET('/v2/projects/notes'));
    expect(notes.length).toBeGreaterThan(0);
    const filtered = await ok(c.main.GET('/v2/projects/notes', { params: { query: { 'filter[name]': notes[0]!.name } } }));
    expect(filtered.map((n) => n.id)).toContain(notes[0]!.id);
  },
  async notesSave(h) {
    const c = await h.as('grantee');
    const saved = await ok(c.main.POST('/v2/projects/notes', { body: { code1C: KOMMERC, name: 'Черновик из контрактного теста' } }));
    expect(saved).toMatchObject({ name: 'Черновик из контрактного теста' });
    await fails(c.main.POST('/v2/projects/notes', { body: loose({ name: 42 }) }), 422);
  },

  // ---------------------------------------------------------------- RID
  async ridListByProject(h) {
    const c = await h.as('grantee');
    const rids = await ok(c.main.GET('/v2/projects/rid/project/{projectId}', { params: { path: { projectId: 1 } } }));
    expect(rids.length).toBeGreaterThan(0);
    await fails(c.main.GET('/v2/projects/rid/project/{projectId}', { params: { path: { projectId: 999999 } } }), 404);
    await fails((await h.as('user')).main.GET('/v2/projects/rid/project/{projectId}', { params: { path: { projectId: 1 } } }), 403);
  },
  async ridLoad(h) {
    const c = await h.as('grantee');
    expect((await ok(c.main.POST('/v2/projects/rid/load', { body: { projectId: 1 } }))).length).toBeGreaterThan(0);
    await fails(c.main.POST('/v2/projects/rid/load', { body: { projectId: 999999 } }), 404);
  },
  async ridGet(h) {
    const c = await h.as('grantee');
    const rids = await ok(c.main.GET('/v2/projects/rid/project/{projectId}', { params: { path: { projectId: 1 } } }));
    const id = (rids[0] as { id?: number }).id!;
    expect(await ok(c.main.GET('/v2/projects/rid/{id}', { params: { path: { id } } }))).toMatchObject({ id });
    await fails(c.main.GET('/v2/projects/rid/{id}', { params: { path: { id: 999999 } } }), 404);
  },
  async ridInit(h) {
    const c = await h.as('grantee');
    const rids = (await h.s.collection<Json>('rids').where({ _projectId: 1 })) as Json[];
    const pending = rids.find((r) => r.status === 'pending' && r.source === 'planned')!;
    const applied = rids.find((r) => r.status !== 'pending')!;
    expect(await ok(c.main.POST('/v2/projects/rid/init/{id}', { params: { path: { id: pending.id } } }))).toMatchObject({ success: true, pointId: expect.any(Number) });
    await fails(c.main.POST('/v2/projects/rid/init/{id}', { params: { path: { id: applied.id } } }), 422);
    await fails(c.main.POST('/v2/projects/rid/init/{id}', { params: { path: { id: 999999 } } }), 404);
  },
  async ridCreate(h) {
    const c = await h.as('grantee');
    const rids = (await h.s.collection<Json>('rids').where({ _projectId: 1 })) as Json[];
    const pending = rids.filter((r) => r.status === 'pending' && r.source === 'planned').at(-1)!;
    expect(await ok(c.main.POST('/v2/projects/rid/create/{projectId}/{planCode}', { params: { path: { projectId: 1, planCode: pending.planCode } } }))).toMatchObject({ success: true });
    await fails(c.main.POST('/v2/projects/rid/create/{projectId}/{planCode}', { params: { path: { projectId: 1, planCode: 'NO-PLAN' } } }), 404);
  },
  async ridUpdate(h) {
    const c = await h.as('grantee');
    const rids = (await h.s.collection<Json>('rids').where({ _projectId: 1 })) as Json[];
    const free = rids.find((r) => r.status !== 'pending' && !r._updatePointId)!;
    expect(await ok(c.main.POST('/v2/projects/rid/update/{id}', { params: { path: { id: free.id } } }))).toMatchObject({ success: true });
    await fails(c.main.POST('/v2/projects/rid/update/{id}', { params: { path: { id: free.id } } }), 409, 'РИД находится на редактировании');
    await fails(c.main.POST('/v2/projects/rid/update/{id}', { params: { path: { id: 999999 } } }), 404);
  },
  async ridCreateUnplanned(h) {
    const c = await h.as('grantee');
    expect(await ok(c.main.POST('/v2/projects/rid/unplanned', { body: { projectId: 1 } }))).toMatchObject({ success: true });
    await fails(c.main.POST('/v2/projects/rid/unplanned', { body: { projectId: 999999 } }), 404);
    await fails((await h.as('manager')).main.POST('/v2/projects/rid/unplanned', { body: { projectId: 1 } }), 403);
  },
  async ridActualize(h) {
    const c = await h.as('grantee');
    const rids = (await h.s.collection<Json>('rids').all()) as Json[];
    const mine = new Set((await ok(c.main.GET('/v1/projects', { params: { query: { pageSize: 100 } } }))).items.filter((p) => p.ownerId === 7).map((p) => p.id));
    const free = rids.find((r) => mine.has(r._projectId) && r.status !== 'pending' && !r._updatePointId && r.code)!;
    const body = { projectId: free._projectId, code: free.code, planCode: free.planCode ?? 'unplanned', type: free.type ?? '' };
    await fails(c.main.POST('/v2/projects/rid/actualize', { body: { ...body, type: 'WRONG' } }), 422, 'type');
    expect(await ok(c.main.POST('/v2/projects/rid/actualize', { body }))).toMatchObject({ success: true });
    await fails(c.main.POST('/v2/projects/rid/actualize', { body }), 409);
    await fails(c.main.POST('/v2/projects/rid/actualize', { body: { ...body, code: 'NO-CODE' } }), 404);
  },

  // ---------------------------------------------------------------- stash
  async stashGet(h) {
    const c = await h.as('grantee');
    await ok(c.main.POST('/v2/stash', { body: { hash: '7questionnaireCONTRACT-GET', field: 'KM_PROJECT_NAME', value: 'Из черновика' } }));
    const state = await ok(c.main.GET('/v2/stash', { params: { query: { hash: '7questionnaireCONTRACT-GET' } } }));
    expect(state.values).toMatchObject({ KM_PROJECT_NAME: 'Из черновика' });
    await fails(c.main.GET('/v2/stash', { params: { query: { hash: '8questionnaireCONTRACT-GET' } } }), 403);
  },
  async stashSetField(h) {
    const c = await h.as('grantee');
    const hash = '7questionnaireCONTRACT-SET';
    expect(await ok(c.main.POST('/v2/stash', { body: { hash, field: 'A', value: 'первое', seq: 5, opId: 'contract-op-1' } }))).toMatchObject({ success: true, seq: 5 });
    // The same operation again is idempotent; an older seq is refused.
    await ok(c.main.POST('/v2/stash', { body: { hash, field: 'A', value: 'первое', seq: 5, opId: 'contract-op-1' } }));
    await fails(c.main.POST('/v2/stash', { body: { hash, field: 'A', value: 'старое', seq: 3 } }), 409);
    await fails(c.main.POST('/v2/stash', { body: loose({ hash, value: 'без поля' }) }), 422);
    await fails(c.main.POST('/v2/stash', { body: { hash: '8questionnaireX', field: 'A', value: 'чужой' } }), 403);
  },
  async stashDeleteField(h) {
    const c = await h.as('grantee');
    const hash = '7questionnaireCONTRACT-DEL';
    await ok(c.main.POST('/v2/stash', { body: { hash, field: 'A', value: 'x', seq: 10 } }));
    await fails(c.main.DELETE('/v2/stash/field', { params: { query: { hash, field: 'A', seq: 9 } } }), 409);
    await ok(c.main.DELETE('/v2/stash/field', { params: { query: { hash, field: 'A', seq: 11 } } }));
    expect((await ok(c.main.GET('/v2/stash', { params: { query: { hash } } }))).values).toEqual({});
    await fails(c.main.DELETE('/v2/stash/field', { params: { query: { hash: '8questionnaireX', field: 'A' } } }), 403);
  },
  async stashClear(h) {
    const c = await h.as('grantee');
    const hash = '7questionnaireCONTRACT-CLEAR';
    await ok(c.main.POST('/v2/stash', { body: { hash, field: 'A', value: 'x' } }));
    await ok(c.main.POST('/v2/stash/clear', { body: { hash } }));
    expect((await ok(c.main.GET('/v2/stash', { params: { query: { hash } } }))).values).toEqual({});
    await fails(c.main.POST('/v2/stash/clear', { body: { hash: '8questionnaireX' } }), 403);
  },

  // ---------------------------------------------------------------- calendar and projects
  async calendarPoints(h) {
    const list = await ok((await h.as('grantee')).main.GET('/v2/projects/project-point/calendar'));
    expect(list.length).toBeGreaterThan(0);
  },
  async projectsList(h) {
    const list = await ok((await h.as('grantee')).main.GET('/v1/projects', { params: { query: { page: 1, pageSize: 5 } } }));
    expect(list.items.length).toBeLessThanOrEqual(5);
    expect(list._meta.perPage).toBe(5);
  },
  async projectGet(h) {
    const c = await h.as('grantee');
    expect(await ok(c.main.GET('/v1/projects/{id}', { params: { path: { id: 1 } } }))).toMatchObject({ id: 1 });
    await fails(c.main.GET('/v1/projects/{id}', { params: { path: { id: 999999 } } }), 404);
    await fails((await h.as('user')).main.GET('/v1/projects/{id}', { params: { path: { id: 1 } } }), 403);
  },
  async projectFileDownload(h) {
    const c = await h.as('grantee');
    const project = await ok(c.main.GET('/v1/projects/{id}', { params: { path: { id: 1 } } }));
    const first = project.files?.[0];
    expect(first, 'project 1 has files').toBeTruthy();
    const bytes = await ok(c.main.GET('/v1/projects/{id}/files/{fileId}', { params: { path: { id: 1, fileId: first!.id } }, parseAs: 'arrayBuffer' }));
    expect((bytes as unknown as ArrayBuffer).byteLength).toBeGreaterThan(0);
    await fails(c.main.GET('/v1/projects/{id}/files/{fileId}', { params: { path: { id: 1, fileId: 999999 } }, parseAs: 'text' }), 404);
  },

  // ---------------------------------------------------------------- messages host
  async messagesList(h) {
    const c = await h.as('grantee');
    const list = await ok(c.messages.GET('/messages', { params: { query: { project: MESSAGING, page: 1, pageSize: 5 } } }));
    expect(list.items.length).toBeGreaterThan(0);
    await fails(c.messages.GET('/messages', { params: { query: loose({ project: MESSAGING, page: 0 }) } }), 400);
  },
  async messagesCreate(h) {
    const manager = await h.as('manager');
    const sent = await ok(manager.messages.POST('/messages', { body: { project: MESSAGING, user_id: 8, message: 'Контрактный тест: проверьте отчет' } }));
    expect(sent).toMatchObject({ message: 'Контрактный тест: проверьте отчет', new: 'Y' });
    await fails((await h.as('grantee')).messages.POST('/messages', { body: { project: MESSAGING, user_id: 8, message: 'x' } }), 403);
    await fails(manager.messages.POST('/messages', { body: { project: MESSAGING, user_id: 999999, message: 'x' } }), 422, 'Пользователь не найден');
  },
  async messagesBatchCreate(h) {
    const manager = await h.as('manager');
    expect(await ok(manager.messages.POST('/messages/batch', { body: { project: MESSAGING, user_ids: [7, 8], message: 'Контрактный тест: рассылка' } }))).toMatchObject({ success: true });
    await fails(manager.messages.POST('/messages/batch', { body: { project: MESSAGING, user_ids: [999999], message: 'x' } }), 422);
    await fails((await h.as('grantee')).messages.POST('/messages/batch', { body: { project: MESSAGING, user_ids: [8], message: 'x' } }), 403);
  },
  async messagesRead(h) {
    const c = await h.as('grantee');
    const fresh = await ok(c.messages.GET('/messages/getnew', { params: { query: { project: MESSAGING } } }));
    const ids = fresh.data.items.map((n) => n.id);
    expect(ids.length).toBeGreaterThan(0);
    await ok(c.messages.POST('/messages/read', { body: { message: ids, project: MESSAGING } }));
    const after = await ok(c.messages.GET('/messages/getnew', { params: { query: { project: MESSAGING } } }));
    expect(after.data.items.map((n) => n.id).filter((id) => ids.includes(id))).toEqual([]);
    await fails(c.messages.POST('/messages/read', { body: { message: [999999], project: MESSAGING } }), 422);
  },
  async messagesGetNew(h) {
    const fresh = await ok((await h.as('user')).messages.GET('/messages/getnew', { params: { query: { project: MESSAGING } } }));
    expect(fresh.data.items.every((n) => n.new === 'Y')).toBe(true);
  },
  async userParamsGet(h) {
    const c = await h.as('grantee');
    await ok(c.messages.POST('/user/setparams', { body: { project: MESSAGING, params: { theme: 'dark' } } }));
    expect((await ok(c.messages.GET('/user/getparams', { params: { query: { project: MESSAGING } } }))).params).toMatchObject({ theme: 'dark' });
    await fails(c.messages.GET('/user/getparams', { params: { query: loose({}) } }), 400);
  },
  async userParamsSet(h) {
    const c = await h.as('user');
    expect(await ok(c.messages.POST('/user/setparams', { body: { project: MESSAGING, params: { compact: true } } }))).toMatchObject({ success: true });
    await fails(c.messages.POST('/user/setparams', { body: loose({ project: MESSAGING }) }), 422);
  },
  async notificationSettingsGet(h) {
    const settings = await ok((await h.as('grantee')).messages.GET('/notification/settings', { params: { query: { project: MESSAGING } } }));
    expect([0, 1]).toContain(settings.send_email);
  },
  async notificationChangeStatus(h) {
    const c = await h.as('expert');
    await ok(c.messages.POST('/notification/change-status', { body: { send_email: 0, project: MESSAGING } }));
    expect((await ok(c.messages.GET('/notification/settings'))).send_email).toBe(0);
    await ok(c.messages.POST('/notification/change-status', { body: { send_email: 1 } }));
    await fails(c.messages.POST('/notification/change-status', { body: loose({ send_email: 5 }) }), 422);
  },

  // ---------------------------------------------------------------- support host
  async supportThemeList(h) {
    const themes = await ok((await h.as('grantee')).support.GET('/themes', { params: { query: { project: MESSAGING } } }));
    expect(themes.map((t) => t.id)).toContain(9);
    await fails((await h.as('grantee')).support.GET('/themes', { params: { query: loose({}) } }), 400);
  },
  async supportMessageSend(h) {
    const c = await h.as('grantee');
    const sent = await ok(
      c.support.POST('/messages', {
        body: loose(form({ project: MESSAGING, theme: 9, subject: 'Ошибка подписи', message: 'Не находится сертификат', 'attachments[]': file('лог', 'log.txt', 'text/plain') })),
        ...multipart,
      }),
    );
    expect(sent).toMatchObject({ success: true });
    await fails(c.support.POST('/messages', { body: loose(form({ project: MESSAGING, theme: 9, subject: '', message: 'x' })), ...multipart }), 422);
  },
};
