import { describe, expect, it } from 'vitest';
import {
  applyRidFilters,
  canSubmit,
  formatRidDate,
  normaliseRidFilters,
  plannedNote,
  ridFilterOptions,
  ridTitle,
  sortRids,
  type Rid,
  type RidFilters,
} from './rid-rules';

const DAY = 86_400;
const NOW_MS = Date.UTC(2026, 5, 15, 9, 0, 0);
const NOW_S = NOW_MS / 1000;

function rid(id: number, status: Rid['status'], source: Rid['source'], extra: { plannedDays?: number | null; applied?: string | null } = {}): Rid {
  return {
    id,
    title: `РИД ${id}`,
    status,
    source,
    plannedAt: extra.plannedDays === undefined || extra.plannedDays === null ? null : NOW_S + extra.plannedDays * DAY,
    info: { title: null, authors: [], holders: [], application: extra.applied === undefined ? null : { date: extra.applied }, patent: null },
  };
}

describe('sortRids (SPEC §4 card order)', () => {
  const cases: { name: string; input: Rid[]; expected: number[] }[] = [
    {
      name: 'statuses: pending, then applied, then registered',
      input: [rid(1, 'registered', 'planned', { applied: '2025-01-01' }), rid(2, 'applied', 'planned', { applied: '2025-01-01' }), rid(3, 'pending', 'planned', { plannedDays: 1 })],
      expected: [3, 2, 1],
    },
    {
      name: 'pending by planned date ascending (overdue first)',
      input: [rid(1, 'pending', 'planned', { plannedDays: 30 }), rid(2, 'pending', 'unplanned', { plannedDays: -10 }), rid(3, 'pending', 'planned', { plannedDays: 5 })],
      expected: [2, 3, 1],
    },
    {
      name: 'applied by application date ascending',
      input: [rid(1, 'applied', 'planned', { applied: '2026-03-01' }), rid(2, 'applied', 'planned', { applied: '2025-11-20' }), rid(3, 'applied', 'unplanned', { applied: '2026-01-15' })],
      expected: [2, 3, 1],
    },
    {
      name: 'registered by application date descending',
      input: [rid(1, 'registered', 'planned', { applied: '2024-05-01' }), rid(2, 'registered', 'planned', { applied: '2025-09-09' }), rid(3, 'registered', 'unplanned', { applied: '2025-01-01' })],
      expected: [2, 3, 1],
    },
    {
      name: 'missing dates go last within their status',
      input: [rid(1, 'pending', 'planned', { plannedDays: null }), rid(2, 'pending', 'planned', { plannedDays: 3 }), rid(3, 'registered', 'planned', { applied: null }), rid(4, 'registered', 'planned', { applied: '2020-01-01' })],
      expected: [2, 1, 4, 3],
    },
    {
      name: 'ties keep the server order',
      input: [rid(5, 'applied', 'planned', { applied: '2026-01-01' }), rid(4, 'applied', 'unplanned', { applied: '2026-01-01' })],
      expected: [5, 4],
    },
    {
      name: 'everything mixed',
      input: [
        rid(1, 'registered', 'planned', { applied: '2024-01-01' }),
        rid(2, 'pending', 'planned', { plannedDays: 40 }),
        rid(3, 'applied', 'unplanned', { applied: '2026-02-01' }),
        rid(4, 'registered', 'unplanned', { applied: '2025-06-01' }),
        rid(5, 'pending', 'unplanned', { plannedDays: -3 }),
        rid(6, 'applied', 'planned', { applied: '2025-12-01' }),
      ],
      expected: [5, 2, 6, 3, 4, 1],
    },
  ];
  it.each(cases)('$name', ({ input, expected }) => {
    expect(sortRids(input).map((r) => r.id)).toEqual(expected);
  });

  it('does not mutate its input', () => {
    const input = [rid(1, 'registered', 'planned'), rid(2, 'pending', 'planned')];
    sortRids(input);
    expect(input.map((r) => r.id)).toEqual([1, 2]);
  });
});

