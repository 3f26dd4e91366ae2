import { MOSCOW_ZONE } from './limits';

// Moscow time (SPEC §9) without luxon: lists on first-load screens (tasks, competitions, the project card's RID and
// plan tabs) need only this, and luxon costs ~21 KiB gzip there (DESIGN.md budgets). Same reading of ISO 8601 values as
// luxon's DateTime.fromISO(value, { zone: 'Europe/Moscow' }) — moscow-time.test.ts checks it against luxon.

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * Since 26 October 2014, 02:00 (then UTC+4), Moscow keeps UTC+3 all year: instants from then on need no time-zone data.
 * Asking Intl costs more than it seems: a page's first Intl.DateTimeFormat loads ICU's locale and zone data, 25–40 ms at
 * full speed (4× that on a phone), in the first render of every list with a date. moscow-time.test.ts checks the rule
 * against the time-zone data it runs on, so a change of Moscow's offset in that data fails the tests.
 */
const FIXED_SINCE = Date.UTC(2014, 9, 25, 22);
const FIXED_OFFSET = 3 * 3_600_000;

/** For instants before FIXED_SINCE (UTC+4 in 2011–2014, summer time before): made on the first such value. */
let parts: Intl.DateTimeFormat | undefined;

/** Offset of Moscow time from UTC at an instant, in ms (+3 h today; +4 h in 2011–2014). */
function moscowOffset(ms: number): number {
  if (ms >= FIXED_SINCE) return FIXED_OFFSET;
  parts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: MOSCOW_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const f = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of parts.formatToParts(ms)) if (part.type in f) f[part.type as keyof typeof f] = Number(part.value);
  return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) - Math.floor(ms / 1000) * 1000;
}

/**
 * An ISO 8601 value as epoch ms. A date-time with an offset is read as that instant; one without an offset (some back
 * ends drop it) is read as Moscow wall-clock time, never as the browser's zone. Null when absent or unreadable.
 */
export function parseMoscowIso(value: string | null | undefined): number | null {
  if (!value) return null;
  const m = ISO.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = m;
  const fields = [Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s)] as const;
  const ms = Math.floor(Number(`0.${frac || '0'}`) * 1000);
  const wall = Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5], ms);
  const check = new Date(wall);
  // Out-of-range parts (month 13, 31 April, 25 h) are invalid, as in luxon.
  if (check.getUTCFullYear() !== fields[0] || check.getUTCMonth() !== fields[1] - 1 || check.getUTCDate() !== fields[2] || check.getUTCHours() !== fields[3] || fields[4] > 59 || fields[5] > 59) return null;
  if (zone) {
    if (/^z$/i.test(zone)) return wall;
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0));
    return wall - offset * 60_000;
  }
  // Wall-clock Moscow time: subtract the offset in force then (checked twice across an offset change).
  const first = wall - moscowOffset(wall);
  return wall - moscowOffset(first);
}

/** A calendar day: year, month 1–12, day of the month. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** Moscow wall-clock time of an instant, read from a Date shifted by the offset in force then. */
const moscowWall = (ms: number) => new Date(ms + moscowOffset(ms));

/** The Moscow calendar day an instant falls on. */
export function moscowDay(ms: number): CalendarDay {
  const wall = moscowWall(ms);
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/** DD.MM.YYYY HH:mm (or DD.MM.YYYY) of an instant in Europe/Moscow; null for an invalid one. */
export function formatMoscowTime(ms: number, withTime = true): string | null {
  if (!Number.isFinite(ms)) return null;
  const wall = moscowWall(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${pad(wall.getUTCDate())}.${pad(wall.getUTCMonth() + 1)}.${wall.getUTCFullYear()}`;
  return withTime ? `${date} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}` : date;
}

/** DD.MM.YYYY HH:mm (or DD.MM.YYYY) in Europe/Moscow, or null for a missing / unreadable value. */
export function formatMoscowIso(value: string | null | undefined, withTime = true): string | null {
  const at = parseMoscowIso(value);
  return at === null ? null : formatMoscowTime(at, withTime);
}
