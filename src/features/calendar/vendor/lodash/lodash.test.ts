import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import chunk from './chunk';
import defaults from './defaults';
import findIndex from './findIndex';
import isEqual from './isEqual';
import mapValues from './mapValues';
import omit from './omit';
import range from './range';
import sortBy from './sortBy';
import transform from './transform';

// The build resolves react-big-calendar's `lodash/<name>` to this folder (vite.config.ts alias); lodash itself, which
// react-big-calendar depends on, is loaded past the alias to compare with.
type Fn = (...args: never[]) => unknown;
const lodash = createRequire(import.meta.url)('lodash') as Record<string, Fn>;
const both = (name: string, ours: unknown, ...args: unknown[]) => {
  const run = (fn: unknown) => (fn as (...a: unknown[]) => unknown)(...args.map((a) => (typeof a === 'function' ? a : structuredClone(a))));
  return [run(ours), run(lodash[name])] as const;
};

describe("react-big-calendar's lodash calls, answered as lodash answers them", () => {
  it('are served from this folder, not lodash', async () => {
    const ours = { chunk, defaults, findIndex, isEqual, mapValues, omit, range, sortBy, transform };
    for (const [name, fn] of Object.entries(ours)) {
      const imported = ((await import(/* @vite-ignore */ `lodash/${name}`)) as { default: unknown }).default;
      expect(imported, name).toBe(fn);
    }
  });

  it('chunk(month, 7): the month grid in weeks', () => {
    const month = Array.from({ length: 35 }, (_, i) => new Date(2026, 10, i + 1));
    const [ours, theirs] = both('chunk', chunk, month, 7);
    expect(ours).toEqual(theirs);
    expect(ours).toHaveLength(5);
  });

  it('isEqual(event, selected): the same event, another event, dates inside', () => {
    const event = { id: 1, title: 'Отчёт', start: new Date(2026, 10, 3), end: new Date(2026, 10, 4), resource: { kind: 'task' } };
    expect(isEqual(event, structuredClone(event))).toBe(true);
    expect(isEqual(event, { ...event, end: new Date(2026, 10, 5) })).toBe(false);
    expect(isEqual(event, { ...event, resource: { kind: 'stage' } })).toBe(false);
    expect(isEqual(event, undefined)).toBe(false);
  });

  it('findIndex(range, fn): the first day an event covers, or -1', () => {
    const days = Array.from({ length: 7 }, (_, i) => new Date(2026, 10, 23 + i).getTime());
    for (const wanted of [days[0], days[4], 0]) {
      expect(findIndex(days, (x: number) => x === wanted)).toBe(lodash.findIndex!(...([days, (x: number) => x === wanted] as never[])));
    }
  });

  it('range(slot, slot + span): the slots an event takes', () => {
    for (const [start, end] of [[0, 3], [2, 2], [5, 7]]) expect(range(start!, end!)).toEqual(both('range', range, start, end)[1]);
  });

  it("sortBy(events, ['startMs', e => -e.endMs]): by start, the longer first, ties kept in order", () => {
    const events = [
      { id: 'a', startMs: 20, endMs: 30 },
      { id: 'b', startMs: 10, endMs: 15 },
      { id: 'c', startMs: 10, endMs: 40 },
      { id: 'd', startMs: 20, endMs: 30 },
      { id: 'e', startMs: 10, endMs: 15 },
    ];
    const criteria = ['startMs', (e: { endMs: number }) => -e.endMs] as const;
    const ours = sortBy(events, [...criteria] as never);
    expect(ours.map((e) => e.id)).toEqual(['c', 'b', 'e', 'a', 'd']);
    expect(ours).toEqual(lodash.sortBy!(...([events, [...criteria]] as never[])));
  });

  it("defaults(components[view] || {}, omit(components, names), wrappers): the view's components first", () => {
    const names = ['month', 'week', 'agenda'];
    const components: Record<string, unknown> = { event: 'Event', month: { event: 'MonthEvent' }, week: {}, toolbar: 'Toolbar' };
    const wrappers = { eventWrapper: 'Noop', event: 'Never', toolbar: 'Never' };
    const ours = defaults({ ...(components.month as object) }, omit(components, names), wrappers);
    const theirs = lodash.defaults!(...([{ ...(components.month as object) }, lodash.omit!(...([components, names] as never[])), wrappers] as never[]));
    expect(ours).toEqual(theirs);
    expect(ours).toEqual({ event: 'MonthEvent', toolbar: 'Toolbar', eventWrapper: 'Noop' });
    expect(omit(components, names)).toEqual({ event: 'Event', toolbar: 'Toolbar' });
  });

  it('mapValues(views, fn) and transform(views, fn, {}): the views given as an object or as a list', () => {
    const VIEWS: Record<string, string> = { month: 'Month', week: 'Week', agenda: 'Agenda' };
    const asObject = { month: true, week: 'Custom' };
    const pick = (value: unknown, key: string) => (value === true ? VIEWS[key] : value);
    expect(mapValues(asObject, pick)).toEqual(lodash.mapValues!(...([asObject, pick] as never[])));
    const fill = (obj: Record<string, string>, name: string) => (obj[name] = VIEWS[name]!);
    const [ours, theirs] = both('transform', transform, ['month', 'agenda'], fill, {});
    expect(ours).toEqual(theirs);
    expect(ours).toEqual({ month: 'Month', agenda: 'Agenda' });
    // An iteratee that returns false stops, as in lodash; an object is walked by its keys.
    const stop = (acc: string[], value: number, key: string) => (acc.push(`${key}=${value}`), value < 2 ? undefined : false);
    expect(both('transform', transform, { a: 1, b: 2, c: 3 }, stop, [])).toEqual([['a=1', 'b=2'], ['a=1', 'b=2']]);
  });
});