describe('RID filters (SPEC §4: filters count each other, zero options hidden)', () => {
  const rids = [
    rid(1, 'pending', 'planned', { plannedDays: 1 }),
    rid(2, 'pending', 'planned', { plannedDays: 2 }),
    rid(3, 'applied', 'planned'),
    rid(4, 'registered', 'planned'),
    rid(5, 'applied', 'unplanned'),
  ];
  type Counts = Record<string, number>;
  const counts = (options: { value: string; count: number }[]): Counts => Object.fromEntries(options.map((o) => [o.value, o.count]));

  const cases: { name: string; filters: RidFilters; source: Counts; status: Counts; shown: number[] }[] = [
    {
      name: 'default: everything',
      filters: { source: 'all', status: 'all' },
      source: { all: 5, planned: 4, unplanned: 1 },
      status: { all: 5, pending: 2, applied: 2, registered: 1 },
      shown: [1, 2, 3, 4, 5],
    },
    {
      name: 'unplanned source: statuses counted among unplanned, zero ones hidden',
      filters: { source: 'unplanned', status: 'all' },
      source: { all: 5, planned: 4, unplanned: 1 },
      status: { all: 1, applied: 1 },
      shown: [5],
    },
    {
      name: 'pending status: sources counted among pending, unplanned hidden',
      filters: { source: 'all', status: 'pending' },
      source: { all: 2, planned: 2 },
      status: { all: 5, pending: 2, applied: 2, registered: 1 },
      shown: [1, 2],
    },
    {
      name: 'both filters',
      filters: { source: 'planned', status: 'applied' },
      source: { all: 2, planned: 1, unplanned: 1 },
      status: { all: 4, pending: 2, applied: 1, registered: 1 },
      shown: [3],
    },
  ];
  it.each(cases)('$name', ({ filters, source, status, shown }) => {
    const options = ridFilterOptions(rids, filters);
    expect(counts(options.source)).toEqual(source);
    expect(counts(options.status)).toEqual(status);
    expect(applyRidFilters(rids, filters).map((r) => r.id)).toEqual(shown);
  });

  it('keeps the option order and labels', () => {
    const options = ridFilterOptions(rids, { source: 'all', status: 'all' });
    expect(options.source.map((o) => o.label)).toEqual(['Все', 'По договору', 'Внеплановый']);
    expect(options.status.map((o) => o.label)).toEqual(['Все', 'К исполнению', 'Подана заявка', 'Зарегистрирован']);
  });

  it('shows only "Все" for an empty list', () => {
    const options = ridFilterOptions([], { source: 'all', status: 'all' });
    expect(options.source).toEqual([{ value: 'all', label: 'Все', count: 0 }]);
    expect(options.status).toEqual([{ value: 'all', label: 'Все', count: 0 }]);
  });

  it.each([
    { filters: { source: 'unplanned', status: 'registered' } as RidFilters, expected: { source: 'unplanned', status: 'all' } },
    { filters: { source: 'planned', status: 'pending' } as RidFilters, expected: { source: 'planned', status: 'pending' } },
    { filters: { source: 'unplanned', status: 'all' } as RidFilters, expected: { source: 'unplanned', status: 'all' } },
  ])('normalises a vanished selection $filters.source/$filters.status', ({ filters, expected }) => {
    expect(normaliseRidFilters(rids, filters)).toEqual(expected);
  });

  it('falls back to all when the source disappears from the list', () => {
    expect(normaliseRidFilters([rid(1, 'pending', 'planned')], { source: 'unplanned', status: 'all' })).toEqual({ source: 'all', status: 'all' });
  });
});

describe('plannedNote (SPEC §4 "просрочено на …" / "через …")', () => {
  it.each([
    { days: -45, text: 'просрочено на 1 месяц', overdue: true },
    { days: -3, text: 'просрочено на 3 дня', overdue: true },
    { days: -400, text: 'просрочено на 1 год', overdue: true },
    { days: 20, text: 'через 20 дней', overdue: false },
    { days: 2, text: 'через 2 дня', overdue: false },
    { days: 140, text: 'через 4 месяца', overdue: false },
  ])('$days days → $text', ({ days, text, overdue }) => {
    expect(plannedNote(NOW_S + days * DAY, NOW_MS)).toEqual({ text, overdue });
  });

  it.each([
    { name: 'almost 20 days ahead counts as 20 calendar days', at: NOW_S + 20 * DAY - 3600, text: 'через 20 дней', overdue: false },
    { name: 'later today', at: NOW_S + 3600, text: 'срок сегодня', overdue: false },
    { name: 'earlier today', at: NOW_S - 3600, text: 'срок сегодня', overdue: false },
    { name: 'yesterday evening', at: NOW_S - 14 * 3600, text: 'просрочено на 1 день', overdue: true },
  ])('$name → $text', ({ at, text, overdue }) => {
    expect(plannedNote(at, NOW_MS)).toEqual({ text, overdue });
  });

  it('gives nothing without a planned date', () => {
    expect(plannedNote(null, NOW_MS)).toBeNull();
    expect(plannedNote(undefined, NOW_MS)).toBeNull();
  });
});

describe('RID helpers', () => {
  it.each([
    { title: 'Свой заголовок', info: 'Из info', expected: 'Свой заголовок' },
    { title: null, info: 'Из info', expected: 'Из info' },
    { title: '  ', info: null, expected: 'Без названия' },
  ])('title $title / info.title $info → $expected', ({ title, info, expected }) => {
    expect(ridTitle({ status: 'pending', source: 'planned', title, info: { title: info } })).toBe(expected);
  });

  it.each([
    { status: 'pending', source: 'planned', submit: true },
    { status: 'pending', source: 'unplanned', submit: false },
    { status: 'applied', source: 'planned', submit: false },
    { status: 'registered', source: 'unplanned', submit: false },
  ] as const)('$status/$source can be submitted: $submit', ({ status, source, submit }) => {
    expect(canSubmit({ status, source })).toBe(submit);
  });

  it.each([
    { value: '2026-03-14', expected: '14.03.2026' },
    { value: Date.UTC(2026, 0, 2, 12) / 1000, expected: '02.01.2026' },
    { value: null, expected: null },
    { value: 'не дата', expected: null },
  ])('formats $value as $expected', ({ value, expected }) => {
    expect(formatRidDate(value)).toBe(expected);
  });
});
