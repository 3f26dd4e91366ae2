import { expect } from 'vitest';
import { fails, file, form, loose, multipart, ok, type CaseTable, type Harness } from './harness';
import { readXlsx, writeXlsx } from '../lib/xlsx-sample';

/** Contract cases of openapi/main.yaml "Projects v1" (actions, comments, Center NTI, parser, exports, registries, tickets). */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const xlsxFile = (rows: (string | number | null)[][], name = 'data.xlsx') => file(new Uint8Array(writeXlsx([{ name: 'Лист1', rows }])), name, XLSX);
const bytes = async (blob: Blob) => Buffer.from(await blob.arrayBuffer());

/** The template code of an existing project (templates come from the competitions seed). */
async function someTemplateCode(h: Harness): Promise<string> {
  const c = await h.as('grantee');
  const list = await ok(c.main.GET('/v1/projects', { params: { query: { page: 1, pageSize: 5 } } }));
  const code = list.items.find((p) => p.templateCode)?.templateCode;
  expect(code, 'a seeded project has a templateCode').toBeTruthy();
  return code!;
}

/** A fresh draft project of the grantee (POST /v1/projects). */
export async function draftProject(h: Harness, name = 'Контрактный тест: датчик качества воды') {
  const c = await h.as('grantee');
  return ok(c.main.POST('/v1/projects', { body: { name, templateCode: await someTemplateCode(h), inn: '5406123456', contractNo: null } }), 201);
}

const REGISTRY_ROWS = {
  consortiums: {
    path: '/v1/consortiums',
    good: { projectId: 1, name: 'ООО «Контракт-Тест»', inn: '5406000001', kpp: '540601001', ogrn: '1165476000001', role: 'Партнер' },
    bad: { projectId: 1, name: 'ООО «Плохой ИНН»', inn: '123' },
    badField: 'inn',
    importRows: [
      ['Наименование организации', 'ИНН', 'КПП', 'Роль в консорциуме'],
      ['ООО «Импорт-1»', '5406000002', '540601001', 'Партнер'],
      ['ООО «Импорт-2»', '12', null, 'Партнер'],
    ],
  },
  employees: {
    path: '/v1/employees',
    good: { projectId: 1, centerNtiId: 1, lastname: 'Тестов', firstname: 'Контракт', middlename: 'Иванович', email: 'test@example.ru' },
    bad: { projectId: 1, lastname: 'Тестов', firstname: 'Контракт', email: 'не-почта' },
    badField: 'email',
    importRows: [
      ['Фамилия', 'Имя', 'Отчество', 'E-mail'],
      ['Импортов', 'Сергей', 'Петрович', 'importov@example.ru'],
      [null, 'Без фамилии', null, 'x@example.ru'],
    ],
  },
  contacts: {
    path: '/v1/grantee-contacts',
    good: { projectId: 1, fio: 'Контрактов Тест Тестович', position: 'Бухгалтер', email: 'buh@example.ru', phone: '+7 (900) 000-00-00', type: 'Бухгалтерия' },
    bad: { projectId: 1, fio: 'Без почты', email: 'почта@' },
    badField: 'email',
    importRows: [
      ['ФИО', 'Должность', 'E-mail', 'Телефон', 'Вид контакта'],
      ['Импортова Анна Сергеевна', 'Юрист', 'law@example.ru', '+7 (900) 111-22-33', 'Юридические вопросы'],
      ['Плохая Почта', 'Юрист', 'not-an-email', null, null],
    ],
  },
} as const;

type RegistryKey = keyof typeof REGISTRY_ROWS;

