import { expect } from 'vitest';
import { fails, file, form, loose, multipart, ok, type CaseTable, type Harness } from './harness';
import { readXlsx } from '../lib/xlsx-sample';

/** Contract cases of openapi/contest.yaml (the second API: contests, results, applications, forms, form fields). */

let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter}`;

async function newContest(h: Harness, extra: Record<string, string> = {}) {
  const c = await h.as('contestAdmin');
  return ok(c.contest.POST('/api/contest', { body: loose(form({ name: unique('Контрактный конкурс'), status: 'published', type: 'start', ...extra })), ...multipart }), 201);
}

/** An active form with a required text field, an INN field, a select and a PDF drop-file field. */
async function activeForm(h: Harness) {
  const admin = await h.as('contestAdmin');
  const contest = await newContest(h);
  const created = await ok(admin.contest.POST('/api/form', { body: { contest_id: contest.id, name: 'Заявка', status: 'active' } }), 201);
  const field = (body: Record<string, unknown>) => ok(admin.contest.POST('/api/formfields', { body: loose({ form_id: created.id, ...body }) }), 201);
  const name = await field({ name: 'project_name', label: 'Название проекта', type: 'text', required: true });
  const inn = await field({ name: 'inn', label: 'ИНН', type: 'text', rules: [{ name: 'granteeINN' }] });
  const direction = await field({ name: 'direction', label: 'Направление', type: 'select', options: [{ value: 'it', name: 'Цифровые технологии' }, { value: 'bio', name: 'Биотехнологии', disable: 'Y' }] });
  const deck = await field({ name: 'deck', label: 'Презентация', type: 'dropFile', rules: [{ name: 'file', extensions: ['pdf'], maxSize: 1024 }] });
  return { contest, form: created, fields: { name, inn, direction, deck } };
}

const values = (list: [number, string | null][]) => JSON.stringify(list.map(([field_id, value]) => ({ field_id, value })));

export const contestCases: CaseTable = {
  async contestList(h) {
    const c = await h.as('grantee');
    const list = await ok(c.contest.GET('/api/contest', { params: { query: { page: 1, pageSize: 2 } } }));
    expect(list.items.length).toBeLessThanOrEqual(2);
    expect(list._meta.totalCount).toBeGreaterThanOrEqual(4);
    const typed = await ok(c.contest.GET('/api/contest', { params: { query: { type: 'development' } } }));
    expect(typed.items.every((x) => x.type === 'development')).toBe(true);
    expect(typed.items.length).toBeGreaterThan(0);
    await fails(c.contest.GET('/api/contest', { params: { query: loose({ page: 'первая' }) } }), 400);
  },
  async contestCreate(h) {
    const admin = await h.as('contestAdmin');
    const created = await ok(
      admin.contest.POST('/api/contest', {
        body: loose(
          form({
            name: 'Конкурс с материалами',
            status: 'draft',
            date_from: '2030-01-01T00:00:00+03:00',
            date_to: '2030-03-01T00:00:00+03:00',
            image: file('PNGDATA', 'cover.png', 'image/png'),
            files: [file('Положение о конкурсе', 'Положение.pdf', 'application/pdf'), file('Форма сметы', 'Смета.xlsx')],
          }),
        ),
        ...multipart,
      }),
      201,
    );
    expect(created.files?.map((f) => f.name)).toEqual(['Положение.pdf', 'Смета.xlsx']);
    expect(created).toMatchObject({ status: 'draft', managers: [], experts: [], monitors: [] });
    await fails(admin.contest.POST('/api/contest', { body: loose(form({ name: 'Даты наоборот', date_from: '2030-03-01T00:00:00Z', date_to: '2030-01-01T00:00:00Z' })), ...multipart }), 422, 'date_to');
    await fails(admin.contest.POST('/api/contest', { body: loose(form({ status: 'draft' })), ...multipart }), 422, 'name');
    await fails(admin.contest.POST('/api/contest', { body: loose(form({ name: 'Статус', status: 'closed-forever' })), ...multipart }), 422, 'status');
    await fails((await h.as('grantee')).contest.POST('/api/contest', { body: loose(form({ name: 'Не админ' })), ...multipart }), 403);
  },
  async contestGet(h) {
    const c = await h.as('manager');
    const contest = await ok(c.contest.GET('/api/contest/{id}', { params: { path: { id: 1 } } }));
    expect(contest.managers?.[0]).toMatchObject({ user_id: 1, role: 'manager', user: { fio: 'Соколова Анна Викторовна' } });
    await fails(c.contest.GET('/api/contest/{id}', { params: { path: { id: 999999 } } }), 404);
    await fails(c.contest.GET('/api/contest/{id}', { params: { path: loose({ id: 0 }) } }), 400);
  },
  async contestUpdate(h) {
    const contest = await newContest(h);
    const admin = await h.as('contestAdmin');
    const updated = await ok(admin.contest.PUT('/api/contest/{id}', { params: { path: { id: contest.id } }, body: { status: 'expertise', description: 'Этап экспертизы' } }));
    expect(updated).toMatchObject({ status: 'expertise', description: 'Этап экспертизы' });
    await fails(admin.contest.PUT('/api/contest/{id}', { params: { path: { id: contest.id } }, body: { status: 'unknown' } }), 422, 'status');
    await fails(admin.contest.PUT('/api/contest/{id}', { params: { path: { id: contest.id } }, body: loose({ name: '' }) }), 422);
    await fails(admin.contest.PUT('/api/contest/{id}', { params: { path: { id: 999999 } }, body: { status: 'draft' } }), 404);
    await fails((await h.as('manager')).contest.PUT('/api/contest/{id}', { params: { path: { id: contest.id } }, body: { status: 'draft' } }), 403);
  },
  ...linkCases('manager', 1, 5),
  ...linkCases('monitor', 4, 7),
  ...linkCases('expert', 5, 1),
  async contestSetUserStatus(h) {
    const contest = await newContest(h);
    const admin = await h.as('contestAdmin');
    await ok(admin.contest.POST('/api/contest/addexpert', { body: { contest_id: contest.id, user_id: 5 } }));
    const link = await ok(admin.contest.POST('/api/contest/setuserstatus', { body: { contest_id: contest.id, user_id: 5, status: 0 } }));
    expect(link).toMatchObject({ role: 'expert', status: 0 });
    expect((await ok(admin.contest.GET('/api/contest/{id}', { params: { path: { id: contest.id } } }))).experts?.[0]?.status).toBe(0);
    await fails(admin.contest.POST('/api/contest/setuserstatus', { body: loose({ contest_id: contest.id, user_id: 5, status: 2 }) }), 422);
    await fails(admin.contest.POST('/api/contest/setuserstatus', { body: { contest_id: contest.id, user_id: 1, status: 1 } }), 404);
  },

  async resultList(h) {
    const admin = await h.as('contestAdmin');
    const all = await ok(admin.contest.GET('/api/result', { params: { query: { pageSize: 100 } } }));
    expect(all._meta.totalCount).toBeGreaterThanOrEqual(12);
    const submitted = await ok(admin.contest.GET('/api/result', { params: { query: { status: 'submitted', form_id: 1 } } }));
    expect(submitted.items.every((r) => r.status === 'submitted' && r.form_id === 1)).toBe(true);
    // A participant sees only their own results.
    const mine = await ok((await h.as('user')).contest.GET('/api/result', { params: { query: { pageSize: 100 } } }));
    expect(mine.items.every((r) => r.user_id === 8)).toBe(true);
    expect(mine.items.length).toBeGreaterThan(0);
    await fails(admin.contest.GET('/api/result', { params: { query: loose({ form_id: 'первая' }) } }), 400);
  },
  async resultCreate(h) {
    const { form: f, fields } = await activeForm(h);
    const grantee = await h.as('grantee');
    const created = await ok(
      grantee.contest.POST('/api/result', {
        body: loose(form({ form_id: f.id, status: 'submitted', values: values([[fields.name.id, 'Умный счетчик воды'], [fields.inn.id, '5406123456'], [fields.direction.id, 'it']]), files: file('%PDF-1.4', 'deck.pdf', 'application/pdf'), file_field_ids: fields.deck.id })),
        ...multipart,
      }),
      201,
    );
    expect(created).toMatchObject({ status: 'submitted', user_id: 7, status_name: 'Подана' });
    expect(created.files?.[0]).toMatchObject({ name: 'deck.pdf', field_id: fields.deck.id });
    const apps = await ok(grantee.contest.GET('/api/application', { params: { query: { contest_id: f.contest_id } } }));
    expect(apps.items[0]).toMatchObject({ name: 'Умный счетчик воды', result_id: created.id, status: 'submitted' });
    // Rule failures carry field, valueIndex and groupIndex (SPEC §5).
    const other = await h.as('user');
    const bad = await fails(
      other.contest.POST('/api/result', { body: loose(form({ form_id: f.id, status: 'submitted', values: values([[fields.inn.id, '123'], [fields.direction.id, 'bio']]) })), ...multipart }),
      422,
    );
    expect(bad.errors).toEqual(
      expect.arrayContaining([
        { field: 'inn', message: 'ИНН получателя 10 символов', valueIndex: 0, groupIndex: 0 },
        { field: 'direction', message: 'Выберите значение из списка', valueIndex: 0, groupIndex: 0 },
        { field: 'project_name', message: 'Заполните поле', valueIndex: 0, groupIndex: 0 },
      ]),
    );
    await fails(other.contest.POST('/api/result', { body: loose(form({ form_id: f.id, files: file('x', 'deck.exe'), file_field_ids: fields.deck.id })), ...multipart }), 422, 'Формат файла не');
    await fails(other.contest.POST('/api/result', { body: loose(form({ form_id: f.id, files: file('x'.repeat(2048), 'deck.pdf'), file_field_ids: fields.deck.id })), ...multipart }), 422, 'Размер файла превышает');
    await fails(other.contest.POST('/api/result', { body: loose(form({ form_id: f.id, values: '{не json' })), ...multipart }), 422, 'values');
    await fails(grantee.contest.POST('/api/result', { body: loose(form({ form_id: f.id })), ...multipart }), 422, 'уже заполнили');
    await fails(other.contest.POST('/api/result', { body: loose(form({ form_id: 999999 })), ...multipart }), 404);
    await fails(other.contest.POST('/api/result', { body: loose(form({ values: '[]' })), ...multipart }), 422, 'form_id');
    // Closed forms take no new results (seeded form 3 is closed).
    await fails(other.contest.POST('/api/result', { body: loose(form({ form_id: 3 })), ...multipart }), 422, 'не принимает');
  },
  async resultSetStatus(h) {
    const { form: f, fields } = await activeForm(h);
    const grantee = await h.as('grantee');
    const draft = await ok(grantee.contest.POST('/api/result', { body: loose(form({ form_id: f.id, values: values([[fields.inn.id, '5406123456']]) })), ...multipart }), 201);
    // Submitting checks required fields.
    await fails(grantee.contest.GET('/api/result/setstatus', { params: { query: { id: draft.id, status: 'submitted' } } }), 422, 'Заполните поле');
    await ok(grantee.contest.PUT('/api/result/{id}', { params: { path: { id: draft.id } }, body: { values: [{ field_id: fields.name.id, value: 'Проект' }, { field_id: fields.inn.id, value: '5406123456' }] } }));
    await ok(grantee.contest.GET('/api/result/setstatus', { params: { query: { id: draft.id, status: 'submitted' } } }));
    await fails(grantee.contest.GET('/api/result/setstatus', { params: { query: { id: draft.id, status: 'accepted' } } }), 403);
    const admin = await h.as('contestAdmin');
    await ok(admin.contest.GET('/api/result/setstatus', { params: { query: { id: draft.id, status: 'accepted' } } }));
    await fails(admin.contest.GET('/api/result/setstatus', { params: { query: { id: draft.id, status: 'rejected' } } }), 409, 'Нельзя перевести');
    await fails(admin.contest.GET('/api/result/setstatus', { params: { query: { id: draft.id, status: 'lost' } } }), 422, 'Неизвестный статус');
    await fails(admin.contest.GET('/api/result/setstatus', { params: { query: loose({ id: draft.id }) } }), 400);
    await fails(admin.contest.GET('/api/result/setstatus', { params: { query: { id: 999999, status: 'accepted' } } }), 404);
  },
  async resultExport(h) {
    const admin = await h.as('contestAdmin');
    const blob = await ok(admin.contest.GET('/api/result/export', { params: { query: { form_id: 1, file: 'Результаты Старт' } }, parseAs: 'blob' }));
    const rows = readXlsx(Buffer.from(await (blob as unknown as Blob).arrayBuffer()));
    expect(rows[0]?.slice(0, 5)).toEqual(['ID', 'Форма', 'Участник', 'E-mail', 'Статус']);
    expect(rows[0]).toContain('Название проекта');
    const list = await ok(admin.contest.GET('/api/result', { params: { query: { form_id: 1, pageSize: 100 } } }));
    expect(rows.length - 1).toBe(list._meta.totalCount);
    await fails((await h.as('grantee')).contest.GET('/api/result/export', { parseAs: 'blob' }), 403);
    await fails(admin.contest.GET('/api/result/export', { params: { query: loose({ form_id: -1 }) }, parseAs: 'blob' }), 400);
  },
  async resultGet(h) {
    const admin = await h.as('contestAdmin');
    const result = await ok(admin.contest.GET('/api/result/{id}', { params: { path: { id: 1 } } }));
    expect(result).toMatchObject({ id: 1, form: { id: 1 } });
    expect(result.values?.length).toBeGreaterThan(0);
    await fails(admin.contest.GET('/api/result/{id}', { params: { path: { id: 999999 } } }), 404);
    await fails((await h.as('user')).contest.GET('/api/result/{id}', { params: { path: { id: 1 } } }), 403);
  },
  async resultUpdate(h) {
    const { form: f, fields } = await activeForm(h);
    const grantee = await h.as('grantee');
    const draft = await ok(grantee.contest.POST('/api/result', { body: loose(form({ form_id: f.id })), ...multipart }), 201);
    const updated = await ok(grantee.contest.PUT('/api/result/{id}', { params: { path: { id: draft.id } }, body: { values: [{ field_id: fields.name.id, value: 'Новое название' }], status: 'submitted' } }));
    expect(updated).toMatchObject({ status: 'submitted' });
    await fails(grantee.contest.PUT('/api/result/{id}', { params: { path: { id: draft.id } }, body: { values: [{ field_id: fields.name.id, value: 'Поздно' }] } }), 409, 'изменить нельзя');
    await fails(grantee.contest.PUT('/api/result/{id}', { params: { path: { id: draft.id } }, body: loose({ values: [{ value: 'без поля' }] }) }), 422);
    await fails(grantee.contest.PUT('/api/result/{id}', { params: { path: { id: 999999 } }, body: { status: 'submitted' } }), 404);
  },

  async contestApplicationList(h) {
    const admin = await h.as('contestAdmin');
    const list = await ok(admin.contest.GET('/api/application', { params: { query: { contest_id: 1 } } }));
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((a) => a.contest_id === 1)).toBe(true);
    await fails(admin.contest.GET('/api/application', { params: { query: loose({ contest_id: 'x' }) } }), 400);
  },
  async contestApplicationGet(h) {
    const admin = await h.as('contestAdmin');
    const app = await ok(admin.contest.GET('/api/application/{id}', { params: { path: { id: 1 } } }));
    expect(app.result).toMatchObject({ id: app.result_id });
    await ok((await h.as('manager')).contest.GET('/api/application/{id}', { params: { path: { id: 1 } } }));
    await fails(admin.contest.GET('/api/application/{id}', { params: { path: { id: 999999 } } }), 404);
    await fails((await h.as('noRole')).contest.GET('/api/application/{id}', { params: { path: { id: 1 } } }), 403);
  },

  async formList(h) {
    const c = await h.as('contestAdmin');
    const list = await ok(c.contest.GET('/api/form', { params: { query: { contest_id: 1 } } }));
    expect(list.items.map((f) => f.name)).toEqual(['Заявка на участие', 'Анкета эксперта']);
    expect(list.items[0]?.fields?.length).toBeGreaterThan(5);
    await fails(c.contest.GET('/api/form', { params: { query: { pageSize: 0 } } }), 400);
  },
  async formCreate(h) {
    const contest = await newContest(h);
    const admin = await h.as('contestAdmin');
    const created = await ok(admin.contest.POST('/api/form', { body: { contest_id: contest.id, name: 'Анкета участника', date_from: '2030-01-01T00:00:00Z', date_to: '2030-02-01T00:00:00Z' } }), 201);
    expect(created).toMatchObject({ status: 'draft', fields: [] });
    await fails(admin.contest.POST('/api/form', { body: { contest_id: contest.id, name: 'Даты', date_from: '2030-02-01T00:00:00Z', date_to: '2030-01-01T00:00:00Z' } }), 422, 'date_to');
    await fails(admin.contest.POST('/api/form', { body: { contest_id: 999999, name: 'Нет конкурса' } }), 422, 'Конкурс не найден');
    await fails(admin.contest.POST('/api/form', { body: loose({ contest_id: contest.id }) }), 422, 'name');
    await fails((await h.as('grantee')).contest.POST('/api/form', { body: { contest_id: contest.id, name: 'x' } }), 403);
  },
  async formDuplicate(h) {
    const contest = await newContest(h);
    const admin = await h.as('contestAdmin');
    const copy = await ok(admin.contest.GET('/api/form/duplicate', { params: { query: { id: 1, contest_id: contest.id } } }));
    const source = await ok(admin.contest.GET('/api/form/{id}', { params: { path: { id: 1 } } }));
    expect(copy).toMatchObject({ contest_id: contest.id, name: source.name, status: 'draft' });
    expect(copy.fields?.map((f) => f.name).sort()).toEqual(source.fields?.map((f) => f.name).sort());
    // Group members point at the copy of their group.
    const group = copy.fields?.find((f) => f.name === 'team');
    expect(copy.fields?.find((f) => f.name === 'member_fio')?.parent_id).toBe(group?.id);
    await fails(admin.contest.GET('/api/form/duplicate', { params: { query: { id: 999999, contest_id: contest.id } } }), 404);
    await fails(admin.contest.GET('/api/form/duplicate', { params: { query: loose({ id: 1 }) } }), 400);
  },
  async formGet(h) {
    const c = await h.as('grantee');
    const got = await ok(c.contest.GET('/api/form/{id}', { params: { path: { id: 1 } } }));
    expect(got.fields?.map((f) => f.sort)).toEqual([...(got.fields ?? [])].map((f) => f.sort).sort((a, b) => a - b));
    await fails(c.contest.GET('/api/form/{id}', { params: { path: { id: 999999 } } }), 404);
  },
  async formUpdate(h) {
    const { form: f } = await activeForm(h);
    const admin = await h.as('contestAdmin');
    expect(await ok(admin.contest.PUT('/api/form/{id}', { params: { path: { id: f.id } }, body: { status: 'closed' } }))).toMatchObject({ status: 'closed' });
    await fails(admin.contest.PUT('/api/form/{id}', { params: { path: { id: f.id } }, body: { status: 'gone' } }), 422, 'status');
    await fails(admin.contest.PUT('/api/form/{id}', { params: { path: { id: f.id } }, body: { contest_id: 999999 } }), 422, 'Конкурс не найден');
    await fails(admin.contest.PUT('/api/form/{id}', { params: { path: { id: 999999 } }, body: { name: 'x' } }), 404);
  },

  async formFieldList(h) {
    const c = await h.as('contestAdmin');
    const list = await ok(c.contest.GET('/api/formfields', { params: { query: { form_id: 1, pageSize: 100 } } }));
    expect(list.items.every((f) => f.form_id === 1)).toBe(true);
    expect(list.items.length).toBe(list._meta.totalCount);
    await fails(c.contest.GET('/api/formfields', { params: { query: loose({ form_id: 'one' }) } }), 400);
  },
  async formFieldCreate(h) {
    const { form: f, fields } = await activeForm(h);
    const admin = await h.as('contestAdmin');
    const group = await ok(admin.contest.POST('/api/formfields', { body: { form_id: f.id, name: 'team', type: 'group', multiple: true } }), 201);
    const member = await ok(admin.contest.POST('/api/formfields', { body: { form_id: f.id, name: 'member', type: 'text', parent_id: group.id, rules: [{ name: 'string', max: 100 }] } }), 201);
    expect(member.rules?.[0]).toMatchObject({ name: 'string', max: 100, message: expect.any(String) });
    await fails(admin.contest.POST('/api/formfields', { body: { form_id: f.id, name: 'project_name', type: 'text' } }), 422, 'уже есть');
    await fails(admin.contest.POST('/api/formfields', { body: { form_id: f.id, name: 'pick', type: 'radio' } }), 422, 'варианты');
    await fails(admin.contest.POST('/api/formfields', { body: { form_id: f.id, name: 'nested', type: 'text', parent_id: fields.name.id } }), 422, 'parent_id');
    await fails(admin.contest.POST('/api/formfields', { body: { form_id: f.id, name: 'len', type: 'text', rules: [{ name: 'granteeINN', length: 12 }] } }), 422, '10 символов');
    await fails(admin.contest.POST('/api/formfields', { body: { form_id: f.id, name: 'doc', type: 'text', rules: [{ name: 'file', extensions: ['pdf'] }] } }), 422, 'файловым полям');
    await fails(admin.contest.POST('/api/formfields', { body: loose({ form_id: f.id, name: 'bad', type: 'slider' }) }), 422, 'type');
    await fails(admin.contest.POST('/api/formfields', { body: { form_id: 999999, name: 'x', type: 'text' } }), 404);
  },
  async formFieldGetRules(h) {
    const c = await h.as('contestAdmin');
    const rules = await ok(c.contest.GET('/api/formfields/getrules'));
    expect(rules.map((r) => r.name)).toEqual(['required', 'email', 'phone-number', 'url', 'latin', 'cannotStartWithNumber', 'granteeKPP', 'granteeINN', 'granteeOGRN', 'granteeOKTMO', 'codePpp', 'string', 'file']);
    expect(rules.find((r) => r.name === 'codePpp')).toMatchObject({ length: 7, message: 'Номер Центра НТИ в системе 1С 7 символов' });
    await fails(h.anon.contest.GET('/api/formfields/getrules'), 401);
  },
  async formFieldUpdate(h) {
    const { fields } = await activeForm(h);
    const admin = await h.as('contestAdmin');
    const updated = await ok(admin.contest.PUT('/api/formfields/{id}', { params: { path: { id: fields.name.id } }, body: { label: 'Наименование проекта', rules: [{ name: 'cannotStartWithNumber' }] } }));
    expect(updated).toMatchObject({ label: 'Наименование проекта', rules: [{ name: 'cannotStartWithNumber', message: 'Начало строки не может начинаться с числа' }] });
    await fails(admin.contest.PUT('/api/formfields/{id}', { params: { path: { id: fields.name.id } }, body: { name: 'inn' } }), 422, 'уже есть');
    await fails(admin.contest.PUT('/api/formfields/{id}', { params: { path: { id: fields.name.id } }, body: loose({ required: 'да' }) }), 422);
    await fails(admin.contest.PUT('/api/formfields/{id}', { params: { path: { id: 999999 } }, body: { label: 'x' } }), 404);
  },
  async formFieldDelete(h) {
    const { form: f } = await activeForm(h);
    const admin = await h.as('contestAdmin');
    const group = await ok(admin.contest.POST('/api/formfields', { body: { form_id: f.id, name: 'team', type: 'group' } }), 201);
    await ok(admin.contest.POST('/api/formfields', { body: { form_id: f.id, name: 'member', type: 'text', parent_id: group.id } }), 201);
    await fails((await h.as('manager')).contest.DELETE('/api/formfields/{id}', { params: { path: { id: group.id } } }), 403);
    expect(await ok(admin.contest.DELETE('/api/formfields/{id}', { params: { path: { id: group.id } } }))).toMatchObject({ success: true });
    const left = await ok(admin.contest.GET('/api/formfields', { params: { query: { form_id: f.id } } }));
    expect(left.items.map((x) => x.name)).not.toContain('member');
    await fails(admin.contest.DELETE('/api/formfields/{id}', { params: { path: { id: group.id } } }), 404);
  },
};

function linkCases(role: 'manager' | 'monitor' | 'expert', userId: number, wrongUserId: number): CaseTable {
  const cap = role[0]!.toUpperCase() + role.slice(1);
  const add = `/api/contest/add${role}` as '/api/contest/addmanager';
  const del = `/api/contest/del${role}` as '/api/contest/delmanager';
  return {
    [`contestAdd${cap}`]: async (h) => {
      const contest = await newContest(h);
      const admin = await h.as('contestAdmin');
      const link = await ok(admin.contest.POST(add, { body: { contest_id: contest.id, user_id: userId } }));
      expect(link).toMatchObject({ contest_id: contest.id, user_id: userId, role, status: 1 });
      await fails(admin.contest.POST(add, { body: { contest_id: contest.id, user_id: userId } }), 422, 'уже назначен');
      await fails(admin.contest.POST(add, { body: { contest_id: contest.id, user_id: wrongUserId } }), 422, 'нет подходящей роли');
      await fails(admin.contest.POST(add, { body: { contest_id: contest.id, user_id: 999999 } }), 404);
      await fails(admin.contest.POST(add, { body: { contest_id: 999999, user_id: userId } }), 404);
      await fails(admin.contest.POST(add, { body: loose({ contest_id: contest.id }) }), 422);
      await fails((await h.as('grantee')).contest.POST(add, { body: { contest_id: contest.id, user_id: userId } }), 403);
    },
    [`contestDel${cap}`]: async (h) => {
      const contest = await newContest(h);
      const admin = await h.as('contestAdmin');
      await ok(admin.contest.POST(add, { body: { contest_id: contest.id, user_id: userId } }));
      expect(await ok(admin.contest.POST(del, { body: { contest_id: contest.id, user_id: userId } }))).toMatchObject({ success: true });
      await fails(admin.contest.POST(del, { body: { contest_id: contest.id, user_id: userId } }), 404, 'не назначен');
      await fails(admin.contest.POST(del, { body: loose({ contest_id: 'x', user_id: userId }) }), 422);
    },
  };
}
