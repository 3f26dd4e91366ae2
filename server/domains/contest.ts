import { withoutPrivate } from '../lib/stored';
import { JsonReply, conflict, fileReply, forbidden, notFound, unprocessable, type FieldError } from '../lib/http';
import type { UploadedFile } from '../lib/router';
import type { ContestSchema, OperationHandlers } from '../lib/operations';
import { page } from '../lib/paging';
import { hasRole, type AuthUser, type Services, type StoredUser } from '../lib/services';
import type { Json } from '../lib/spec';
import { XLSX_MIME, writeXlsx, type Cell } from '../lib/xlsx-sample';
import { allUsers, loadUser } from './users';
import { fullNameOf, isoNow, storeFile } from './projects-v1/model';

/**
 * The second API (openapi/contest.yaml, SPEC §7 "Contests", "Results and forms"): contest administration. The
 * entities' fields are not shown in SPEC (§3 "Other entities named by calls"), so their rules here are the
 * reference back end's reading, listed in openapi/README.md.
 */

// ------------------------------------------------------------------ catalogues

export const CONTEST_STATUSES: Record<string, string> = {
  draft: 'Черновик',
  published: 'Прием заявок',
  expertise: 'Экспертиза',
  finished: 'Завершен',
};
export const FORM_STATUSES: Record<string, string> = { draft: 'Черновик', active: 'Прием заполнений', closed: 'Закрыта' };
export const RESULT_STATUSES: Record<string, string> = {
  draft: 'Черновик',
  submitted: 'Подана',
  revision: 'На доработке',
  accepted: 'Принята',
  rejected: 'Отклонена',
};
/** Result status changes (setstatus / PUT): who may make them and from which status (assumed). */
const RESULT_TRANSITIONS: Record<string, { from: string[]; by: 'owner' | 'staff' }> = {
  submitted: { from: ['draft', 'revision'], by: 'owner' },
  revision: { from: ['submitted'], by: 'staff' },
  accepted: { from: ['submitted'], by: 'staff' },
  rejected: { from: ['submitted'], by: 'staff' },
};
const RESULT_EDITABLE = ['draft', 'revision'];

type LinkRole = 'manager' | 'monitor' | 'expert';
/** Which user roles (SPEC §6 ids) may hold each contest link. */
const LINK_ROLE_GROUPS: Record<LinkRole, number[]> = { manager: [1, 3], monitor: [4, 10], expert: [5] };
const LINK_ROLE_NAMES: Record<LinkRole, [string, string]> = {
  manager: ['менеджер', 'менеджером'],
  monitor: ['монитор', 'монитором'],
  expert: ['эксперт', 'экспертом'],
};

/** Contest administration: administrator (2) and contest administrator (3) — SPEC §6 role ids. */
const ADMIN_ROLES = [2, 3];
const isAdmin = (user: AuthUser | null) => hasRole(user, ...ADMIN_ROLES);