/** The eight calls of one spreadsheet registry (create, read, update, delete, template, import, export, list). */
function registryCases(key: RegistryKey, ids: Record<'list' | 'create' | 'template' | 'import' | 'export' | 'get' | 'update' | 'remove', string>): CaseTable {
  const def = REGISTRY_ROWS[key];
  // The registry paths share one shape; the typed client is addressed through a literal union of them.
  const p = def.path as '/v1/consortiums';
  const byId = `${def.path}/{id}` as '/v1/consortiums/{id}';
  const create = async (h: Harness) => {
    const c = await h.as('grantee');
    return ok(c.main.POST(p, { body: loose(def.good) }), 201) as Promise<{ id: number } & Record<string, unknown>>;
  };
  return {
    async [ids.list](h) {
      const created = await create(h);
      const grantee = await h.as('grantee');
      const mine = await ok(grantee.main.GET(p, { params: { query: { projectId: 1, page: 1, pageSize: 100 } } }));
      expect(mine.items.some((r) => r.id === created.id)).toBe(true);
      expect(mine._meta.totalCount).toBe(mine.items.length);
      // Another grantee does not see project 1's records (project 1 belongs to the grantee account).
      const other = await h.as('user');
      const theirs = await ok(other.main.GET(p, { params: { query: { projectId: 1 } } }));
      expect(theirs.items.some((r) => r.id === created.id)).toBe(false);
      await fails(grantee.main.GET(p, { params: { query: loose({ projectId: 'один' }) } }), 400);
      await fails(grantee.main.GET(p, { params: { query: { pageSize: 1000 } } }), 400);
    },
    async [ids.create](h) {
      const created = await create(h);
      expect(created).toMatchObject(def.good);
      const c = await h.as('grantee');
      await fails(c.main.POST(p, { body: loose(def.bad) }), 422, def.badField);
      await fails(c.main.POST(p, { body: loose({ projectId: 1 }) }), 422);
      await fails(c.main.POST(p, { body: loose({ ...def.good, projectId: 999999 }) }), 422, 'Проект не найден');
      const stranger = await h.as('user');
      await fails(stranger.main.POST(p, { body: loose(def.good) }), 403);
    },
    async [ids.get](h) {
      const created = await create(h);
      const c = await h.as('grantee');
      expect(await ok(c.main.GET(byId, { params: { path: { id: created.id } } }))).toMatchObject({ id: created.id });
      const manager = await h.as('manager');
      await ok(manager.main.GET(byId, { params: { path: { id: created.id } } }));
      await fails(c.main.GET(byId, { params: { path: { id: 999999 } } }), 404);
      await fails((await h.as('user')).main.GET(byId, { params: { path: { id: created.id } } }), 403);
      await fails(c.main.GET(byId, { params: { path: loose({ id: 'abc' }) } }), 400);
    },
    async [ids.update](h) {
      const created = await create(h);
      const c = await h.as('grantee');
      const changed = { ...def.good, ...(key === 'employees' ? { position: 'Главный инженер' } : key === 'contacts' ? { position: 'Главный бухгалтер' } : { role: 'Соисполнитель' }) };
      const updated = await ok(c.main.PUT(byId, { params: { path: { id: created.id } }, body: loose(changed) }));
      expect(updated).toMatchObject(changed);
      await fails(c.main.PUT(byId, { params: { path: { id: created.id } }, body: loose(def.bad) }), 422, def.badField);
      await fails(c.main.PUT(byId, { params: { path: { id: 999999 } }, body: loose(def.good) }), 404);
    },
    async [ids.remove](h) {
      const created = await create(h);
      const c = await h.as('grantee');
      await fails((await h.as('user')).main.DELETE(byId, { params: { path: { id: created.id } } }), 403);
      expect(await ok(c.main.DELETE(byId, { params: { path: { id: created.id } } }))).toMatchObject({ success: true });
      await fails(c.main.DELETE(byId, { params: { path: { id: created.id } } }), 404);
      await fails(c.main.GET(byId, { params: { path: { id: created.id } } }), 404);
    },
    async [ids.template](h) {
      const c = await h.as('grantee');
      const blob = await ok(c.main.GET(`${def.path}/template` as '/v1/consortiums/template', { parseAs: 'blob' }));
      const rows = readXlsx(await bytes(blob as unknown as Blob));
      expect(rows[0]).toEqual(expect.arrayContaining([def.importRows[0]![0]]));
      expect(rows.length).toBe(2);
      await fails(h.anon.main.GET(`${def.path}/template` as '/v1/consortiums/template', { parseAs: 'blob' }), 401);
    },
    async [ids.import](h) {
      const c = await h.as('grantee');
      const extra = key === 'employees' ? { centerNtiId: 2 } : {};
      const outcome = await ok(
        c.main.POST(`${def.path}/import` as '/v1/consortiums/import', {
          body: loose(form({ file: xlsxFile(def.importRows as unknown as (string | number | null)[][]), projectId: 1, ...extra })),
          ...multipart,
        }),
      );
      expect(outcome).toMatchObject({ success: false, imported: 1, skipped: 1 });
      expect(outcome.errors[0]).toMatchObject({ row: 3 });
      // The template downloaded from the server imports cleanly (round trip).
      const template = await ok(c.main.GET(`${def.path}/template` as '/v1/consortiums/template', { parseAs: 'blob' }));
      const again = await ok(
        c.main.POST(`${def.path}/import` as '/v1/consortiums/import', {
          body: loose(form({ file: file(new Uint8Array(await bytes(template as unknown as Blob)), 'template.xlsx', XLSX), projectId: 1, ...extra })),
          ...multipart,
        }),
      );
      expect(again).toMatchObject({ success: true, imported: 1, errors: [] });
      // CSV with a semicolon is read as well.
      const header = (def.importRows[0] as readonly (string | null)[]).join(';');
      const row = (def.importRows[1] as readonly (string | null)[]).map((v) => v ?? '').join(';');
      const csv = await ok(c.main.POST(`${def.path}/import` as '/v1/consortiums/import', { body: loose(form({ file: file(`${header}\n${row}\n`, 'data.csv', 'text/csv'), projectId: 1, ...extra })), ...multipart }));
      expect(csv).toMatchObject({ success: true, imported: 1 });
      await fails(c.main.POST(`${def.path}/import` as '/v1/consortiums/import', { body: loose(form({ projectId: 1 })), ...multipart }), 422, 'file');
      await fails(c.main.POST(`${def.path}/import` as '/v1/consortiums/import', { body: loose(form({ file: file(new Uint8Array([0, 1, 2, 0]), 'x.bin'), projectId: 1 })), ...multipart }), 422, 'Не удалось прочитать файл');
      await fails(c.main.POST(`${def.path}/import` as '/v1/consortiums/import', { body: loose(form({ file: xlsxFile([['Что-то', 'Другое'], ['a', 'b']]), projectId: 1 })), ...multipart }), 422, 'нет столбца');
      await fails((await h.as('user')).main.POST(`${def.path}/import` as '/v1/consortiums/import', { body: loose(form({ file: xlsxFile(def.importRows as unknown as (string | number | null)[][]), projectId: 1 })), ...multipart }), 403);
    },
    async [ids.export](h) {
      const created = await create(h);
      const c = await h.as('grantee');
      const blob = await ok(c.main.GET(`${def.path}/export` as '/v1/consortiums/export', { params: { query: { projectId: 1 } }, parseAs: 'blob' }));
      const rows = readXlsx(await bytes(blob as unknown as Blob));
      const firstKey = Object.values(def.good).find((v) => typeof v === 'string' && v !== def.good.projectId.toString());
      expect(rows.flat()).toContain(key === 'employees' ? created.lastname : firstKey);
      await fails(c.main.GET(`${def.path}/export` as '/v1/consortiums/export', { params: { query: loose({ projectId: 0 }) }, parseAs: 'blob' }), 400);
    },
  };
}

