import { moscowDay, type CalendarDay } from './moscow-time';
import { pluralRu } from './plural';

// How far one calendar day is from another, in Russian, as luxon's toRelative({ base, locale: 'ru' }) says it for two
// days (relative-days.test.ts checks it against luxon): whole years, else whole months, else days — «через 2 месяца»,
// «5 дней назад» (the RID tab), and the same distance rounded as a person says it (the project plan: roundedDistance).
// Luxon costs ~21 KiB gzip on the project card.

const WORDS = {
  years: ['год', 'года', 'лет'],
  months: ['месяц', 'месяца', 'месяцев'],
  days: ['день', 'дня', 'дней'],
} as const;

/** Days since 1 January 1970 of a calendar day. */
export const dayNumber = (d: CalendarDay) => Date.UTC(d.year, d.month - 1, d.day) / 86_400_000;

/** `from` plus n months, the day kept within the month (31 January + 1 month = 28 or 29 February), as luxon adds them. */
function plusMonths(from: CalendarDay, n: number): CalendarDay {
  const months = from.year * 12 + from.month - 1 + n;
  const year = Math.floor(months / 12);
  const month = months - year * 12 + 1;
  return { year, month, day: Math.min(from.day, new Date(Date.UTC(year, month, 0)).getUTCDate()) };
}

/** Whole months from `earlier` to `later`: the most that can be added to the earlier day without passing the later one. */
function wholeMonths(earlier: CalendarDay, later: CalendarDay): number {
  let months = (later.year - earlier.year) * 12 + later.month - earlier.month;
  while (months > 0 && dayNumber(plusMonths(earlier, months)) > dayNumber(later)) months--;
  return months;
}

export type DistanceUnit = keyof typeof WORDS;

/** «1 день», «2 месяца», «5 лет». */
export function countWords(count: number, unit: DistanceUnit): string {
  const [one, few, many] = WORDS[unit];
  return `${count} ${pluralRu(count, one, few, many)}`;
}

/**
 * How far apart two days are as a person says it: days under one whole month; then months rounded to the nearest
 * (half a month up: 59 days from 15 June are «2 месяца», not luxon's floored «1 месяц»); from twelve of those, years
 * rounded the same way.
 */
export function roundedDistance(a: CalendarDay, b: CalendarDay): { count: number; unit: DistanceUnit } {
  const [earlier, later] = dayNumber(a) <= dayNumber(b) ? [a, b] : [b, a];
  const whole = wholeMonths(earlier, later);
  if (whole === 0) return { count: dayNumber(later) - dayNumber(earlier), unit: 'days' };
  const from = dayNumber(plusMonths(earlier, whole));
  const rest = dayNumber(later) - from;
  const months = whole + (rest * 2 >= dayNumber(plusMonths(earlier, whole + 1)) - from ? 1 : 0);
  return months < 12 ? { count: months, unit: 'months' } : { count: Math.round(months / 12), unit: 'years' };
}

/** «через …» when `target` is after `base`, «… назад» when before; two different days. */
export function relativeDays(target: CalendarDay, base: CalendarDay): string {
  const future = dayNumber(target) > dayNumber(base);
  const [earlier, later] = future ? [base, target] : [target, base];
  const months = wholeMonths(earlier, later);
  const [count, unit] =
    months >= 12 ? [Math.floor(months / 12), 'years' as const] : months > 0 ? [months, 'months' as const] : [dayNumber(later) - dayNumber(earlier), 'days' as const];
  const text = countWords(count, unit);
  return future ? `через ${text}` : `${text} назад`;
}

/**
 * How far the Moscow day of an instant is from today's: whole days (0 on the same day, negative before) and the
 * Russian words for them (empty on the same day); null for an invalid instant.
 */
export function fromToday(atMs: number, nowMs: number): { days: number; relative: string } | null {
  if (!Number.isFinite(atMs)) return null;
  const target = moscowDay(atMs);
  const today = moscowDay(nowMs);
  const days = dayNumber(target) - dayNumber(today);
  return { days, relative: days === 0 ? '' : relativeDays(target, today) };
}

/** The Moscow day of an instant against today's: whole days (0 on the same day, negative before) and the rounded distance. */
export function distanceFromToday(atMs: number, nowMs: number): { days: number; count: number; unit: DistanceUnit } | null {
  if (!Number.isFinite(atMs)) return null;
  const target = moscowDay(atMs);
  const today = moscowDay(nowMs);
  return { days: dayNumber(target) - dayNumber(today), ...roundedDistance(target, today) };
}
