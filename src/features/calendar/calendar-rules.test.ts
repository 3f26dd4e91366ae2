import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { CALENDAR_EVENT_CAP, EVENT_COLORS, eventColor, eventColorIndex, formatEventRange, nearestEvents, toCalendarEvent, type CalendarTask } from './calendar-rules';

const NOW = DateTime.fromISO('2026-06-15T12:30:00', { zone: 'Europe/Moscow' }).toMillis();
const task = (dateFrom: string | null, dateTo: string | null, id = 1): CalendarTask => ({ id, name: 'Отчёт', status: { name: 'Новый' }, dateFrom, dateTo, description: null });
const local = (d: Date) => DateTime.fromJSDate(d).toFormat('yyyy-MM-dd HH:mm');

describe('calendar dates (SPEC §2: no dates → the last 4 days)', () => {
  it.each([
    {
      name: 'no dates: today and the 3 days before it',
      t: task(null, null),
      start: DateTime.fromMillis(NOW).minus({ days: 3 }).startOf('day'),
      end: DateTime.fromMillis(NOW).endOf('day'),
      missing: true,
    },
    {
      name: 'both dates kept',
      t: task('2026-06-01T06:00:00.000Z', '2026-06-20T20:59:00.000Z'),
      start: DateTime.fromISO('2026-06-01T06:00:00.000Z'),
      end: DateTime.fromISO('2026-06-20T20:59:00.000Z'),
      missing: false,
    },
    {
      name: 'only the deadline: a single day',
      t: task(null, '2026-07-02T10:00:00.000Z'),
      start: DateTime.fromISO('2026-07-02T10:00:00.000Z'),
      end: DateTime.fromISO('2026-07-02T10:00:00.000Z'),
      missing: false,
    },
    {
      name: 'only the start: a single day',
      t: task('2026-05-05T10:00:00.000Z', null),
      start: DateTime.fromISO('2026-05-05T10:00:00.000Z'),
      end: DateTime.fromISO('2026-05-05T10:00:00.000Z'),
      missing: false,
    },
    {
      name: 'reversed range put right',
      t: task('2026-06-20T00:00:00.000Z', '2026-06-10T00:00:00.000Z'),
      start: DateTime.fromISO('2026-06-10T00:00:00.000Z'),
      end: DateTime.fromISO('2026-06-20T00:00:00.000Z'),
      missing: false,
    },
    {
      name: 'unreadable dates count as missing',
      t: task('скоро', ''),
      start: DateTime.fromMillis(NOW).minus({ days: 3 }).startOf('day'),
      end: DateTime.fromMillis(NOW).endOf('day'),
      missing: true,
    },
  ])('$name', ({ t, start, end, missing }) => {
    const event = toCalendarEvent(t, NOW);
    expect(local(event.start)).toBe(start.toFormat('yyyy-MM-dd HH:mm'));
    expect(local(event.end)).toBe(end.toFormat('yyyy-MM-dd HH:mm'));
    // The calendar draws the task once, on its deadline: the end of the range.
    expect(local(event.due)).toBe(end.toFormat('yyyy-MM-dd HH:mm'));
    expect(event.datesMissing).toBe(missing);
    expect(event.allDay).toBe(true);
  });

  it('the fallback range spans exactly 4 calendar days', () => {
    const event = toCalendarEvent(task(null, null), NOW);
    const days = Math.round(DateTime.fromJSDate(event.end).diff(DateTime.fromJSDate(event.start), 'days').days);
    expect(days).toBe(4);
  });

  it.each([
    { start: '2026-06-01T06:00:00.000Z', end: '2026-06-20T20:00:00.000Z', expected: '01.06.2026 – 20.06.2026' },
    { start: '2026-06-01T06:00:00.000Z', end: '2026-06-01T18:00:00.000Z', expected: '01.06.2026' },
    { start: '2026-12-31T22:30:00.000Z', end: '2027-01-02T06:00:00.000Z', expected: '01.01.2027 – 02.01.2027' },
  ])('range $start…$end reads "$expected"', ({ start, end, expected }) => {
    expect(formatEventRange({ start: new Date(start), end: new Date(end) })).toBe(expected);
  });
});

describe('event colours (SPEC §9: one of 10)', () => {
  const ids = Array.from({ length: 500 }, (_, i) => i + 1);

  it.each([1, 2, 3, 42, 1000, 2 ** 31 - 1])('id %i gets a colour index within 0..9, the same every time', (id) => {
    const index = eventColorIndex(id);
    expect(index).toBeGreaterThanOrEqual(0);
    expect(index).toBeLessThan(10);
    expect(eventColorIndex(id)).toBe(index);
    expect(eventColor(id)).toBe(EVENT_COLORS[index]);
  });

  it('offers exactly 10 distinct colours', () => {
    expect(new Set(EVENT_COLORS).size).toBe(10);
  });

  it('spreads events over all 10 colours, none dominating', () => {
    const counts = new Array(10).fill(0);
    for (const id of ids) counts[eventColorIndex(id)] += 1;
    expect(counts.every((c) => c > 0)).toBe(true);
    expect(Math.max(...counts)).toBeLessThan(500 * 0.2);
  });

  it('neighbouring ids mostly get different colours', () => {
    const same = ids.slice(1).filter((id) => eventColorIndex(id) === eventColorIndex(id - 1)).length;
    expect(same).toBeLessThan(ids.length * 0.2);
  });

  it('a task keeps its colour whatever its dates', () => {
    const a = toCalendarEvent(task(null, null, 77), NOW);
    const b = toCalendarEvent(task('2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', 77), NOW);
    expect(a.color).toBe(b.color);
  });
});

describe('a broken answer of thousands of tasks (the calendar stays responsive)', () => {
  const day = 24 * 60 * 60 * 1000;
  const now = Date.UTC(2026, 10, 15, 12);
  const at = (offsetDays: number) => ({ start: new Date(now + offsetDays * day), end: new Date(now + (offsetDays + 1) * day), id: offsetDays });

  it('keeps every event up to the cap', () => {
    const events = [at(-3), at(5)];
    expect(nearestEvents(events, now, 2)).toEqual(events);
  });

  it('keeps the events nearest to today, running ones first, in their original order', () => {
    const events = [at(40), at(-30), at(-0.5), at(2), at(-2), at(90)];
    expect(nearestEvents(events, now, 3).map((e) => e.id)).toEqual([-0.5, 2, -2]);
    expect(nearestEvents(Array.from({ length: 5000 }, (_, i) => at(i - 2500)), now)).toHaveLength(CALENDAR_EVENT_CAP);
  });
});
