import { withoutPrivate } from '../../lib/stored';
import type { FieldError } from '../../lib/http';
import type { ContestSchema } from '../../lib/operations';
import { hasRole, type AuthUser, type StoredUser } from '../../lib/services';
import type { Json } from '../../lib/spec';
import { fullNameOf } from '../projects-v1/model';

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
export const RESULT_TRANSITIONS: Record<string, { from: string[]; by: 'owner' | 'staff' }> = {
  submitted: { from: ['draft', 'revision'], by: 'owner' },
  revision: { from: ['submitted'], by: 'staff' },
  accepted: { from: ['submitted'], by: 'staff' },
  rejected: { from: ['submitted'], by: 'staff' },
};
export const RESULT_EDITABLE = ['draft', 'revision'];

export type LinkRole = 'manager' | 'monitor' | 'expert';
/** Which user roles (SPEC §6 ids) may hold each contest link. */
export const LINK_ROLE_GROUPS: Record<LinkRole, number[]> = { manager: [1, 3], monitor: [4, 10], expert: [5] };
export const LINK_ROLE_NAMES: Record<LinkRole, [string, string]> = {
  manager: ['менеджер', 'менеджером'],
  monitor: ['монитор', 'монитором'],
  expert: ['эксперт', 'экспертом'],
};

/** Contest administration: administrator (2) and contest administrator (3) — SPEC §6 role ids. */
const ADMIN_ROLES = [2, 3];
export const isAdmin = (user: AuthUser | null) => hasRole(user, ...ADMIN_ROLES);

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
export const FIXED_LENGTH: Record<string, number> = { granteeKPP: 9, granteeINN: 10, granteeOGRN: 13, granteeOKTMO: 11, codePpp: 7 };
export const OPTION_TYPES = ['select', 'select-other', 'combobox', 'radio'];
export const FILE_TYPES = ['file', 'dropFile'];
/** SPEC §9: drop-zone default 20 MB, file field default 100 MB. */
const DEFAULT_MAX_SIZE: Record<string, number> = { file: 104857600, dropFile: 20971520 };

// ------------------------------------------------------------------ stored shapes

export type Contest = Json & { id: number; name: string; status: string; _createdBy?: number };
export type Link = { id: number; contest_id: number; user_id: number; role: LinkRole; status: 0 | 1; created_at: string };
export type Form = Json & { id: number; contest_id: number; name: string; status: string | null };
export type Field = Json & { id: number; form_id: number; parent_id: number | null; name: string; type: string; required: boolean; sort: number };
export type Result = Json & { id: number; form_id: number; contest_id: number | null; user_id: number | null; status: string; values: Json[]; files: Json[] };
export type Application = Json & { id: number; contest_id: number; result_id: number | null; user_id: number | null; status: string };

export const strip = withoutPrivate;
export const userBrief = (u: StoredUser | null) => (u ? { id: u.id, fio: fullNameOf(u), email: u.email } : undefined);

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

export function fieldView(f: Field): ContestSchema<'FormField'> {
  return strip(f);
}
