import { conflict, forbidden, notFound, unprocessable, type FieldError } from '../../lib/http';
import type { UploadedFile } from '../../lib/router';
import type { ContestSchema } from '../../lib/operations';
import type { AuthUser, Services } from '../../lib/services';
import type { Json } from '../../lib/spec';
import { allUsers, loadUser } from '../users';
import { isoNow, storeFile } from '../projects-v1/model';
import { type Application, type Contest, FILE_TYPES, FIXED_LENGTH, type Field, type Form, LINK_ROLE_GROUPS, LINK_ROLE_NAMES, type Link, type LinkRole, OPTION_TYPES, RESULT_STATUSES, RESULT_TRANSITIONS, RULES, type Result, checkFile, fieldView, isAdmin, strip, userBrief, validateValues } from './model';

// ------------------------------------------------------------------ handlers

/** The contest domain's tables, named once for the handlers and the seed. */
export function contestCollections(s: Services) {
  return {
    contests: s.collection<Contest>('contests'),
    links: s.collection<Link>('contest_links'),
    forms: s.collection<Form>('forms'),
    fields: s.collection<Field>('form_fields'),
    results: s.collection<Result>('results'),
    applications: s.collection<Application>('contest_applications'),
  };
}

/** Shared helpers of the contest handlers: collections, views, access checks, links and field checks. */
export function contestTools(s: Services) {
  const { contests, links, forms, fields, results, applications } = contestCollections(s);

  async function usersById() {
    return new Map((await allUsers(s)).map((u) => [u.id, u]));
  }

  async function contestView(contest: Contest): Promise<ContestSchema<'Contest'>> {
    const people = await usersById();
    const all = await links.where({ contest_id: contest.id });
    const view = (role: LinkRole) => all.filter((l) => l.role === role).map((l) => ({ ...l, user: userBrief(people.get(l.user_id) ?? null) }));
    return { ...strip(contest), managers: view('manager'), monitors: view('monitor'), experts: view('expert') };
  }

  async function getContest(id: number) {
    const contest = await contests.get(id);
    if (!contest) throw notFound('Конкурс не найден');
    return contest;
  }

  /** Active links of a user: the contests they manage, monitor or review. */
  async function linkedContests(user: AuthUser, roles: LinkRole[] = ['manager', 'monitor', 'expert']) {
    return new Set((await links.where({ user_id: user.id, status: 1 })).filter((l) => roles.includes(l.role)).map((l) => l.contest_id));
  }

  async function canSeeResult(result: Result, user: AuthUser) {
    if (isAdmin(user) || result.user_id === user.id) return true;
    return result.contest_id !== null && (await linkedContests(user)).has(result.contest_id);
  }

  async function canDecideResult(result: Result, user: AuthUser) {
    if (isAdmin(user)) return true;
    return result.contest_id !== null && (await linkedContests(user, ['manager'])).has(result.contest_id);
  }

  async function resultView(result: Result): Promise<ContestSchema<'ContestResult'>> {
    const people = await usersById();
    const form = await forms.get(result.form_id);
    return {
      ...strip(result),
      status_name: RESULT_STATUSES[result.status] ?? result.status,
      user: userBrief(result.user_id ? (people.get(result.user_id) ?? null) : null),
      form: form ? { id: form.id, name: form.name } : undefined,
    };
  }

  async function formView(form: Form): Promise<ContestSchema<'Form'>> {
    const list = (await fields.where({ form_id: form.id })).sort((a, b) => a.sort - b.sort || a.id - b.id);
    return { ...strip(form), fields: list.map(fieldView) };
  }

  async function applicationView(app: Application): Promise<ContestSchema<'ContestApplication'>> {
    const people = await usersById();
    const contest = await contests.get(app.contest_id);
    const result = app.result_id ? await results.get(app.result_id) : null;
    return {
      ...strip(app),
      status_name: RESULT_STATUSES[app.status] ?? app.status,
      contest: contest ? { id: contest.id, name: contest.name } : undefined,
      user: userBrief(app.user_id ? (people.get(app.user_id) ?? null) : null),
      ...(result ? { result: await resultView(result) } : {}),
    };
  }

  function checkDates(body: Json, pairs: [string, string][]) {
    const errors: FieldError[] = [];
    for (const [from, to] of pairs) {
      if (body[from] && body[to] && Date.parse(body[from]) > Date.parse(body[to])) errors.push({ field: to, message: 'Дата окончания раньше даты начала' });
    }
    return errors;
  }

  async function link(body: Json, user: AuthUser | null, role: LinkRole) {
    if (!isAdmin(user)) throw forbidden('Назначать пользователей конкурсу может администратор конкурса');
    await getContest(body.contest_id);
    const target = await loadUser(s, body.user_id);
    if (!target) throw notFound('Пользователь не найден');
    const [title, asTitle] = LINK_ROLE_NAMES[role];
    if (!target.groups.some((g) => LINK_ROLE_GROUPS[role].includes(g))) {
      throw unprocessable([{ field: 'user_id', message: `Пользователь не может быть ${asTitle} конкурса: нет подходящей роли` }]);
    }
    const existing = (await links.where({ contest_id: body.contest_id, user_id: body.user_id, role }))[0];
    if (existing) throw unprocessable([{ field: 'user_id', message: `Пользователь уже назначен ${asTitle} конкурса` }]);
    const created = await links.insert({ contest_id: body.contest_id, user_id: body.user_id, role, status: 1, created_at: isoNow(s) });
    void title;
    return { ...created, user: userBrief(target) };
  }

  async function unlink(body: Json, user: AuthUser | null, role: LinkRole) {
    if (!isAdmin(user)) throw forbidden('Снимать пользователей с конкурса может администратор конкурса');
    await getContest(body.contest_id);
    const existing = (await links.where({ contest_id: body.contest_id, user_id: body.user_id, role }))[0];
    const [title, asTitle] = LINK_ROLE_NAMES[role];
    if (!existing) throw notFound(`Пользователь не назначен ${asTitle} конкурса`);
    await links.delete(existing.id);
    return { success: true, message: `Пользователь снят с конкурса (${title})` };
  }

  /** Stores uploaded files of file fields; answers the result's file records. */
  async function storeResultFiles(formFields: Field[], files: UploadedFile[], fieldIds: number[]) {
    const errors: FieldError[] = [];
    if (files.length !== fieldIds.length) {
      errors.push({ field: 'file_field_ids', message: 'Для каждого файла укажите поле формы (file_field_ids в том же порядке)' });
      return { errors, stored: [] as Json[] };
    }
    files.forEach((file, i) => {
      const field = formFields.find((f) => f.id === fieldIds[i]);
      if (!field || !FILE_TYPES.includes(field.type)) {
        errors.push({ field: 'file_field_ids', message: `Поле ${fieldIds[i]} не является файловым полем формы`, valueIndex: i });
        return;
      }
      const message = checkFile(field, { fileName: file.fileName, size: file.data.length });
      if (message) errors.push({ field: field.name, message, valueIndex: i });
      const already = fieldIds.slice(0, i).filter((id) => id === field.id).length;
      // SPEC §5 drop file: "Данное поле поддерживает загрузку только одного файла".
      if (already && !field.multiple) errors.push({ field: field.name, message: 'Данное поле поддерживает загрузку только одного файла', valueIndex: i });
    });
    if (errors.length) return { errors, stored: [] as Json[] };
    const stored: Json[] = [];
    for (const [i, file] of files.entries()) {
      const id = await storeFile(s, { name: file.fileName, mime: file.mimeType, data: file.data });
      stored.push({ id, name: file.fileName, description: null, url: null, size: file.data.length, field_id: fieldIds[i] });
    }
    return { errors, stored };
  }

  async function changeResultStatus(result: Result, to: string, user: AuthUser) {
    const rule = RESULT_TRANSITIONS[to];
    if (!rule) throw unprocessable([{ field: 'status', message: `Неизвестный статус «${to}»; допустимо: ${Object.keys(RESULT_TRANSITIONS).join(', ')}` }]);
    const allowed = rule.by === 'owner' ? result.user_id === user.id || isAdmin(user) : await canDecideResult(result, user);
    if (!allowed) throw forbidden('Недостаточно прав для смены статуса результата');
    if (!rule.from.includes(result.status)) {
      throw conflict(`Нельзя перевести результат из статуса «${RESULT_STATUSES[result.status]}» в «${RESULT_STATUSES[to]}»`);
    }
    if (to === 'submitted') {
      const formFields = await fields.where({ form_id: result.form_id });
      const errors = validateValues(formFields, result.values, { submit: true, fileFieldIds: result.files.map((f: Json) => f.field_id) });
      if (errors.length) throw unprocessable(errors, `Результат не может быть подан: ${errors[0]!.message}`);
    }
    const next = await results.put({ ...result, status: to, updated_at: isoNow(s) });
    for (const app of await applications.where({ result_id: result.id })) await applications.put({ ...app, status: to, updated_at: isoNow(s) });
    return next;
  }

  function normaliseField(input: Json): Json {
    const rules = (input.rules ?? []).map((r: Json) => {
      const catalogue = RULES.find((c) => c.name === r.name)!;
      return { ...catalogue, ...Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined && v !== null)) };
    });
    return { ...input, rules };
  }

  async function checkField(field: Json, formId: number, selfId: number | null): Promise<FieldError[]> {
    const errors: FieldError[] = [];
    const siblings = await fields.where({ form_id: formId });
    if (siblings.some((f) => f.name === field.name && f.id !== selfId)) errors.push({ field: 'name', message: `Поле с именем «${field.name}» уже есть в форме` });
    if (field.parent_id !== null && field.parent_id !== undefined) {
      const parent = siblings.find((f) => f.id === field.parent_id);
      if (!parent || parent.type !== 'group') errors.push({ field: 'parent_id', message: 'Родительским может быть только поле-группа этой формы' });
      if (parent && parent.id === selfId) errors.push({ field: 'parent_id', message: 'Поле не может входить само в себя' });
    }
    if (OPTION_TYPES.includes(field.type) && !(field.options ?? []).length) errors.push({ field: 'options', message: 'Для поля выбора укажите варианты' });
    const values = (field.options ?? []).map((o: Json) => o.value);
    if (new Set(values).size !== values.length) errors.push({ field: 'options', message: 'Значения вариантов повторяются' });
    (field.rules ?? []).forEach((r: Json, i: number) => {
      if (r.name === 'string' && !r.max) errors.push({ field: 'rules', message: 'Для правила string укажите max', valueIndex: i });
      if (r.name === 'file' && !FILE_TYPES.includes(field.type)) errors.push({ field: 'rules', message: 'Правило file применимо только к файловым полям', valueIndex: i });
      if (FIXED_LENGTH[r.name] !== undefined && r.length && r.length !== FIXED_LENGTH[r.name]) {
        errors.push({ field: 'rules', message: `Длина для правила ${r.name} — ${FIXED_LENGTH[r.name]} символов`, valueIndex: i });
      }
    });
    return errors;
  }

  return { contests, links, forms, fields, results, applications, usersById, contestView, getContest, linkedContests, canSeeResult, canDecideResult, resultView, formView, applicationView, checkDates, link, unlink, storeResultFiles, changeResultStatus, normaliseField, checkField };
}