export const projectsV1Cases: CaseTable = {
  async projectCreate(h) {
    const project = await draftProject(h);
    expect(project).toMatchObject({ status: { name: 'Черновик' }, ownerId: 7 });
    expect(project.users?.map((u) => u.id)).toEqual([7]);
    const c = await h.as('grantee');
    await fails(c.main.POST('/v1/projects', { body: loose({ templateCode: 'START-2026' }) }), 422, 'name');
    await fails(c.main.POST('/v1/projects', { body: { name: 'Нет такого конкурса', templateCode: 'NO-SUCH-CODE' } }), 422, 'Конкурс с таким кодом не найден');
    await fails(c.main.POST('/v1/projects', { body: loose({ name: 'ИНН', templateCode: 'X', inn: '123' }) }), 422, 'inn');
    await fails((await h.as('monitor')).main.POST('/v1/projects', { body: { name: 'Монитор не создает', templateCode: 'START-2026' } }), 403);
  },
  async projectUpdate(h) {
    const project = await draftProject(h);
    const c = await h.as('grantee');
    const updated = await ok(c.main.PUT('/v1/projects/{id}', { params: { path: { id: project.id } }, body: { name: 'Переименованный проект', contractNo: '25-2-000123' } }));
    expect(updated).toMatchObject({ name: 'Переименованный проект', contractNo: '25-2-000123' });
    await fails(c.main.PUT('/v1/projects/{id}', { params: { path: { id: project.id } }, body: loose({}) }), 422);
    await fails(c.main.PUT('/v1/projects/{id}', { params: { path: { id: 999999 } }, body: { name: 'Нет проекта' } }), 404);
    await fails((await h.as('user')).main.PUT('/v1/projects/{id}', { params: { path: { id: project.id } }, body: { name: 'Чужой' } }), 403);
    // A running (accepted) project cannot be edited.
    await fails(c.main.PUT('/v1/projects/{id}', { params: { path: { id: 1 } }, body: { name: 'Нельзя' } }), 409, 'изменить нельзя');
  },
  async projectSendForApproval(h) {
    const project = await draftProject(h);
    const c = await h.as('grantee');
    await ok(c.main.PATCH('/v1/projects/{id}/send-for-approval', { params: { path: { id: project.id } }, body: { comment: 'Прошу согласовать' } }));
    const after = await ok(c.main.GET('/v1/projects/{id}', { params: { path: { id: project.id } } }));
    expect(after.status.name).toBe('На согласовании');
    await fails(c.main.PATCH('/v1/projects/{id}/send-for-approval', { params: { path: { id: project.id } }, body: { comment: 'Еще раз' } }), 409, 'Действие недоступно');
    await fails(c.main.PATCH('/v1/projects/{id}/send-for-approval', { params: { path: { id: project.id } }, body: loose({}) }), 422);
    await fails(c.main.PATCH('/v1/projects/{id}/send-for-approval', { params: { path: { id: 999999 } }, body: { comment: '' } }), 404);
  },
  async projectReview(h) {
    const project = await draftProject(h);
    const grantee = await h.as('grantee');
    const monitor = await h.as('monitor');
    await fails(monitor.main.POST('/v1/projects/{id}/review', { params: { path: { id: project.id } }, body: { comment: '' } }), 409);
    await ok(grantee.main.PATCH('/v1/projects/{id}/send-for-approval', { params: { path: { id: project.id } }, body: { comment: '' } }));
    await fails(grantee.main.POST('/v1/projects/{id}/review', { params: { path: { id: project.id } }, body: { comment: 'Сам себя' } }), 403);
    await ok(monitor.main.POST('/v1/projects/{id}/review', { params: { path: { id: project.id } }, body: { comment: 'Проверено' } }));
    expect((await ok(grantee.main.GET('/v1/projects/{id}', { params: { path: { id: project.id } } }))).status.name).toBe('Проверен');
    await fails(monitor.main.POST('/v1/projects/{id}/review', { params: { path: { id: project.id } }, body: loose({ comment: 5 }) }), 422);
  },
  async projectAccept(h) {
    const project = await draftProject(h);
    const grantee = await h.as('grantee');
    const manager = await h.as('manager');
    await fails(manager.main.PATCH('/v1/projects/{id}/accept', { params: { path: { id: project.id } } }), 409, 'Черновик');
    await ok(grantee.main.PATCH('/v1/projects/{id}/send-for-approval', { params: { path: { id: project.id } }, body: { comment: '' } }));
    await fails(grantee.main.PATCH('/v1/projects/{id}/accept', { params: { path: { id: project.id } } }), 403);
    await ok(manager.main.PATCH('/v1/projects/{id}/accept', { params: { path: { id: project.id } } }));
    expect((await ok(manager.main.GET('/v1/projects/{id}', { params: { path: { id: project.id } } }))).status.name).toBe('Принят');
    await fails(manager.main.PATCH('/v1/projects/{id}/accept', { params: { path: { id: project.id } } }), 409);
    await fails(manager.main.PATCH('/v1/projects/{id}/accept', { params: { path: { id: 999999 } } }), 404);
  },
  async projectReject(h) {
    const project = await draftProject(h);
    const grantee = await h.as('grantee');
    const manager = await h.as('manager');
    await ok(grantee.main.PATCH('/v1/projects/{id}/send-for-approval', { params: { path: { id: project.id } }, body: { comment: '' } }));
    await fails(manager.main.PATCH('/v1/projects/{id}/reject', { params: { path: { id: project.id } }, body: loose({ comment: '' }) }), 422);
    await ok(manager.main.PATCH('/v1/projects/{id}/reject', { params: { path: { id: project.id } }, body: { comment: 'Не приложена смета' } }));
    expect((await ok(grantee.main.GET('/v1/projects/{id}', { params: { path: { id: project.id } } }))).status.name).toBe('Отклонен');
    const comments = await ok(grantee.main.GET('/v1/projects/{id}/comments', { params: { path: { id: project.id } } }));
    expect(comments.map((c) => c.comment)).toContain('Не приложена смета');
    // Rejected → editable again, and resent it becomes "improved".
    await ok(grantee.main.PUT('/v1/projects/{id}', { params: { path: { id: project.id } }, body: { description: 'Смета приложена' } }));
    await ok(grantee.main.PATCH('/v1/projects/{id}/send-for-approval', { params: { path: { id: project.id } }, body: { comment: 'Исправлено' } }));
    expect((await ok(grantee.main.GET('/v1/projects/{id}', { params: { path: { id: project.id } } }))).status.name).toBe('Доработан');
    await fails(manager.main.PATCH('/v1/projects/{id}/reject', { params: { path: { id: 1 } }, body: { comment: 'Нельзя' } }), 409);
  },
  async projectCommentsList(h) {
    const c = await h.as('grantee');
    const list = await ok(c.main.GET('/v1/projects/{id}/comments', { params: { path: { id: 1 } } }));
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]).toMatchObject({ projectId: 1 });
    await fails(c.main.GET('/v1/projects/{id}/comments', { params: { path: { id: 999999 } } }), 404);
    await fails((await h.as('user')).main.GET('/v1/projects/{id}/comments', { params: { path: { id: 1 } } }), 403);
  },
  async projectCommentCreate(h) {
    const c = await h.as('grantee');
    const created = await ok(c.main.POST('/v1/projects/{id}/comments', { params: { path: { id: 1 } }, body: { comment: 'Направили уточненную смету' } }), 201);
    expect(created).toMatchObject({ projectId: 1, comment: 'Направили уточненную смету', userId: 7 });
    await fails(c.main.POST('/v1/projects/{id}/comments', { params: { path: { id: 1 } }, body: loose({ comment: '' }) }), 422);
    await fails(c.main.POST('/v1/projects/{id}/comments', { params: { path: { id: 1 } }, body: loose({ comment: 'x', extra: 1 }) }), 422);
    await fails(c.main.POST('/v1/projects/{id}/comments', { params: { path: { id: 999999 } }, body: { comment: 'x' } }), 404);
  },

  async centerNtiList(h) {
    const c = await h.as('grantee');
    const list = await ok(c.main.GET('/v1/center-nti', { params: { query: { page: 1, pageSize: 2 } } }));
    expect(list.items).toHaveLength(2);
    expect(list._meta).toMatchObject({ currentPage: 1, perPage: 2 });
    expect(list._meta.totalCount).toBeGreaterThanOrEqual(5);
    await fails(c.main.GET('/v1/center-nti', { params: { query: loose({ page: 0 }) } }), 400);
  },
  async centerNtiCreate(h) {
    const manager = await h.as('manager');
    const created = await ok(manager.main.POST('/v1/center-nti', { body: { fullTitle: 'Центр компетенций НТИ «Квантовые коммуникации» на базе НИТУ МИСИС', shortTitle: 'ЦК НТИ «Квант»', programNumber: 'НТИ-2020-09', codePpp: '0000909' } }), 201);
    expect(created.codePpp).toBe('0000909');
    await fails(manager.main.POST('/v1/center-nti', { body: { fullTitle: 'Дубль', shortTitle: 'Дубль', programNumber: '1', codePpp: '0000909' } }), 422, 'уже есть');
    // SPEC §5 codePpp 7 characters.
    await fails(manager.main.POST('/v1/center-nti', { body: { fullTitle: 'Коротко', shortTitle: 'К', programNumber: '1', codePpp: '123' } }), 422, 'codePpp');
    await fails(manager.main.POST('/v1/center-nti', { body: loose({ fullTitle: 'Нет полей' }) }), 422);
    await fails((await h.as('grantee')).main.POST('/v1/center-nti', { body: { fullTitle: 'Грантополучатель', shortTitle: 'Г', programNumber: '1', codePpp: '7777777' } }), 403);
  },
  async centerNtiDelete(h) {
    const admin = await h.as('admin');
    const created = await ok(admin.main.POST('/v1/center-nti', { body: { fullTitle: 'Временный центр', shortTitle: 'Временный', programNumber: 'НТИ-0', codePpp: '0000999' } }), 201);
    const employee = await ok(admin.main.POST('/v1/employees', { body: { centerNtiId: created.id, lastname: 'Временный', firstname: 'Сотрудник' } }), 201);
    await fails((await h.as('grantee')).main.DELETE('/v1/center-nti/{id}', { params: { path: { id: created.id } } }), 403);
    await ok(admin.main.DELETE('/v1/center-nti/{id}', { params: { path: { id: created.id } } }));
    expect((await ok(admin.main.GET('/v1/employees/{id}', { params: { path: { id: employee.id } } }))).centerNtiId).toBeNull();
    await fails(admin.main.DELETE('/v1/center-nti/{id}', { params: { path: { id: created.id } } }), 404);
  },

  ...parserCases(),

  async projectsExport(h) {
    const c = await h.as('grantee');
    const blob = await ok(c.main.GET('/v1/projects/export', { parseAs: 'blob' }));
    const rows = readXlsx(await bytes(blob as unknown as Blob));
    expect(rows[0]).toEqual(['ID', 'Проект', 'Конкурс', 'Статус', 'Контрагент', 'ИНН', 'Номер договора']);
    const visible = await ok(c.main.GET('/v1/projects', { params: { query: { pageSize: 100 } } }));
    expect(rows.length - 1).toBe(visible._meta.totalCount);
    await fails(h.anon.main.GET('/v1/projects/export', { parseAs: 'blob' }), 401);
  },
  async projectExportDocument(h) {
    const c = await h.as('grantee');
    const blob = await ok(c.main.GET('/v1/projects/export-document', { params: { query: { projectId: 1 } }, parseAs: 'blob' }));
    expect((await bytes(blob as unknown as Blob)).subarray(0, 5).toString()).toBe('%PDF-');
    await fails(c.main.GET('/v1/projects/export-document', { params: { query: { projectId: 999999 } }, parseAs: 'blob' }), 404);
    await fails(c.main.GET('/v1/projects/export-document', { params: { query: loose({}) }, parseAs: 'blob' }), 400);
    await fails((await h.as('user')).main.GET('/v1/projects/export-document', { params: { query: { projectId: 1 } }, parseAs: 'blob' }), 403);
  },
  async projectExportProgram(h) {
    const c = await h.as('grantee');
    const project = await ok(c.main.GET('/v1/projects/{id}', { params: { path: { id: 1 } } }));
    const blob = await ok(c.main.GET('/v1/projects/export-program', { params: { query: { projectId: 1 } }, parseAs: 'blob' }));
    const rows = readXlsx(await bytes(blob as unknown as Blob));
    expect(rows.length - 1).toBe(project.plan?.length ?? 0);
    await fails(c.main.GET('/v1/projects/export-program', { params: { query: loose({ projectId: 'x' }) }, parseAs: 'blob' }), 400);
    await fails(c.main.GET('/v1/projects/export-program', { params: { query: { projectId: 999999 } }, parseAs: 'blob' }), 404);
  },
  async projectTemplateDownload(h) {
    const c = await h.as('grantee');
    for (const templateType of ['summary', 'years', 'performance', 'implementation-plan', 'additional-need', 'consortiums', 'employees', 'grantee-contacts']) {
      const blob = await ok(c.main.GET('/v1/projects/template', { params: { query: { templateType } }, parseAs: 'blob' }));
      expect(readXlsx(await bytes(blob as unknown as Blob)).length).toBeGreaterThan(1);
    }
    await fails(c.main.GET('/v1/projects/template', { params: { query: { templateType: 'no-such' } }, parseAs: 'blob' }), 404);
    await fails(c.main.GET('/v1/projects/template', { params: { query: loose({}) }, parseAs: 'blob' }), 400);
  },

  ...registryCases('consortiums', { list: 'consortiumsList', create: 'consortiumCreate', template: 'consortiumsTemplate', import: 'consortiumsImport', export: 'consortiumsExport', get: 'consortiumGet', update: 'consortiumUpdate', remove: 'consortiumDelete' }),
  ...registryCases('employees', { list: 'employeesList', create: 'employeeCreate', template: 'employeesTemplate', import: 'employeesImport', export: 'employeesExport', get: 'employeeGet', update: 'employeeUpdate', remove: 'employeeDelete' }),
  ...registryCases('contacts', { list: 'granteeContactsList', create: 'granteeContactCreate', template: 'granteeContactsTemplate', import: 'granteeContactsImport', export: 'granteeContactsExport', get: 'granteeContactGet', update: 'granteeContactUpdate', remove: 'granteeContactDelete' }),

  async ticketCreate(h) {
    const c = await h.as('grantee');
    const ticket = await ok(c.main.POST('/v1/projects/ticket', { body: { projectId: 1, status: 'new' } }), 201);
    expect(ticket).toMatchObject({ projectId: 1, status: 'new', statusName: 'Новая', fileId: null });
    await fails(c.main.POST('/v1/projects/ticket', { body: { projectId: 1, status: 'accepted' } }), 422, 'status');
    await fails(c.main.POST('/v1/projects/ticket', { body: loose({ projectId: 1 }) }), 422);
    await fails(c.main.POST('/v1/projects/ticket', { body: { projectId: 999999, status: 'new' } }), 404);
    await fails((await h.as('user')).main.POST('/v1/projects/ticket', { body: { projectId: 1, status: 'new' } }), 403);
  },
  async ticketGet(h) {
    const c = await h.as('grantee');
    const ticket = await ok(c.main.POST('/v1/projects/ticket', { body: { projectId: 1, status: 'draft' } }), 201);
    expect(await ok(c.main.GET('/v1/projects/ticket/{id}', { params: { path: { id: ticket.id } } }))).toEqual(ticket);
    await ok((await h.as('manager')).main.GET('/v1/projects/ticket/{id}', { params: { path: { id: ticket.id } } }));
    await fails(c.main.GET('/v1/projects/ticket/{id}', { params: { path: { id: 999999 } } }), 404);
    await fails((await h.as('user')).main.GET('/v1/projects/ticket/{id}', { params: { path: { id: ticket.id } } }), 403);
  },
  async ticketBlank(h) {
    const c = await h.as('grantee');
    const ticket = await ok(c.main.POST('/v1/projects/ticket', { body: { projectId: 1, status: 'new' } }), 201);
    const blank = await ok(c.main.PATCH('/v1/projects/ticket/{id}/blank', { params: { path: { id: ticket.id } } }));
    expect(blank).toMatchObject({ status: 'blank-ready', fileId: expect.any(Number) });
    const row = await h.s.db.one<{ mime: string; content: Uint8Array }>('SELECT mime, content FROM files WHERE id = $1', [blank.fileId]);
    expect(Buffer.from(row!.content).subarray(0, 5).toString()).toBe('%PDF-');
    // Regenerating replaces the blank.
    const again = await ok(c.main.PATCH('/v1/projects/ticket/{id}/blank', { params: { path: { id: ticket.id } } }));
    expect(again.fileId).not.toBe(blank.fileId);
    await ok(c.main.PATCH('/v1/projects/ticket/{id}/{action}', { params: { path: { id: ticket.id, action: 'cancel' } } }));
    await fails(c.main.PATCH('/v1/projects/ticket/{id}/blank', { params: { path: { id: ticket.id } } }), 409);
    await fails(c.main.PATCH('/v1/projects/ticket/{id}/blank', { params: { path: { id: 999999 } } }), 404);
  },
  async ticketAction(h) {
    const c = await h.as('grantee');
    const manager = await h.as('manager');
    const ticket = await ok(c.main.POST('/v1/projects/ticket', { body: { projectId: 1, status: 'new' } }), 201);
    await fails(c.main.PATCH('/v1/projects/ticket/{id}/{action}', { params: { path: { id: ticket.id, action: 'send' } } }), 409, 'Новая');
    const blank = await ok(c.main.PATCH('/v1/projects/ticket/{id}/blank', { params: { path: { id: ticket.id } } }));
    const other = await ok(c.main.POST('/v1/projects/ticket', { body: { projectId: 1, status: 'new' } }), 201);
    const signatureSource = await ok(c.main.PATCH('/v1/projects/ticket/{id}/blank', { params: { path: { id: other.id } } }));
    await ok(c.main.POST('/v1/projects/ticket-signature', { body: { ticketId: blank.id, fileId: signatureSource.fileId! } }));
    const sent = await ok(c.main.PATCH('/v1/projects/ticket/{id}/{action}', { params: { path: { id: ticket.id, action: 'send' } } }));
    expect(sent).toMatchObject({ status: 'sent', statusName: 'Отправлена' });
    await fails(c.main.PATCH('/v1/projects/ticket/{id}/{action}', { params: { path: { id: ticket.id, action: 'accept' } } }), 403);
    expect(await ok(manager.main.PATCH('/v1/projects/ticket/{id}/{action}', { params: { path: { id: ticket.id, action: 'accept' } } }))).toMatchObject({ status: 'accepted' });
    await fails(manager.main.PATCH('/v1/projects/ticket/{id}/{action}', { params: { path: { id: ticket.id, action: 'reject' } } }), 409);
    await fails(c.main.PATCH('/v1/projects/ticket/{id}/{action}', { params: { path: { id: ticket.id, action: 'teleport' } } }), 400, 'Неизвестное действие');
    await fails(c.main.PATCH('/v1/projects/ticket/{id}/{action}', { params: { path: { id: ticket.id, action: 'Bad_Action' } } }), 400);
    await fails(c.main.PATCH('/v1/projects/ticket/{id}/{action}', { params: { path: { id: 999999, action: 'send' } } }), 404);
  },
  async ticketSignatureCreate(h) {
    const c = await h.as('grantee');
    const ticket = await ok(c.main.POST('/v1/projects/ticket', { body: { projectId: 1, status: 'new' } }), 201);
    const other = await ok(c.main.POST('/v1/projects/ticket', { body: { projectId: 1, status: 'new' } }), 201);
    const otherBlank = await ok(c.main.PATCH('/v1/projects/ticket/{id}/blank', { params: { path: { id: other.id } } }));
    await fails(c.main.POST('/v1/projects/ticket-signature', { body: { ticketId: ticket.id, fileId: otherBlank.fileId! } }), 422, 'сформированным бланком');
    const blank = await ok(c.main.PATCH('/v1/projects/ticket/{id}/blank', { params: { path: { id: ticket.id } } }));
    await fails(c.main.POST('/v1/projects/ticket-signature', { body: { ticketId: ticket.id, fileId: blank.fileId! } }), 422, 'не может совпадать');
    await fails(c.main.POST('/v1/projects/ticket-signature', { body: { ticketId: ticket.id, fileId: 999999 } }), 422, 'Файл подписи не найден');
    await ok(c.main.POST('/v1/projects/ticket-signature', { body: { ticketId: ticket.id, fileId: otherBlank.fileId! } }));
    expect(await ok(c.main.GET('/v1/projects/ticket/{id}', { params: { path: { id: ticket.id } } }))).toMatchObject({ status: 'signed', signatureFileId: otherBlank.fileId });
    await fails(c.main.POST('/v1/projects/ticket-signature', { body: { ticketId: 999999, fileId: 1 } }), 404);
    await fails(c.main.POST('/v1/projects/ticket-signature', { body: loose({ ticketId: ticket.id }) }), 422);
  },
};

