import { moscowDay, type CalendarDay } from './moscow-time';
import { pluralRu } from './plural';

// How far one calendar day is from another, in Russian, as luxon's toRelative({ base, locale: 'ru' }) says it for two
// days (relative-days.test.ts checks it against luxon): whole years, else whole months, else days — «через 2 месяца»,
// «5 дней назад». The RID tab and the project plan need only this, and luxon costs ~21 KiB gzip on the project card.

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

/** «через …» when `target` is after `base`, «… назад» when before; two different days. */
export function relativeDays(target: CalendarDay, base: CalendarDay): string {
  const future = dayNumber(target) > dayNumber(base);
  const [earlier, later] = future ? [base, target] : [target, base];
  // Whole months: the most that can be added to the earlier day without passing the later one.
  let months = (later.year - earlier.year) * 12 + later.month - earlier.month;
  while (months > 0 && dayNumber(plusMonths(earlier, months)) > dayNumber(later)) months--;
  const [count, unit] =
    months >= 12 ? [Math.floor(months / 12), 'years' as const] : months > 0 ? [months, 'months' as const] : [dayNumber(later) - dayNumber(earlier), 'days' as const];
  const [one, few, many] = WORDS[unit];
  const text = `${count} ${pluralRu(count, one, few, many)}`;
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
