import { DateTime } from 'luxon';
import type { components } from '@/lib/api/generated/main';
import { CALENDAR_COLORS, CALENDAR_FALLBACK_DAYS, MOSCOW_ZONE } from '@/lib/limits';

export type CalendarTask = components['schemas']['CalendarTask'];

export interface CalendarEvent {
  id: number;
  title: string;
  start: Date;
  end: Date;
  /**
   * Where the calendar draws the task: its deadline (the end of its range). A grantee plans by deadlines; a task
   * of many weeks drawn as a bar repeats on every week row and crowds out the rest.
   */
  due: Date;
  allDay: true;
  status: string;
  description: string | null;
  /** The task came without dates and is shown over the last days (SPEC §2). */
  datesMissing: boolean;
  color: string;
}

/**
 * SPEC §9 "Calendar: 10 random event colours". Dark enough for white text (WCAG AA). The choice is pseudo-random
 * but derived from the task id, so an event keeps its colour across renders, reloads and views.
 */
export const EVENT_COLORS: readonly string[] = [
  '#1f4fa3',
  '#276749',
  '#b7410e',
  '#6b46c1',
  '#b83280',
  '#256b6c',
  '#c53030',
  '#8a5a00',
  '#2b6cb0',
  '#4a5568',
];
if (EVENT_COLORS.length !== CALENDAR_COLORS) throw new Error('EVENT_COLORS must hold CALENDAR_COLORS colours');

/** A 32-bit integer hash (xorshift-multiply), spreading neighbouring ids over different colours. */
export function eventColorIndex(id: number): number {
  let h = Math.imul(id ^ 0x9e3779b9, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % CALENDAR_COLORS;
}

export const eventColor = (id: number) => EVENT_COLORS[eventColorIndex(id)]!;

const parse = (iso: string | null | undefined): DateTime | null => {
  if (!iso) return null;
  const date = DateTime.fromISO(iso);
  return date.isValid ? date : null;
};

/**
 * Task → calendar event. SPEC §2: "a task with no dates gets a range of the last 4 days" — today and the three days
 * before it. A task with one date occupies that day; a reversed range is put right.
 */
export function toCalendarEvent(task: CalendarTask, nowMs: number): CalendarEvent {
  let from = parse(task.dateFrom);
  let to = parse(task.dateTo);
  const datesMissing = !from && !to;
  if (datesMissing) {
    const today = DateTime.fromMillis(nowMs);
    from = today.minus({ days: CALENDAR_FALLBACK_DAYS - 1 }).startOf('day');
    to = today.endOf('day');
  }
  from ??= to!;
  to ??= from;
  if (to < from) [from, to] = [to, from];
  return {
    id: task.id,
    title: task.name,
    start: from.toJSDate(),
    end: to.toJSDate(),
    due: to.toJSDate(),
    allDay: true,
    status: task.status.name,
    description: task.description ?? null,
    datesMissing,
    color: eventColor(task.id),
  };
}

export const toCalendarEvents = (tasks: readonly CalendarTask[], nowMs: number) => tasks.map((task) => toCalendarEvent(task, nowMs));

/** The calendar library slows down sharply with hundreds of bars: beyond this, the tasks nearest to today are shown. */
export const CALENDAR_EVENT_CAP = 100;

/** Time from today to an event (0 while it runs). */
function distanceFrom(event: Pick<CalendarEvent, 'start' | 'end'>, nowMs: number): number {
  if (event.start.getTime() > nowMs) return event.start.getTime() - nowMs;
  if (event.end.getTime() < nowMs) return nowMs - event.end.getTime();
  return 0;
}

/** At most `cap` events, the ones nearest to today, in their original order (a broken answer of thousands). */
export function nearestEvents<T extends Pick<CalendarEvent, 'start' | 'end'>>(events: readonly T[], nowMs: number, cap = CALENDAR_EVENT_CAP): T[] {
  if (events.length <= cap) return [...events];
  const keep = new Set(
    events
      .map((event, index) => ({ index, distance: distanceFrom(event, nowMs) }))
      .sort((a, b) => a.distance - b.distance || a.index - b.index)
      .slice(0, cap)
      .map((e) => e.index),
  );
  return events.filter((_, index) => keep.has(index));
}

/** SPEC §2 event dialog: "date range (DD.MM.YYYY)". */
export function formatEventRange(event: Pick<CalendarEvent, 'start' | 'end'>): string {
  const fmt = (d: Date) => DateTime.fromJSDate(d, { zone: MOSCOW_ZONE }).toFormat('dd.MM.yyyy');
  const start = fmt(event.start);
  const end = fmt(event.end);
  return start === end ? start : `${start} – ${end}`;
}