function parserCases(): CaseTable {
  const paths = {
    indicatorParserSummary: ['/v1/projects/indicator-parser/summary', 'summary'],
    indicatorParserYears: ['/v1/projects/indicator-parser/years', 'years'],
    indicatorParserPerformance: ['/v1/projects/indicator-parser/performance', 'performance'],
    indicatorParserImplementationPlan: ['/v1/projects/indicator-parser/implementation-plan', 'implementation-plan'],
    indicatorParserAdditionalNeed: ['/v1/projects/indicator-parser/additional-need', 'additional-need'],
  } as const;
  const out: CaseTable = {};
  for (const [op, [path, type]] of Object.entries(paths)) {
    out[op] = async (h) => {
      const c = await h.as('grantee');
      const p = path as '/v1/projects/indicator-parser/summary';
      // The server's own template parses without errors.
      const template = await ok(c.main.GET('/v1/projects/template', { params: { query: { templateType: type } }, parseAs: 'blob' }));
      const templateBytes = new Uint8Array(await bytes(template as unknown as Blob));
      const parsed = await ok(c.main.POST(p, { body: loose(form({ file: file(templateBytes, `${type}.xlsx`, XLSX), projectId: 1 })), ...multipart }));
      expect(parsed.type).toBe(type);
      expect(parsed.errors).toEqual([]);
      expect(parsed.rows.length).toBe(readXlsx(Buffer.from(templateBytes)).length - 1);
      // A bad cell becomes an entry of `errors` with its row index, not an HTTP error.
      const rows = readXlsx(Buffer.from(templateBytes)) as (string | number | null)[][];
      const broken = rows.map((r) => [...r]);
      const numericColumn = broken[0]!.findIndex((h) => typeof h === 'number' || h === 'План');
      if (numericColumn >= 0) {
        broken[1]![numericColumn] = 'много';
        const withError = await ok(c.main.POST(p, { body: loose(form({ file: xlsxFile(broken) })), ...multipart }));
        expect(withError.errors[0]).toMatchObject({ valueIndex: 0 });
      } else {
        broken[1]![broken[0]!.indexOf('Начало')] = '31.02.2025';
        const withError = await ok(c.main.POST(p, { body: loose(form({ file: xlsxFile(broken) })), ...multipart }));
        expect(withError.errors[0]?.message).toContain('ДД.ММ.ГГГГ');
      }
      await fails(c.main.POST(p, { body: loose(form({ projectId: 1 })), ...multipart }), 422, 'file');
      await fails(c.main.POST(p, { body: loose(form({ file: xlsxFile([['Наименование'], ['Только имя']]) })), ...multipart }), type === 'years' ? 422 : 422, 'нет столб');
      await fails(c.main.POST(p, { body: loose(form({ file: xlsxFile(rows), projectId: 999999 })), ...multipart }), 422, 'Проект не найден');
      await fails(c.main.POST(p, { body: loose({ file: 'not multipart' }) }), 400);
    };
  }
  return out;
}
