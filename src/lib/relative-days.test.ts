import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { dayNumber, distanceFromToday, fromToday, relativeDays, roundedDistance } from './relative-days';

// relative-days.ts stands in for luxon's toRelative on the RID tab and the project plan (luxon stays off the project
// card's first load); luxon, still used elsewhere, is the reference it must agree with.
const luxonRelative = (target: DateTime, base: DateTime) => target.toRelative({ base, locale: 'ru' });
const day = (d: DateTime) => ({ year: d.year, month: d.month, day: d.day });

describe('relative days without luxon', () => {
  it('says what luxon says for every pair of days around month ends, leap days and years apart', () => {
    const bases = ['2024-01-31', '2024-02-29', '2024-03-31', '2025-02-28', '2026-11-29', '2026-12-31', '2027-01-01'].map((d) => DateTime.fromISO(d, { zone: 'UTC' }));
    let checked = 0;
    for (const base of bases) {
      for (const offset of [...Array.from({ length: 800 }, (_, i) => i - 400), -3653, -1461, -1096, 1095, 1096, 1461, 3653]) {
        if (offset === 0) continue;
        const target = base.plus({ days: offset });
        expect([base.toISODate(), target.toISODate(), relativeDays(day(target), day(base))]).toEqual([base.toISODate(), target.toISODate(), luxonRelative(target, base)]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5000);
  });

  it('words the counts as Russian does', () => {
    const base = { year: 2026, month: 11, day: 29 };
    expect(relativeDays({ year: 2026, month: 11, day: 30 }, base)).toBe('через 1 день');
    expect(relativeDays({ year: 2026, month: 12, day: 20 }, base)).toBe('через 21 день');
    expect(relativeDays({ year: 2026, month: 11, day: 7 }, base)).toBe('22 дня назад');
    expect(relativeDays({ year: 2027, month: 4, day: 29 }, base)).toBe('через 5 месяцев');
    expect(relativeDays({ year: 2021, month: 11, day: 29 }, base)).toBe('5 лет назад');
  });

  it('numbers days continuously across months and years', () => {
    expect(dayNumber({ year: 2025, month: 1, day: 1 }) - dayNumber({ year: 2024, month: 12, day: 31 })).toBe(1);
    expect(dayNumber({ year: 2024, month: 3, day: 1 }) - dayNumber({ year: 2024, month: 2, day: 28 })).toBe(2);
  });

  it('counts Moscow days from today: the day turns at 21:00 UTC', () => {
    const now = Date.UTC(2026, 10, 29, 20, 0);
    expect(fromToday(Date.UTC(2026, 10, 29, 20, 59), now)).toEqual({ days: 0, relative: '' });
    expect(fromToday(Date.UTC(2026, 10, 29, 21, 0), now)).toEqual({ days: 1, relative: 'через 1 день' });
    expect(fromToday(Date.UTC(2026, 10, 26, 12, 0), now)).toEqual({ days: -3, relative: '3 дня назад' });
    expect(fromToday(Number.NaN, now)).toBeNull();
  });
});


describe('distances rounded as a person rounds them (issue 50: the project plan)', () => {
  const base = { year: 2026, month: 6, day: 15 };
  const plus = (days: number) => {
    const d = new Date(Date.UTC(2026, 5, 15 + days));
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  };
  it.each([
    { days: 1, expected: { count: 1, unit: 'days' } },
    { days: 29, expected: { count: 29, unit: 'days' } },
    // 15 July: one whole month.
    { days: 30, expected: { count: 1, unit: 'months' } },
    // 30 July: a month and 15 days of July's 31 — under half, 1; 31 July: 16 days — half or more, 2.
    { days: 45, expected: { count: 1, unit: 'months' } },
    { days: 46, expected: { count: 2, unit: 'months' } },
    { days: 59, expected: { count: 2, unit: 'months' } },
    { days: 60, expected: { count: 2, unit: 'months' } },
    { days: -151, expected: { count: 5, unit: 'months' } },
    { days: -165, expected: { count: 5, unit: 'months' } },
    { days: -166, expected: { count: 6, unit: 'months' } },
    { days: 334, expected: { count: 11, unit: 'months' } },
    // 31 May 2027: 11 months and 16 days of 31 — a year.
    { days: 350, expected: { count: 1, unit: 'years' } },
    { days: 518, expected: { count: 1, unit: 'years' } },
    // 15 December 2027: 18 months — two years.
    { days: 548, expected: { count: 2, unit: 'years' } },
  ])('$days days from 15 June 2026 → $expected.count $expected.unit', ({ days, expected }) => {
    expect(roundedDistance(plus(days), base)).toEqual(expected);
    // The same either way round.
    expect(roundedDistance(base, plus(days))).toEqual(expected);
  });

  it('counts from today in Moscow days', () => {
    const now = Date.UTC(2026, 5, 15, 9, 0);
    expect(distanceFromToday(now + 59 * 86_400_000, now)).toEqual({ days: 59, count: 2, unit: 'months' });
    expect(distanceFromToday(Date.UTC(2026, 5, 15, 20, 59), now)).toEqual({ days: 0, count: 0, unit: 'days' });
    expect(distanceFromToday(Number.NaN, now)).toBeNull();
  });
});
