import { JsonReply, conflict, fileReply, forbidden, notFound, unprocessable } from '../../lib/http';
import type { OperationHandlers } from '../../lib/operations';
import { page } from '../../lib/paging';
import type { Services } from '../../lib/services';
import type { Json } from '../../lib/spec';
import { XLSX_MIME, writeXlsx, type Cell } from '../../lib/xlsx-sample';
import { fullNameOf, isoNow } from '../projects-v1/model';
import { RESULT_EDITABLE, RESULT_STATUSES, type Result, isAdmin, validateValues } from './model';
import { contestTools } from './tools';

/** Results (filled forms) and applications of contests. */
export function contestResultHandlers(s: Services): OperationHandlers {
  const { forms, fields, results, applications, usersById, linkedContests, canSeeResult, canDecideResult, resultView, applicationView, storeResultFiles, changeResultStatus } = contestTools(s);
  return {
    async resultList({ query, user }) {
      const visible: Result[] = [];
      for (const r of await results.all()) {
        if ((query.status === undefined || r.status === query.status) && (query.form_id === undefined || r.form_id === Number(query.form_id)) && (await canSeeResult(r, user))) visible.push(r);
      }
      const paged = page(visible.reverse(), query);
      return { ...paged, items: await Promise.all(paged.items.map(resultView)) };
    },
    async resultCreate({ body, files, user }) {
      const form = await forms.get(Number(body.form_id));
      if (!form) throw notFound('Форма не найдена');
      const now = s.clock.now();
      if (form.status !== 'active') throw unprocessable([{ field: 'form_id', message: 'Форма не принимает заполнения' }]);
      if ((form.date_from && Date.parse(form.date_from) > now) || (form.date_to && Date.parse(form.date_to) < now)) {
        throw unprocessable([{ field: 'form_id', message: 'Срок заполнения формы истек или еще не начался' }]);
      }
      const status = body.status ?? 'draft';
      if (!['draft', 'submitted'].includes(status)) throw unprocessable([{ field: 'status', message: 'Новый результат создается в статусе draft или submitted' }]);
      let values: Json[] = [];
      if (body.values !== undefined) {
        try {
          values = JSON.parse(body.values);
        } catch {
          throw unprocessable([{ field: 'values', message: 'values должен быть JSON-массивом значений' }]);
        }
        const shapeOk = Array.isArray(values) && values.every((v) => v && Number.isInteger(v.field_id) && (v.value === null || typeof v.value === 'string'));
        if (!shapeOk) throw unprocessable([{ field: 'values', message: 'Каждое значение: {field_id: целое, value: строка или null}' }]);
        values = values.map((v) => ({ field_id: v.field_id, value: v.value, groupIndex: v.groupIndex ?? 0, valueIndex: v.valueIndex ?? 0 }));
      }
      const existing = (await results.where({ form_id: form.id, user_id: user.id }))[0];
      if (existing) throw unprocessable([{ field: 'form_id', message: `Вы уже заполнили эту форму (результат № ${existing.id})` }]);
      const formFields = await fields.where({ form_id: form.id });
      const fileIds = (body.file_field_ids ?? []).map(Number);
      const errors = validateValues(formFields, values, { submit: status === 'submitted', fileFieldIds: fileIds });
      const upload = await storeResultFiles(formFields, files.files ?? [], fileIds);
      errors.push(...upload.errors);
      if (errors.length) throw unprocessable(errors);
      const iso = isoNow(s);
      const result = await results.insert({ form_id: form.id, contest_id: form.contest_id, user_id: user.id, status, values, files: upload.stored, created_at: iso, updated_at: iso });
      const nameField = formFields.find((f) => f.name === 'project_name');
      const name = values.find((v) => nameField && v.field_id === nameField.id)?.value ?? form.name;
      await applications.insert({ contest_id: form.contest_id, form_id: form.id, result_id: result.id, user_id: user.id, name, status, created_at: iso, updated_at: iso });
      return new JsonReply(201, await resultView(result));
    },
    async resultSetStatus({ query, user }) {
      const result = await results.get(Number(query.id));
      if (!result) throw notFound('Результат не найден');
      if (!(await canSeeResult(result, user))) throw forbidden();
      const next = await changeResultStatus(result, String(query.status), user);
      return { success: true, message: `Статус результата: ${RESULT_STATUSES[next.status]}` };
    },
    async resultExport({ query, user }) {
      const people = await usersById();
      const visible: Result[] = [];
      for (const r of await results.all()) {
        if ((query.status === undefined || r.status === query.status) && (query.form_id === undefined || r.form_id === Number(query.form_id)) && (await canDecideResult(r, user))) visible.push(r);
      }
      if (!isAdmin(user) && !(await linkedContests(user, ['manager'])).size) throw forbidden('Выгрузка доступна администратору и менеджерам конкурсов');
      const formFields = query.form_id === undefined ? [] : (await fields.where({ form_id: Number(query.form_id) })).filter((f) => f.type !== 'group').sort((a, b) => a.sort - b.sort);
      const formNames = new Map((await forms.all()).map((f) => [f.id, f.name]));
      const rows: Cell[][] = [
        ['ID', 'Форма', 'Участник', 'E-mail', 'Статус', 'Создан', 'Изменен', ...formFields.map((f) => f.label ?? f.name)],
        ...visible.map((r) => {
          const u = r.user_id ? people.get(r.user_id) : undefined;
          return [
            r.id,
            formNames.get(r.form_id) ?? null,
            u ? fullNameOf(u) : null,
            u?.email ?? null,
            RESULT_STATUSES[r.status] ?? r.status,
            r.created_at ?? null,
            r.updated_at ?? null,
            ...formFields.map((f) => r.values.filter((v: Json) => v.field_id === f.id).map((v: Json) => v.value).filter(Boolean).join('; ') || null),
          ];
        }),
      ];
      const name = String(query.file ?? 'Результаты').replace(/\.xlsx$/i, '') || 'Результаты';
      return fileReply(writeXlsx([{ name: 'Результаты', rows }]), XLSX_MIME, `${name}.xlsx`);
    },
    async resultGet({ params, user }) {
      const result = await results.get(Number(params.id));
      if (!result) throw notFound('Результат не найден');
      if (!(await canSeeResult(result, user))) throw forbidden();
      return resultView(result);
    },
    async resultUpdate({ params, body, user }) {
      const result = await results.get(Number(params.id));
      if (!result) throw notFound('Результат не найден');
      if (!(await canSeeResult(result, user))) throw forbidden();
      let next = result;
      if (body.values !== undefined) {
        if (result.user_id !== user.id && !isAdmin(user)) throw forbidden('Изменять значения может автор результата');
        if (!RESULT_EDITABLE.includes(result.status)) throw conflict(`Результат в статусе «${RESULT_STATUSES[result.status]}» изменить нельзя`);
        const formFields = await fields.where({ form_id: result.form_id });
        const values = body.values.map((v: Json) => ({ field_id: v.field_id, value: v.value, groupIndex: v.groupIndex ?? 0, valueIndex: v.valueIndex ?? 0 }));
        const errors = validateValues(formFields, values, { submit: false });
        if (errors.length) throw unprocessable(errors);
        next = await results.put({ ...result, values, updated_at: isoNow(s) });
      }
      if (body.status !== undefined && body.status !== next.status) next = await changeResultStatus(next, body.status, user);
      return resultView(next);
    },
    async contestApplicationList({ query, user }) {
      const linked = isAdmin(user) ? null : await linkedContests(user);
      const list = (await applications.all()).filter(
        (a) => (query.contest_id === undefined || a.contest_id === Number(query.contest_id)) && (linked === null || a.user_id === user.id || linked.has(a.contest_id)),
      );
      const paged = page(list.reverse(), query);
      return { ...paged, items: await Promise.all(paged.items.map(applicationView)) };
    },
    async contestApplicationGet({ params, user }) {
      const app = await applications.get(Number(params.id));
      if (!app) throw notFound('Заявка не найдена');
      if (!isAdmin(user) && app.user_id !== user.id && !(await linkedContests(user)).has(app.contest_id)) throw forbidden();
      return applicationView(app);
    },
  };
}
