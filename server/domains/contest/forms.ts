import { JsonReply, forbidden, notFound, unprocessable } from '../../lib/http';
import type { OperationHandlers } from '../../lib/operations';
import { page } from '../../lib/paging';
import type { Services } from '../../lib/services';
import type { Json } from '../../lib/spec';
import { isoNow } from '../projects-v1/model';
import { FORM_STATUSES, type Field, type Form, RULES, fieldView, isAdmin, strip } from './model';
import { contestTools } from './tools';

/** Forms of contests and their fields. */
export function contestFormHandlers(s: Services): OperationHandlers {
  const { contests, forms, fields, getContest, formView, checkDates, normaliseField, checkField } = contestTools(s);
  return {
    async formList({ query }) {
      const list = (await forms.all()).filter((f) => query.contest_id === undefined || f.contest_id === Number(query.contest_id));
      const paged = page(list, query);
      return { ...paged, items: await Promise.all(paged.items.map(formView)) };
    },
    async formCreate({ body, user }) {
      if (!isAdmin(user)) throw forbidden('Формы ведет администратор конкурса');
      await getContest(body.contest_id).catch(() => {
        throw unprocessable([{ field: 'contest_id', message: 'Конкурс не найден' }]);
      });
      const errors = checkDates(body, [['date_from', 'date_to']]);
      if (body.status && !FORM_STATUSES[body.status]) errors.push({ field: 'status', message: `Неизвестный статус; допустимо: ${Object.keys(FORM_STATUSES).join(', ')}` });
      if (!body.name.trim()) errors.push({ field: 'name', message: 'Заполните поле' });
      if (errors.length) throw unprocessable(errors);
      const now = isoNow(s);
      const sort = body.sort ?? (await forms.where({ contest_id: body.contest_id })).length * 10 + 10;
      const form = await forms.insert({
        contest_id: body.contest_id,
        name: body.name.trim(),
        description: body.description ?? null,
        status: body.status ?? 'draft',
        sort,
        date_from: body.date_from ?? null,
        date_to: body.date_to ?? null,
        created_at: now,
        updated_at: now,
      });
      return new JsonReply(201, await formView(form));
    },
    async formDuplicate({ query, user }) {
      if (!isAdmin(user)) throw forbidden('Формы ведет администратор конкурса');
      const source = await forms.get(Number(query.id));
      if (!source) throw notFound('Форма не найдена');
      await getContest(Number(query.contest_id));
      const now = isoNow(s);
      const copy = await forms.insert({
        ...strip(source),
        id: undefined,
        contest_id: Number(query.contest_id),
        name: source.contest_id === Number(query.contest_id) ? `${source.name} (копия)` : source.name,
        status: 'draft',
        created_at: now,
        updated_at: now,
      } as Omit<Form, 'id'>);
      // Fields are copied parents first so that parent_id can be remapped to the copies.
      const original = (await fields.where({ form_id: source.id })).sort((a, b) => (a.parent_id === null ? 0 : 1) - (b.parent_id === null ? 0 : 1) || a.id - b.id);
      const ids = new Map<number, number>();
      for (const f of original) {
        const created = await fields.insert({ ...f, id: undefined, form_id: copy.id, parent_id: f.parent_id === null ? null : (ids.get(f.parent_id) ?? null) } as Omit<Field, 'id'>);
        ids.set(f.id, created.id);
      }
      return formView(copy);
    },
    async formGet({ params }) {
      const form = await forms.get(Number(params.id));
      if (!form) throw notFound('Форма не найдена');
      return formView(form);
    },
    async formUpdate({ params, body, user }) {
      if (!isAdmin(user)) throw forbidden('Формы ведет администратор конкурса');
      const form = await forms.get(Number(params.id));
      if (!form) throw notFound('Форма не найдена');
      const next = { ...form, ...body, updated_at: isoNow(s) };
      const errors = checkDates(next, [['date_from', 'date_to']]);
      if (body.contest_id !== undefined && !(await contests.get(body.contest_id))) errors.push({ field: 'contest_id', message: 'Конкурс не найден' });
      if (body.status && !FORM_STATUSES[body.status]) errors.push({ field: 'status', message: `Неизвестный статус; допустимо: ${Object.keys(FORM_STATUSES).join(', ')}` });
      if (body.name !== undefined && !body.name.trim()) errors.push({ field: 'name', message: 'Заполните поле' });
      if (errors.length) throw unprocessable(errors);
      return formView(await forms.put(next));
    },
    async formFieldList({ query }) {
      const list = (await fields.all())
        .filter((f) => query.form_id === undefined || f.form_id === Number(query.form_id))
        .sort((a, b) => a.form_id - b.form_id || a.sort - b.sort || a.id - b.id);
      const paged = page(list, query);
      return { ...paged, items: paged.items.map(fieldView) };
    },
    async formFieldCreate({ body, user }) {
      if (!isAdmin(user)) throw forbidden('Поля форм ведет администратор конкурса');
      const form = await forms.get(body.form_id);
      if (!form) throw notFound('Форма не найдена');
      const input = normaliseField({
        parent_id: null,
        label: null,
        required: false,
        multiple: false,
        read_only: false,
        placeholder: null,
        description: null,
        default_value: null,
        options: [],
        rules: [],
        ...body,
        name: body.name.trim(),
      });
      input.sort ??= (await fields.where({ form_id: form.id })).length * 10 + 10;
      input.options = (input.options as Json[]).map((o, i) => ({ id: i + 1, disable: 'N', sort: (i + 1) * 10, description: null, ...o }));
      const errors = await checkField(input, form.id, null);
      if (errors.length) throw unprocessable(errors);
      return new JsonReply(201, fieldView(await fields.insert(input)));
    },
    async formFieldGetRules() {
      return RULES;
    },
    async formFieldUpdate({ params, body, user }) {
      if (!isAdmin(user)) throw forbidden('Поля форм ведет администратор конкурса');
      const field = await fields.get(Number(params.id));
      if (!field) throw notFound('Поле формы не найдено');
      const next = normaliseField({ ...field, ...body, ...(body.name !== undefined ? { name: body.name.trim() } : {}) });
      if (body.options) next.options = (body.options as Json[]).map((o, i) => ({ id: i + 1, disable: 'N', sort: (i + 1) * 10, description: null, ...o }));
      const errors = await checkField(next, field.form_id, field.id);
      if (field.type === 'group' && next.type !== 'group' && (await fields.where({ parent_id: field.id })).length) {
        errors.push({ field: 'type', message: 'В группе есть поля: сначала перенесите или удалите их' });
      }
      if (errors.length) throw unprocessable(errors);
      return fieldView(await fields.put(next));
    },
    async formFieldDelete({ params, user }) {
      if (!isAdmin(user)) throw forbidden('Поля форм ведет администратор конкурса');
      const field = await fields.get(Number(params.id));
      if (!field) throw notFound('Поле формы не найдено');
      // Removing a group removes its fields (as removing a group deletes its fields from a draft, SPEC §2).
      const children = await fields.where({ parent_id: field.id });
      for (const child of children) await fields.delete(child.id);
      await fields.delete(field.id);
      return { success: true, message: children.length ? `Поле и ${children.length} вложенных полей удалены` : 'Поле удалено' };
    },
  };
}
