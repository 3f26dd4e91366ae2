import type { DateFormat } from '@/lib/date-formats';

/** SPEC §5 "Input behaviour" of date and date-time fields: typing masks, storage formats, real dates. */

export { dateFormatOf, fromStoredDate, fromStoredDateTime, type DateFormat } from '@/lib/date-formats';

// ------------------------------------------------------------------ dates: dd.MM.yyyy, MM.yyyy, yyyy → DD.MM.YYYY

export const DATE_PLACEHOLDER: Record<DateFormat, string> = { 'dd.MM.yyyy': 'ДД.ММ.ГГГГ', 'MM.yyyy': 'ММ.ГГГГ', yyyy: 'ГГГГ' };

/** Puts the separators of `groups` (digit counts joined by `separators`) into typed digits. */
function maskDigits(input: string, groups: number[], separators: string[]): string {
  const digits = input.replace(/\D/g, '').slice(0, groups.reduce((a, b) => a + b, 0));
  let out = '';
  let rest = digits;
  groups.forEach((size, i) => {
    if (!rest) return;
    if (i > 0) out += separators[i - 1];
    out += rest.slice(0, size);
    rest = rest.slice(size);
  });
  return out;
}

/** Typing mask: digits only, dots inserted at the format's positions. */
export function maskDate(input: string, format: DateFormat): string {
  const groups = format === 'dd.MM.yyyy' ? [2, 2, 4] : format === 'MM.yyyy' ? [2, 4] : [4];
  return maskDigits(input, groups, ['.', '.']);
}

/** The years a date field takes (a typing slip such as 0202 or 20277 is not a date of a grant application). */
export const YEARS = { from: 1900, to: 2100 } as const;

/** Why a complete date is not a real one, or null when it is: the year out of range, a day or month that does not exist. */
export type DateIssue = { kind: 'year' } | { kind: 'no-such-date'; shown: string } | { kind: 'no-such-month'; shown: string };

function dateIssue(day: number, month: number, year: number, shown: string, format: DateFormat): DateIssue | null {
  if (year < YEARS.from || year > YEARS.to) return { kind: 'year' };
  if (month < 1 || month > 12) return format === 'MM.yyyy' ? { kind: 'no-such-month', shown } : { kind: 'no-such-date', shown };
  if (day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return { kind: 'no-such-date', shown };
  return null;
}

/** The day, month and year of a text complete in the field's format (a month's day is 1, a year's month is 1). */
function dateParts(text: string, format: DateFormat): { day: number; month: number; year: number } | null {
  const m =
    format === 'dd.MM.yyyy' ? text.match(/^(\d{2})\.(\d{2})\.(\d{4})$/) : format === 'MM.yyyy' ? text.match(/^()(\d{2})\.(\d{4})$/) : text.match(/^()()(\d{4})$/);
  return m ? { day: m[1] ? Number(m[1]) : 1, month: m[2] ? Number(m[2]) : 1, year: Number(m[3]) } : null;
}

/**
 * What is wrong with a typed date: 'format' when the text is not complete in the field's format, an issue when it is
 * complete but not a real date, null when it is a real date.
 */
export function checkDate(text: string, format: DateFormat): 'format' | DateIssue | null {
  const parts = dateParts(text, format);
  return parts ? dateIssue(parts.day, parts.month, parts.year, text, format) : 'format';
}

/**
 * What the user typed in the field's format → stored DD.MM.YYYY (a month is stored as its first day, a year as
 * 1 January). Returns null when the text is not a complete, real date.
 */
export function toStoredDate(text: string, format: DateFormat): string | null {
  const parts = dateParts(text, format);
  if (!parts || dateIssue(parts.day, parts.month, parts.year, text, format)) return null;
  return `${String(parts.day).padStart(2, '0')}.${String(parts.month).padStart(2, '0')}.${parts.year}`;
}

// ------------------------------------------------------------------ datetime-local: one Russian mask for date and time

export const DATETIME_PLACEHOLDER = 'ДД.ММ.ГГГГ ЧЧ:ММ';

/** Typing mask «ДД.ММ.ГГГГ ЧЧ:ММ»: digits only, separators inserted as the person types. */
export const maskDateTime = (input: string) => maskDigits(input, [2, 2, 4, 2, 2], ['.', '.', ' ', ':']);

const DATETIME_RE = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2})$/;

/**
 * What is wrong with a typed «ДД.ММ.ГГГГ ЧЧ:ММ»: 'format' when incomplete, the date's issue or a time that does not
 * exist (24:00, 10:60) when complete but not real, null when it is a real moment.
 */
export function checkDateTime(text: string): 'format' | DateIssue | { kind: 'no-such-time'; shown: string } | null {
  const m = text.match(DATETIME_RE);
  if (!m) return 'format';
  const issue = dateIssue(Number(m[1]), Number(m[2]), Number(m[3]), `${m[1]}.${m[2]}.${m[3]}`, 'dd.MM.yyyy');
  if (issue) return issue;
  return Number(m[4]) > 23 || Number(m[5]) > 59 ? { kind: 'no-such-time', shown: `${m[4]}:${m[5]}` } : null;
}

/**
 * Typed «DD.MM.YYYY HH:mm» → stored "DD.MM.YYYY HH:mm:ss"; a time field stores "DD.MM.YYYY, HH:mm:ss" (SPEC §5).
 * Null when the text is not a complete, real moment.
 */
export function toStoredDateTime(text: string, variant: 'datetime' | 'time'): string | null {
  const m = text.match(DATETIME_RE);
  if (!m || checkDateTime(text) !== null) return null;
  const date = `${m[1]}.${m[2]}.${m[3]}`;
  const time = `${m[4]}:${m[5]}:00`;
  return variant === 'time' ? `${date}, ${time}` : `${date} ${time}`;
}