/** The rule catalogue of GET /api/formfields/getrules — SPEC §5 named rules with their messages. */
export const RULES: Json[] = [
  { name: 'required', title: 'Обязательное поле', message: 'Заполните поле', length: null, max: null, extensions: null, maxSize: null },
  { name: 'email', title: 'E-mail', message: 'Введите корректный E-mail', length: null, max: null, extensions: null, maxSize: null },
  { name: 'phone-number', title: 'Номер телефона', message: 'Введите корректный номер телефона', length: null, max: null, extensions: null, maxSize: null },
  { name: 'url', title: 'Ссылка (URL)', message: 'Введите корректный URL', length: null, max: null, extensions: null, maxSize: null },
  { name: 'latin', title: 'Только латиница', message: 'Ввод доступен только на латинице', length: null, max: null, extensions: null, maxSize: null },
  { name: 'cannotStartWithNumber', title: 'Не начинается с цифры', message: 'Начало строки не может начинаться с числа', length: null, max: null, extensions: null, maxSize: null },
  { name: 'granteeKPP', title: 'КПП получателя', message: 'КПП получателя должно содержать 9 символов', length: 9, max: null, extensions: null, maxSize: null },
  { name: 'granteeINN', title: 'ИНН получателя', message: 'ИНН получателя 10 символов', length: 10, max: null, extensions: null, maxSize: null },
  { name: 'granteeOGRN', title: 'ОГРН получателя', message: 'ОГРН получателя должно содержать 13 символов', length: 13, max: null, extensions: null, maxSize: null },
  // SPEC §5: granteeOKTMO is 11 characters while its message says 13 — the check uses 11, the message is SPEC's.
  { name: 'granteeOKTMO', title: 'ОКТМО получателя', message: 'ОКТМО получателя должно содержать 13 символов', length: 11, max: null, extensions: null, maxSize: null },
  { name: 'codePpp', title: 'Номер Центра НТИ в 1С', message: 'Номер Центра НТИ в системе 1С 7 символов', length: 7, max: null, extensions: null, maxSize: null },
  { name: 'string', title: 'Строка с ограничением длины', message: 'Превышена максимальная длина', length: null, max: 255, extensions: null, maxSize: null },
  // SPEC §9: file field default 100 MB.
  { name: 'file', title: 'Файл', message: 'Формат файла не поддерживается', length: null, max: null, extensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpg', 'png'], maxSize: 104857600 },
];
const FIXED_LENGTH: Record<string, number> = { granteeKPP: 9, granteeINN: 10, granteeOGRN: 13, granteeOKTMO: 11, codePpp: 7 };
const OPTION_TYPES = ['select', 'select-other', 'combobox', 'radio'];
const FILE_TYPES = ['file', 'dropFile'];
/** SPEC §9: drop-zone default 20 MB, file field default 100 MB. */
const DEFAULT_MAX_SIZE: Record<string, number> = { file: 104857600, dropFile: 20971520 };

// ------------------------------------------------------------------ stored shapes

type Contest = Json & { id: number; name: string; status: string; _createdBy?: number };
type Link = { id: number; contest_id: number; user_id: number; role: LinkRole; status: 0 | 1; created_at: string };
type Form = Json & { id: number; contest_id: number; name: string; status: string | null };
type Field = Json & { id: number; form_id: number; parent_id: number | null; name: string; type: string; required: boolean; sort: number };
type Result = Json & { id: number; form_id: number; contest_id: number | null; user_id: number | null; status: string; values: Json[]; files: Json[] };
type Application = Json & { id: number; contest_id: number; result_id: number | null; user_id: number | null; status: string };

const strip = withoutPrivate;
const userBrief = (u: StoredUser | null) => (u ? { id: u.id, fio: fullNameOf(u), email: u.email } : undefined);

// ------------------------------------------------------------------ value checks (SPEC §5 named rules)

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first failing rule message for one value of a field, or null. Empty values only fail "required". */
export function checkFieldValue(field: Pick<Field, 'type' | 'required' | 'rules' | 'options'>, value: string | null, options: { submit: boolean }): string | null {
  const empty = value === null || value.trim() === '';
  const rules: Json[] = field.rules ?? [];
  if (empty) {
    if (options.submit && (field.required || rules.some((r) => r.name === 'required'))) return messageOf(rules, 'required') ?? 'Заполните поле';
    return null;
  }
  const text = value!.trim();
  if (field.type === 'email' && !EMAIL.test(text)) return 'Введите корректный E-mail';
  if (field.type === 'number' && !/^-?\d+([.,]\d+)?$/.test(text)) return 'Введите число';
  if (field.type === 'date' && !/^(\d{2}\.\d{2}\.\d{4}|\d{2}\.\d{4}|\d{4})$/.test(text)) return 'Введите дату в формате ДД.ММ.ГГГГ';
  if (OPTION_TYPES.includes(field.type) && field.options?.length) {
    const allowed = (field.options as Json[]).filter((o) => o.disable !== 'Y').map((o) => String(o.value));
    // SPEC §5: select with an other-option — the value "Другое" opens a free text input.
    if (!allowed.includes(text) && !(field.type === 'select-other' || field.type === 'combobox')) return 'Выберите значение из списка';
  }
  for (const rule of rules) {
    const fail = (fallback: string) => rule.message || fallback;
    switch (rule.name) {
      case 'email':
        if (!EMAIL.test(text)) return fail('Введите корректный E-mail');
        break;
      case 'phone-number': {
        const digits = text.replace(/\D/g, '');
        if (!(digits.length === 11 && /^[78]/.test(digits)) || /[^\d\s()+-]/.test(text)) return fail('Введите корректный номер телефона');
        break;
      }
      case 'url':
        if (!/^https?:\/\/[^\s/$.?#][^\s.]*\.[^\s]{2,}$/i.test(text)) return fail('Введите корректный URL');
        break;
      case 'latin':
        if (!/^[A-Za-z0-9_-]+$/.test(text)) return fail('Ввод доступен только на латинице');
        break;
      case 'cannotStartWithNumber':
        if (/^\d/.test(text)) return fail('Начало строки не может начинаться с числа');
        break;
      case 'string':
        if (rule.max && text.length > rule.max) return rule.message && rule.message !== 'Превышена максимальная длина' ? rule.message : `Максимальная длина ${rule.max} символов`;
        break;
      default:
        if (FIXED_LENGTH[rule.name] !== undefined && text.length !== (rule.length ?? FIXED_LENGTH[rule.name])) return fail(RULES.find((r) => r.name === rule.name)!.message);
    }
  }
  return null;
}

function messageOf(rules: Json[], name: string): string | null {
  return rules.find((r) => r.name === name)?.message ?? null;
}

/** SPEC §5 file field checks: extension ("Формат файла не …") and size ("Размер файла превышает {N}Mb"). */
export function checkFile(field: Pick<Field, 'type' | 'rules'>, file: { fileName: string; size: number }): string | null {
  const rule = (field.rules ?? []).find((r: Json) => r.name === 'file');
  const extensions: string[] = rule?.extensions ?? [];
  const maxSize: number = rule?.maxSize ?? DEFAULT_MAX_SIZE[field.type] ?? DEFAULT_MAX_SIZE.file!;
  const ext = (/\.([^.]+)$/.exec(file.fileName)?.[1] ?? '').toLowerCase();
  if (extensions.length && !extensions.map((e) => e.toLowerCase().replace(/^\./, '')).includes(ext)) {
    return `Формат файла не поддерживается: допустимы ${extensions.join(', ')}`;
  }
  if (file.size > maxSize) return `Размер файла превышает ${Math.round(maxSize / 1048576)}Mb`;
  return null;
}

/** Field-rule problems of a whole set of values (errors carry field, valueIndex and groupIndex — SPEC §5). */
export function validateValues(fields: Field[], values: Json[], options: { submit: boolean; fileFieldIds?: number[] }): FieldError[] {
  const errors: FieldError[] = [];
  const byId = new Map(fields.map((f) => [f.id, f]));
  values.forEach((v, i) => {
    const field = byId.get(v.field_id);
    if (!field) {
      errors.push({ field: `values[${i}].field_id`, message: `Поле ${v.field_id} не принадлежит форме`, valueIndex: v.valueIndex ?? 0, groupIndex: v.groupIndex ?? 0 });
      return;
    }
    if (field.read_only && v.value !== null && v.value !== (field.default_value ?? null)) {
      errors.push({ field: field.name, message: 'Поле доступно только для чтения', valueIndex: v.valueIndex ?? 0, groupIndex: v.groupIndex ?? 0 });
      return;
    }
    if (!field.multiple && (v.valueIndex ?? 0) > 0) {
      errors.push({ field: field.name, message: 'Поле не допускает нескольких значений', valueIndex: v.valueIndex, groupIndex: v.groupIndex ?? 0 });
      return;
    }
    const message = checkFieldValue(field, v.value, options);
    if (message) errors.push({ field: field.name, message, valueIndex: v.valueIndex ?? 0, groupIndex: v.groupIndex ?? 0 });
  });
  if (options.submit) {
    for (const field of fields) {
      if (field.type === 'group' || !(field.required || (field.rules ?? []).some((r: Json) => r.name === 'required'))) continue;
      const given = values.some((v) => v.field_id === field.id && v.value !== null && String(v.value).trim() !== '');
      const hasFile = FILE_TYPES.includes(field.type) && (options.fileFieldIds ?? []).includes(field.id);
      if (!given && !hasFile && !errors.some((e) => e.field === field.name)) {
        errors.push({ field: field.name, message: messageOf(field.rules ?? [], 'required') ?? 'Заполните поле', valueIndex: 0, groupIndex: 0 });
      }
    }
  }
  return errors;
}

// ------------------------------------------------------------------ handlers

export function contestHandlers(s: Services): OperationHandlers {
  const contests = s.collection<Contest>('contests');
  const links = s.collection<Link>('contest_links');
  const forms = s.collection<Form>('forms');
  const fields = s.collection<Field>('form_fields');
  const results = s.collection<Result>('results');
  const applications = s.collection<Application>('contest_applications');

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

  return {
    // ---------------------------------------------------------------- contests
    async contestList({ query }) {
      const list = (await contests.all()).filter((c) => query.type === undefined || c.type === query.type).reverse();
      const paged = page(list, query);
      return { ...paged, items: await Promise.all(paged.items.map(contestView)) };
    },
    async contestCreate({ body, files, user }) {
      if (!isAdmin(user)) throw forbidden('Создавать конкурсы может администратор конкурса');
      const errors: FieldError[] = [];
      if (!String(body.name).trim()) errors.push({ field: 'name', message: 'Заполните поле' });
      if (body.status !== undefined && !CONTEST_STATUSES[body.status]) errors.push({ field: 'status', message: `Неизвестный статус; допустимо: ${Object.keys(CONTEST_STATUSES).join(', ')}` });
      errors.push(...checkDates(body, [['date_from', 'date_to'], ['result_date_from', 'result_date_to']]));
      const image = files.image?.[0];
      if (image && !/^image\//.test(image.mimeType) && !/\.(png|jpe?g|gif|webp|svg)$/i.test(image.fileName)) {
        errors.push({ field: 'image', message: 'Изображение должно быть файлом PNG, JPG, GIF, WEBP или SVG' });
      }
      if (errors.length) throw unprocessable(errors);
      const now = isoNow(s);
      const stored: Json[] = [];
      for (const file of files.files ?? []) {
        const id = await storeFile(s, { name: file.fileName, mime: file.mimeType, data: file.data });
        stored.push({ id, name: file.fileName, description: null, url: null, size: file.data.length });
      }
      const imageId = image ? await storeFile(s, { name: image.fileName, mime: image.mimeType, data: image.data }) : null;
      const contest = await contests.insert({
        name: String(body.name).trim(),
        description: body.description ?? null,
        type: body.type ?? null,
        status: body.status ?? 'draft',
        code1C: body.code1C ?? null,
        date_from: body.date_from ?? null,
        date_to: body.date_to ?? null,
        result_date_from: body.result_date_from ?? null,
        result_date_to: body.result_date_to ?? null,
        image: null,
        _imageFileId: imageId,
        files: stored,
        created_at: now,
        updated_at: now,
        _createdBy: user.id,
      });
      return new JsonReply(201, await contestView(contest));
    },
    async contestGet({ params }) {
      return contestView(await getContest(Number(params.id)));
    },
    async contestUpdate({ params, body, user }) {
      if (!isAdmin(user)) throw forbidden('Изменять конкурсы может администратор конкурса');
      const contest = await getContest(Number(params.id));
      const next = { ...contest, ...body, updated_at: isoNow(s) };
      const errors: FieldError[] = [];
      if (body.name !== undefined && !String(body.name).trim()) errors.push({ field: 'name', message: 'Заполните поле' });
      if (body.status !== undefined && !CONTEST_STATUSES[body.status]) errors.push({ field: 'status', message: `Неизвестный статус; допустимо: ${Object.keys(CONTEST_STATUSES).join(', ')}` });
      errors.push(...checkDates(next, [['date_from', 'date_to'], ['result_date_from', 'result_date_to']]));
      if (errors.length) throw unprocessable(errors);
      return contestView(await contests.put(next));
    },
    contestAddManager: ({ body, user }) => link(body, user, 'manager'),
    contestDelManager: ({ body, user }) => unlink(body, user, 'manager'),
    contestAddMonitor: ({ body, user }) => link(body, user, 'monitor'),
    contestDelMonitor: ({ body, user }) => unlink(body, user, 'monitor'),
    contestAddExpert: ({ body, user }) => link(body, user, 'expert'),
    contestDelExpert: ({ body, user }) => unlink(body, user, 'expert'),
    async contestSetUserStatus({ body, user }) {
      if (!isAdmin(user)) throw forbidden('Менять статус пользователей конкурса может администратор конкурса');
      await getContest(body.contest_id);
      const candidates = (await links.where({ contest_id: body.contest_id, user_id: body.user_id })).filter((l) => !body.role || l.role === body.role);
      if (!candidates.length) throw notFound('Пользователь не назначен конкурсу' + (body.role ? ` как ${LINK_ROLE_NAMES[body.role as LinkRole][0]}` : ''));
      if (candidates.length > 1) throw unprocessable([{ field: 'role', message: 'Пользователь назначен в нескольких ролях: укажите role' }]);
      const updated = await links.put({ ...candidates[0]!, status: body.status });
      return { ...updated, user: userBrief(await loadUser(s, updated.user_id)) };
    },

    // ---------------------------------------------------------------- results
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

    // ---------------------------------------------------------------- applications
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

    // ---------------------------------------------------------------- forms
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

    // ---------------------------------------------------------------- form fields
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

function fieldView(f: Field): ContestSchema<'FormField'> {
  return strip(f);
}

// ------------------------------------------------------------------ seed

export async function seedContest(s: Services): Promise<void> {
  const now = s.clock.now();
  const day = 86400000;
  const iso = (days: number) => new Date(now + days * day).toISOString();
  const contests = s.collection<Json>('contests');
  const links = s.collection<Json>('contest_links');
  const forms = s.collection<Json>('forms');
  const fields = s.collection<Json>('form_fields');
  const results = s.collection<Json>('results');
  const applications = s.collection<Json>('contest_applications');

  const contestRows = [
    { name: 'Старт-2025 (первая очередь)', type: 'start', status: 'published', code1C: 'START-2025-1', from: -30, to: 45, description: 'Поддержка малых инновационных предприятий на начальной стадии: грант до 5 млн рублей на НИОКР.' },
    { name: 'Развитие-Цифровые технологии', type: 'development', status: 'expertise', code1C: 'RAZV-DT-2025', from: -120, to: -10, description: 'Развитие компаний, выполняющих НИОКР в области искусственного интеллекта, больших данных и интернета вещей.' },
    { name: 'Коммерциализация-2024', type: 'commercialization', status: 'finished', code1C: 'KOMM-2024', from: -400, to: -280, description: 'Создание или расширение производства инновационной продукции: грант до 30 млн рублей.' },
    { name: 'Студенческий стартап — осень', type: 'student-startup', status: 'draft', code1C: null, from: 30, to: 90, description: 'Гранты студентам на создание собственного технологического бизнеса.' },
  ];
  const contestIds: number[] = [];
  for (const [i, c] of contestRows.entries()) {
    const contest = await contests.insert({
      name: c.name,
      description: c.description,
      type: c.type,
      status: c.status,
      code1C: c.code1C,
      date_from: iso(c.from),
      date_to: iso(c.to),
      result_date_from: iso(c.to + 10),
      result_date_to: iso(c.to + 40),
      image: null,
      files: [],
      created_at: iso(c.from - 20),
      updated_at: iso(c.from - 5 + i),
      _createdBy: 3,
    });
    contestIds.push(contest.id);
  }
  const linkRows: [number, number, LinkRole, 0 | 1][] = [
    [0, 1, 'manager', 1],
    [0, 5, 'expert', 1],
    [0, 4, 'monitor', 1],
    [1, 1, 'manager', 1],
    [1, 5, 'expert', 1],
    [1, 10, 'monitor', 0],
    [2, 3, 'manager', 1],
  ];
  for (const [contest, user, role, status] of linkRows) {
    await links.insert({ contest_id: contestIds[contest], user_id: user, role, status, created_at: iso(-60) });
  }

  const standardFields = (formId: number) => [
    { form_id: formId, parent_id: null, name: 'project_name', label: 'Название проекта', type: 'text', required: true, multiple: false, read_only: false, sort: 10, placeholder: 'Например: Система мониторинга влажности почвы', description: null, default_value: null, options: [], rules: [RULES.find((r) => r.name === 'required'), { ...RULES.find((r) => r.name === 'string'), max: 300 }] },
    { form_id: formId, parent_id: null, name: 'inn', label: 'ИНН организации', type: 'text', required: true, multiple: false, read_only: false, sort: 20, placeholder: '10 цифр', description: null, default_value: null, options: [], rules: [RULES.find((r) => r.name === 'granteeINN')] },
    { form_id: formId, parent_id: null, name: 'kpp', label: 'КПП', type: 'text', required: false, multiple: false, read_only: false, sort: 30, placeholder: null, description: null, default_value: null, options: [], rules: [RULES.find((r) => r.name === 'granteeKPP')] },
    { form_id: formId, parent_id: null, name: 'email', label: 'E-mail для связи', type: 'email', required: true, multiple: false, read_only: false, sort: 40, placeholder: null, description: null, default_value: null, options: [], rules: [RULES.find((r) => r.name === 'email')] },
    { form_id: formId, parent_id: null, name: 'phone', label: 'Телефон', type: 'text', required: true, multiple: false, read_only: false, sort: 50, placeholder: '+7 (___) ___-__-__', description: null, default_value: null, options: [], rules: [RULES.find((r) => r.name === 'phone-number')] },
    { form_id: formId, parent_id: null, name: 'site', label: 'Сайт', type: 'text', required: false, multiple: false, read_only: false, sort: 60, placeholder: 'https://', description: null, default_value: null, options: [], rules: [RULES.find((r) => r.name === 'url')] },
    {
      form_id: formId, parent_id: null, name: 'direction', label: 'Направление', type: 'select', required: true, multiple: false, read_only: false, sort: 70, placeholder: null, description: null, default_value: null,
      options: [
        { id: 1, value: 'it', name: 'Цифровые технологии', disable: 'N', sort: 10, description: null },
        { id: 2, value: 'med', name: 'Медицина и технологии здоровьесбережения', disable: 'N', sort: 20, description: null },
        { id: 3, value: 'agro', name: 'Новые приборы и интеллектуальные производственные технологии', disable: 'N', sort: 30, description: null },
        { id: 4, value: 'bio', name: 'Биотехнологии', disable: 'Y', sort: 40, description: 'Прием по направлению закрыт' },
      ],
      rules: [],
    },
    { form_id: formId, parent_id: null, name: 'team', label: 'Команда проекта', type: 'group', required: false, multiple: true, read_only: false, sort: 80, placeholder: null, description: 'Участники команды', default_value: null, options: [], rules: [] },
    { form_id: formId, parent_id: null, name: 'presentation', label: 'Презентация проекта', type: 'dropFile', required: false, multiple: false, read_only: false, sort: 100, placeholder: null, description: 'PDF до 20 МБ', default_value: null, options: [], rules: [{ ...RULES.find((r) => r.name === 'file'), extensions: ['pdf'], maxSize: 20971520 }] },
    { form_id: formId, parent_id: null, name: 'agree', label: 'Согласен на обработку персональных данных', type: 'agree', required: true, multiple: false, read_only: false, sort: 110, placeholder: null, description: null, default_value: null, options: [], rules: [] },
  ];

  const formRows = [
    [0, 'Заявка на участие', 'active', -30, 45],
    [0, 'Анкета эксперта', 'draft', null, null],
    [1, 'Заявка на участие', 'closed', -120, -10],
    [2, 'Заявка на участие', 'closed', -400, -280],
  ] as const;
  const formIds: number[] = [];
  for (const [i, [contest, name, status, from, to]] of formRows.entries()) {
    const form = await forms.insert({
      contest_id: contestIds[contest],
      name,
      description: name === 'Анкета эксперта' ? 'Оценка заявки по критериям конкурса' : 'Основные сведения о проекте и заявителе',
      status,
      sort: (i + 1) * 10,
      date_from: from === null ? null : iso(from),
      date_to: to === null ? null : iso(to),
      created_at: iso(-150),
      updated_at: iso(-40),
    });
    formIds.push(form.id);
    if (name === 'Анкета эксперта') {
      await fields.insert({ form_id: form.id, parent_id: null, name: 'score', label: 'Оценка, баллы', type: 'number', required: true, multiple: false, read_only: false, sort: 10, placeholder: 'от 0 до 10', description: null, default_value: null, options: [], rules: [RULES[0]] });
      await fields.insert({ form_id: form.id, parent_id: null, name: 'conclusion', label: 'Заключение', type: 'textarea', required: true, multiple: false, read_only: false, sort: 20, placeholder: null, description: null, default_value: null, options: [], rules: [RULES[0], { ...RULES.find((r) => r.name === 'string'), max: 2000 }] });
      continue;
    }
    const ids: Record<string, number> = {};
    for (const f of standardFields(form.id)) ids[f.name] = (await fields.insert(f)).id;
    ids.member_fio = (await fields.insert({ form_id: form.id, parent_id: ids.team, name: 'member_fio', label: 'ФИО участника', type: 'text', required: true, multiple: false, read_only: false, sort: 81, placeholder: null, description: null, default_value: null, options: [], rules: [RULES[0]] })).id;
    ids.member_role = (await fields.insert({ form_id: form.id, parent_id: ids.team, name: 'member_role', label: 'Роль в проекте', type: 'text', required: false, multiple: false, read_only: false, sort: 82, placeholder: null, description: null, default_value: null, options: [], rules: [] })).id;

    const participants: [number, string, string, string][] = [
      [7, 'Нейроинтерфейс для реабилитации после инсульта', '5406987654', 'submitted'],
      [8, 'Энергоэффективные тепловые насосы для частных домов', '1655123456', 'accepted'],
      [100, 'Агродрон для точечного внесения удобрений', '7017123456', 'revision'],
      [101, 'Платформа анализа медицинских изображений', '6316123456', 'draft'],
      [102, 'Биоразлагаемая упаковка из отходов АПК', '5902123456', 'rejected'],
    ];
    for (const [j, [userId, project, inn, resultStatus]] of participants.entries()) {
      if (i === 3 && j > 1) break;
      const user = await loadUser(s, userId);
      if (!user) continue;
      const values = [
        { field_id: ids.project_name, value: project, groupIndex: 0, valueIndex: 0 },
        { field_id: ids.inn, value: inn, groupIndex: 0, valueIndex: 0 },
        { field_id: ids.email, value: user.email, groupIndex: 0, valueIndex: 0 },
        { field_id: ids.phone, value: `+7 (913) 555-1${j}-2${j}`, groupIndex: 0, valueIndex: 0 },
        { field_id: ids.direction, value: ['med', 'agro', 'agro', 'it', 'agro'][j], groupIndex: 0, valueIndex: 0 },
        { field_id: ids.member_fio, value: fullNameOf(user), groupIndex: 0, valueIndex: 0 },
        { field_id: ids.member_role, value: 'Руководитель проекта', groupIndex: 0, valueIndex: 0 },
        { field_id: ids.agree, value: 'true', groupIndex: 0, valueIndex: 0 },
      ];
      const stamp = iso(-25 + j);
      const status = i === 0 ? resultStatus : ['accepted', 'rejected'][j % 2]!;
      const result = await results.insert({ form_id: form.id, contest_id: contestIds[contest], user_id: userId, status, values, files: [], created_at: stamp, updated_at: stamp });
      await applications.insert({ contest_id: contestIds[contest], form_id: form.id, result_id: result.id, user_id: userId, name: project, status, created_at: stamp, updated_at: stamp });
    }
  }
  void formIds;
}
