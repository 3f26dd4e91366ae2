import { checkDate, checkDateTime, YEARS, type DateFormat, type DateIssue } from './dates';

/**
 * SPEC §5 "Named field rules" with their exact Russian messages. A field's rules are the validator of its field
 * type (named rules joined by "|", e.g. "latin|max:60") plus "required" when the field is flagged required.
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
  /**
   * SPEC §5 gives two readings for ОКТМО: the rule checks 11 characters while its message says 13. We pick the
   * rule (ОКТМО codes really have 11 digits) and make the message say what is checked, so the user is never told
   * to enter 13 characters when 13 would be refused.
   */
  granteeOKTMO: 'ОКТМО получателя должно содержать 11 символов',
  codePpp: 'Номер Центра НТИ в системе 1С 7 символов',
  date: 'Введите корректную дату',
  dateTime: 'Введите дату и время в формате ДД.ММ.ГГГГ ЧЧ:ММ',
  number: 'Введите число',
} as const;

export const maxLengthMessage = (max: number) => `Максимальная длина — ${max} символов`;

/** 4000000 → «4 000 000» (no-break spaces between the groups: the number never breaks across lines). */
export const groupDigits = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
/** A number field's `maxValue:N` (e.g. a grant amount up to the competition's maximum). */
export const maxValueMessage = (max: number) => `Значение не может быть больше ${groupDigits(max)}`;

/** A date typed in the right format that is not a real date (31.02, 29.02 of a common year, 31.04): said so. */
export const noSuchDateMessage = (shown: string) => `Такой даты нет: ${shown}`;
export const noSuchMonthMessage = (shown: string) => `Такого месяца нет: ${shown}`;
export const noSuchTimeMessage = (shown: string) => `Такого времени нет: ${shown}`;
export const yearRangeMessage = `Укажите год от ${YEARS.from} до ${YEARS.to}`;

const issueMessage = (issue: DateIssue | { kind: 'no-such-time'; shown: string }) =>
  issue.kind === 'year' ? yearRangeMessage : issue.kind === 'no-such-month' ? noSuchMonthMessage(issue.shown) : issue.kind === 'no-such-time' ? noSuchTimeMessage(issue.shown) : noSuchDateMessage(issue.shown);

/** The message of a typed date in the field's format: the format's when incomplete, what does not exist when not real. */
export function dateMessage(text: string, format: DateFormat): string | null {
  const problem = checkDate(text, format);
  return problem === null ? null : problem === 'format' ? MESSAGES.date : issueMessage(problem);
}

/** The message of a typed «ДД.ММ.ГГГГ ЧЧ:ММ»: the format's when incomplete, the date or time that does not exist. */
export function dateTimeMessage(text: string): string | null {
  const problem = checkDateTime(text);
  return problem === null ? null : problem === 'format' ? MESSAGES.dateTime : issueMessage(problem);
}

export type RuleName =
  | 'required'
  | 'email'
  | 'phone'
  | 'url'
  | 'latin'
  | 'cannotStartWithNumber'
  | 'granteeKPP'
  | 'granteeINN'
  | 'granteeOGRN'
  | 'granteeOKTMO'
  | 'codePpp'
  | 'max'
  | 'maxValue'
  | 'file'
  | 'maxSize';

export interface Rule {
  name: RuleName | string;
  arg?: string;
}

/** "latin|max:60" → [{name: 'latin'}, {name: 'max', arg: '60'}]. */
export function parseRules(validator: string | null | undefined): Rule[] {
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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const URL_RE = /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]{2,}$/i;
export const PHONE_RE = /^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/;

/** One named rule on a non-empty string value; null when it passes. Empty values pass every rule but required. */
export function checkRule(rule: Rule, value: string): string | null {
  if (value === '') return null;
  switch (rule.name) {
    case 'email':
      return EMAIL.test(value) ? null : MESSAGES.email;
    case 'phone':
      return PHONE_RE.test(value) ? null : MESSAGES.phone;
    case 'url':
      return URL_RE.test(value) ? null : MESSAGES.url;
    case 'latin':
      return /^[A-Za-z0-9_-]+$/.test(value) ? null : MESSAGES.latin;
    case 'cannotStartWithNumber':
      return /^\d/.test(value) ? MESSAGES.cannotStartWithNumber : null;
    case 'granteeKPP':
      return value.length === 9 ? null : MESSAGES.granteeKPP;
    case 'granteeINN':
      return value.length === 10 ? null : MESSAGES.granteeINN;
    case 'granteeOGRN':
      return value.length === 13 ? null : MESSAGES.granteeOGRN;
    case 'granteeOKTMO':
      return value.length === 11 ? null : MESSAGES.granteeOKTMO;
    case 'codePpp':
      return value.length === 7 ? null : MESSAGES.codePpp;
    case 'max': {
      const max = Number(rule.arg);
      return Number.isFinite(max) && max > 0 && value.length > max ? maxLengthMessage(max) : null;
    }
    case 'maxValue': {
      const max = Number(rule.arg);
      const amount = Number(value.replace(/\s/g, ''));
      return rule.arg && Number.isFinite(max) && Number.isFinite(amount) && amount > max ? maxValueMessage(max) : null;
    }
    default:
      return null; // file rules are checked when a file is chosen (rules/files.ts)
  }
}

/** A value over a maximum (its length, its amount): typing on cannot make it right, so it is said at once. */
export const exceedsLimit = (rules: readonly Rule[], value: string) =>
  rules.some((rule) => (rule.name === 'max' || rule.name === 'maxValue') && checkRule(rule, value) !== null);

/** Is a stored value empty for the "required" rule (checkbox: "[]"; agreement: not ticked)? */
export function isEmptyValue(dataType: string, value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'object') return false; // an uploaded file reference
  const text = String(value);
  if (text.trim() === '') return true;
  if (dataType === 'checkbox') {
    try {
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed) && parsed.length === 0;
    } catch {
      return false;
    }
  }
  if (dataType === 'agree') return text !== 'Y';
  return false;
}
