import { isValidInn10, isValidOgrn, type SeedField } from '../../seed/templates';

/**
 * Server-side checks of questionnaire values (the back end repeats the client's SPEC §5 rules and adds the checks
 * only it can make, e.g. the ИНН/ОГРН check digits). Messages are the exact Russian texts of SPEC §5.
 */
export const MESSAGES = {
  required: 'Заполните поле',
  email: 'Введите корректный E-mail',
  phone: 'Введите корректный номер телефона',
  url: 'Введите корректный URL',
  latin: 'Ввод доступен только на латинице',
  cannotStartWithNumber: 'Начало строки не может начинаться с числа',
  granteeKPP: 'КПП получателя должно содержать 9 символов',
  granteeINN: 'ИНН получателя 10 символов',
  granteeOGRN: 'ОГРН получателя должно содержать 13 символов',
  // SPEC §5 gives two readings for ОКТМО (length 11, message "13"); we check 11 characters and say so (see the client rules).
  granteeOKTMO: 'ОКТМО получателя должно содержать 11 символов',
  codePpp: 'Номер Центра НТИ в системе 1С 7 символов',
  innChecksum: 'Некорректный ИНН: не сходится контрольное число',
  ogrnChecksum: 'Некорректный ОГРН: не сходится контрольное число',
  number: 'Введите число',
  date: 'Введите корректную дату',
  option: 'Выберите значение из списка',
  noSuchDate: (value: string) => `Такой даты нет: ${value}`,
  // No-break spaces group the digits, as the client says it.
  maxValue: (max: number) => `Значение не может быть больше ${String(max).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}`,
} as const;

/** The `maxValue:N` of a field (a number field's maximum), or null. */
export function maxValueOf(field: SeedField): number | null {
  const rule = parseRules(field.fieldType.validator).find((r) => r.name === 'maxValue');
  const max = rule?.arg ? Number(rule.arg) : NaN;
  return Number.isFinite(max) ? max : null;
}

/** A day that exists in the calendar (31.02 and 29.02 of a common year do not). */
function isRealDate(day: number, month: number, year: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const URL_RE = /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]{2,}$/i;

export function parseRules(validator: string | null | undefined): { name: string; arg?: string }[] {
  if (!validator) return [];
  return validator
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf(':');
      return at < 0 ? { name: part } : { name: part.slice(0, at), arg: part.slice(at + 1) };
    });
}

/** One value of a field; returns the first error message or null. `full` adds the required check. */
export function checkValue(field: SeedField, raw: unknown, options: { full: boolean; server: boolean }): string | null {
  const value = raw === null || raw === undefined ? '' : String(raw);
  const dataType = field.fieldType.dataType;
  if (options.full && field.required && isEmpty(dataType, value)) return MESSAGES.required;
  if (value === '') return null;
  for (const rule of parseRules(field.fieldType.validator)) {
    const message = checkRule(rule.name, rule.arg, value, options.server);
    if (message) return message;
  }
  if (dataType === 'number' && !/^\d+$/.test(value)) return MESSAGES.number;
  if (dataType === 'date') {
    const m = value.match(/^(\d{2})\.(\d{2})\.(\d{4})$/);
    if (!m) return MESSAGES.date;
    if (!isRealDate(Number(m[1]), Number(m[2]), Number(m[3]))) return MESSAGES.noSuchDate(value);
  }
  if ((dataType === 'select' || dataType === 'radio') && field.fieldType.list?.length) {
    if (!field.fieldType.list.some((o) => (o.value ?? String(o.id)) === value)) return MESSAGES.option;
  }
  return null;
}

function isEmpty(dataType: string, value: string): boolean {
  if (value.trim() === '') return true;
  if (dataType === 'checkbox') {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) && parsed.length === 0;
    } catch {
      return false;
    }
  }
  if (dataType === 'agree') return value !== 'Y' && value !== 'true' && value !== '1';
  return false;
}

function checkRule(name: string, arg: string | undefined, value: string, server: boolean): string | null {
  switch (name) {
    case 'email':
      return EMAIL.test(value) ? null : MESSAGES.email;
    case 'phone':
      return /^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/.test(value) ? null : MESSAGES.phone;
    case 'url':
      return URL_RE.test(value) ? null : MESSAGES.url;
    case 'latin':
      return /^[A-Za-z0-9_-]*$/.test(value) ? null : MESSAGES.latin;
    case 'cannotStartWithNumber':
      return /^\d/.test(value) ? MESSAGES.cannotStartWithNumber : null;
    case 'granteeKPP':
      return value.length === 9 ? null : MESSAGES.granteeKPP;
    case 'granteeINN':
      if (value.length !== 10) return MESSAGES.granteeINN;
      return server && !isValidInn10(value) ? MESSAGES.innChecksum : null;
    case 'granteeOGRN':
      if (value.length !== 13) return MESSAGES.granteeOGRN;
      return server && !isValidOgrn(value) ? MESSAGES.ogrnChecksum : null;
    case 'granteeOKTMO':
      return value.length === 11 ? null : MESSAGES.granteeOKTMO;
    case 'codePpp':
      return value.length === 7 ? null : MESSAGES.codePpp;
    case 'max': {
      const max = Number(arg);
      return Number.isFinite(max) && value.length > max ? `Максимальная длина — ${max} символов` : null;
    }
    case 'maxValue': {
      const max = Number(arg);
      const amount = Number(value.replace(/\s/g, ''));
      return arg && Number.isFinite(max) && Number.isFinite(amount) && amount > max ? MESSAGES.maxValue(max) : null;
    }
    default:
      return null; // file rules are checked on upload
  }
}

/** File rules of a field (`file:ext,ext` and `maxSize:bytes`). */
export function fileRulesOf(field: SeedField): { extensions: string[] | null; maxSize: number | null } {
  let extensions: string[] | null = null;
  let maxSize: number | null = null;
  for (const rule of parseRules(field.fieldType.validator)) {
    if (rule.name === 'file' && rule.arg) extensions = rule.arg.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean);
    if (rule.name === 'maxSize' && rule.arg) maxSize = Number(rule.arg) || null;
  }
  return { extensions, maxSize };
}
