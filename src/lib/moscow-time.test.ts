import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateTime } from 'luxon';
import { MOSCOW_ZONE } from './limits';
import { formatMoscowIso as formatMoscow, formatMoscowTime, moscowDay, parseMoscowIso as parseTaskDate } from './moscow-time';

// moscow-time.ts reads ISO values with Intl instead of luxon (first-load budget of the task and competition lists);
// luxon, still used elsewhere, is the reference it must agree with.
const luxonMillis = (value: string) => {
  const parsed = DateTime.fromISO(value, { zone: MOSCOW_ZONE });
  return parsed.isValid ? parsed.toMillis() : null;
};
const luxonFormat = (value: string, withTime: boolean) => {
  const parsed = DateTime.fromISO(value, { zone: MOSCOW_ZONE });
  return parsed.isValid ? parsed.setZone(MOSCOW_ZONE).toFormat(withTime ? 'dd.MM.yyyy HH:mm' : 'dd.MM.yyyy') : null;
};

const values: string[] = [];
for (const date of ['2009-03-29', '2009-10-25', '2010-07-01', '2011-03-27', '2012-12-31', '2014-10-26', '2020-02-29', '2026-01-01', '2026-04-10', '2026-12-31']) {
  for (const time of ['', 'T00', 'T02:30', 'T03:15:59', 'T12:00:00.5', 'T23:59:59.999']) {
    for (const zone of ['', 'Z', '+03:00', '-05:30', '+0400', '+05']) {
      if (!time && zone) continue;
      values.push(`${date}${time}${zone}`);
    }
  }
}
const invalid = ['мусор', '2026-13-01', '2026-04-31T10:00', '2026-04-10T25:00', '2026-04-10T10:60', '2026/04/10', '10.04.2026', '2026-04-10 10:00', ''];

describe('Moscow time without luxon', () => {
  it.each(values)('reads %s as luxon does', (value) => {
    expect(parseTaskDate(value)).toBe(luxonMillis(value));
    expect(formatMoscow(value)).toBe(luxonFormat(value, true));
    expect(formatMoscow(value, false)).toBe(luxonFormat(value, false));
  });

  it.each(invalid)('rejects %j as luxon does', (value) => {
    expect(luxonMillis(value)).toBeNull();
    expect(parseTaskDate(value)).toBeNull();
    expect(formatMoscow(value)).toBeNull();
  });

  it('reads an offset-less value as Moscow wall-clock time', () => {
    expect(parseTaskDate('2026-04-10T12:00:00')).toBe(Date.UTC(2026, 3, 10, 9, 0));
    expect(parseTaskDate('2012-06-01T12:00')).toBe(Date.UTC(2012, 5, 1, 8, 0)); // UTC+4 then
  });

  // Since 26 Oct 2014 the module reads Moscow time as UTC+3 without time-zone data; the data it runs on must agree.
  const sinceFixed: string[] = [];
  for (let year = 2014; year <= 2040; year++) {
    for (let month = year === 2014 ? 10 : 1; month <= 12; month++) {
      const mm = String(month).padStart(2, '0');
      sinceFixed.push(`${year}-${mm}-01T00:00:00Z`, `${year}-${mm}-15T21:30:59.999Z`, `${year}-${mm}-28T12:00`);
    }
  }
  it('agrees with the time-zone data for every month from 2014-10 to 2040 (Moscow keeps UTC+3)', () => {
    for (const value of ['2014-10-25T21:59:59Z', '2014-10-25T22:00:00Z', '2014-10-26T01:30', ...sinceFixed]) {
      expect([value, parseTaskDate(value)]).toEqual([value, luxonMillis(value)]);
      expect([value, formatMoscow(value)]).toEqual([value, luxonFormat(value, true)]);
    }
  });
});

describe('Moscow calendar day and time of an instant', () => {
  it('turns the day at 21:00 UTC, and at 20:00 UTC in 2011–2014', () => {
    expect(moscowDay(Date.UTC(2026, 10, 29, 20, 59, 59))).toEqual({ year: 2026, month: 11, day: 29 });
    expect(moscowDay(Date.UTC(2026, 11, 31, 21))).toEqual({ year: 2027, month: 1, day: 1 });
    expect(moscowDay(Date.UTC(2013, 5, 1, 20))).toEqual({ year: 2013, month: 6, day: 2 });
  });

  it('formats an instant as luxon does, and nothing for an invalid one', () => {
    for (const value of values) expect(formatMoscowTime(parseTaskDate(value)!, false)).toBe(luxonFormat(value, false));
    expect(formatMoscowTime(Number.NaN)).toBeNull();
  });
});

describe('Moscow time on a first screen', () => {
  const Original = Intl.DateTimeFormat;
  afterEach(() => {
    Intl.DateTimeFormat = Original;
    vi.resetModules();
  });

  it('formats a date since 2014 without making an Intl.DateTimeFormat (its first one loads ICU data)', async () => {
    vi.resetModules();
    let made = 0;
    Intl.DateTimeFormat = new Proxy(Original, { construct: (target, args) => (made++, new target(...(args as []))) });
    const fresh = await import('./moscow-time');
    expect(fresh.formatMoscowIso('2026-04-10T09:00:00Z')).toBe('10.04.2026 12:00');
    expect(fresh.parseMoscowIso('2026-04-10T12:00')).toBe(Date.UTC(2026, 3, 10, 9));
    expect(made).toBe(0);
    expect(fresh.formatMoscowIso('2012-06-01T08:00:00Z')).toBe('01.06.2012 12:00');
    expect(made).toBe(1);
  });
});

