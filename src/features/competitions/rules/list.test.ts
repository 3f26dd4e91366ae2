import { describe, expect, it } from 'vitest';
import { applyFilters, competitionPathId, filtersActive, groupCompetitions } from './list';
import { filtersToSearch, parseFilters } from './list-search';
import { formatDate, formatMoney, formatRange } from './format';

const c = (over: Record<string, unknown>) => ({ id: 1, code1C: 'X', name: 'X', fullName: null, status: 'Прием заявок', groupCode: null, hasActivePoints: false, hasUserActivePoints: false, ...over });
const list = [
  c({ id: 1, code1C: 'START-2026', name: '«Старт» 2026', groupCode: 'STARTUP', hasActivePoints: true, hasUserActivePoints: true }),
  c({ id: 2, code1C: 'RAZVITIE-2026', name: '«Развитие» 2026', groupCode: 'STARTUP' }),
  c({ id: 3, code1C: 'KOMMERC-2026', name: '«Коммерциализация» 2026', groupCode: 'INNOVATION', hasUserActivePoints: true }),
  c({ id: 4, code1C: 'UMNIK-2026', name: '«УМНИК» 2026', groupCode: null }),
  c({ id: 8, code1C: 'KOOP-2025', name: '«Кооперация» 2025', groupCode: 'INNOVATION', status: 'Подведение итогов' }),
];
const groups = [
  { code: 'INNOVATION', name: 'Инновационные программы', sort: 20 },
  { code: 'STARTUP', name: 'Программы для стартапов', sort: 10 },
];

describe('competition filters in the URL', () => {
  it.each([
    [{}, { q: '', status: null, hasTasks: false, mine: false }],
    [{ q: 'старт', status: 'Прием заявок', tasks: true, mine: 'true' }, { q: 'старт', status: 'Прием заявок', hasTasks: true, mine: true }],
    [{ q: 42, status: 'Чужой статус', tasks: 'yes' }, { q: '42', status: null, hasTasks: false, mine: false }],
    [{ q: ['a'], mine: 1 }, { q: '', status: null, hasTasks: false, mine: true }],
  ])('%j → %j', (search, filters) => expect(parseFilters(search as Record<string, unknown>)).toEqual(filters));
  it('defaults are left out of the URL', () => {
    expect(filtersToSearch({ q: '', status: null, hasTasks: false, mine: false })).toEqual({});
    expect(filtersToSearch({ q: 'x', status: 'Прием заявок', hasTasks: true, mine: true })).toEqual({ q: 'x', status: 'Прием заявок', tasks: true, mine: true });
  });
});

describe('filtering', () => {
  const f = (over: Partial<ReturnType<typeof parseFilters>>) => ({ ...parseFilters({}), ...over });
  it.each([
    [f({ q: 'СТАРТ' }), [1]],
    [f({ q: 'kommerc' }), [3]],
    [f({ status: 'Прием заявок' }), [1, 2, 3, 4]],
    [f({ hasTasks: true }), [1]],
    [f({ mine: true }), [1, 3]],
    [f({ mine: true, q: 'коммерц' }), [3]],
    [f({ q: 'нет такого' }), []],
  ])('%j', (filters, ids) => expect(applyFilters(list, filters).map((x) => x.id)).toEqual(ids));
  it('any filter is "active"', () => {
    expect(filtersActive(f({}))).toBe(false);
    expect(filtersActive(f({ q: '  ' }))).toBe(false);
    expect(filtersActive(f({ mine: true }))).toBe(true);
  });
});

describe('grouping', () => {
  it('groups by group code in the groups order; ungrouped stay outside', () => {
    const result = groupCompetitions(list, groups, false);
    expect(result.groups.map((g) => [g.code, g.items.map((x) => x.id)])).toEqual([
      ['STARTUP', [1, 2]],
      ['INNOVATION', [3, 8]],
    ]);
    expect(result.ungrouped.map((x) => x.id)).toEqual([4]);
  });
  it('an active filter flattens the list', () => {
    const result = groupCompetitions(list, groups, true);
    expect(result.groups).toEqual([]);
    expect(result.ungrouped).toHaveLength(5);
  });
  it('a group listed twice is one group (a broken answer repeating groups shows each competition once)', () => {
    const result = groupCompetitions(list, [...groups, ...groups, ...groups], false);
    expect(result.groups.map((g) => [g.code, g.items.map((x) => x.id)])).toEqual([
      ['STARTUP', [1, 2]],
      ['INNOVATION', [3, 8]],
    ]);
  });
  it('an unknown group code still groups (named by its code)', () => {
    const result = groupCompetitions([c({ id: 9, groupCode: 'NEW' })], groups, false);
    expect(result.groups).toEqual([{ code: 'NEW', name: 'NEW', items: [expect.objectContaining({ id: 9 })] }]);
  });
});

describe('formats', () => {
  it.each([
    ['2026-10-21T21:00:00.000Z', '22.10.2026'], // Moscow midnight
    ['2026-01-04T20:59:00.000Z', '04.01.2026'],
    [null, ''],
    ['garbage', ''],
  ])('formatDate(%j) → %j', (iso, text) => expect(formatDate(iso)).toBe(text));
  it('ranges and money', () => {
    expect(formatRange('2026-10-21T21:00:00.000Z', '2027-01-04T21:00:00.000Z')).toBe('22.10.2026 – 05.01.2027');
    expect(formatRange(null, null)).toBe('—');
    expect(formatMoney(4_000_000).replace(/\s/g, ' ')).toBe('4 000 000 ₽');
    expect(formatMoney(null)).toBe('—');
  });
  it('links by code1C, else id', () => {
    expect(competitionPathId({ id: 5, code1C: 'CIFRA-2026' })).toBe('CIFRA-2026');
    expect(competitionPathId({ id: 5, code1C: '' })).toBe('5');
  });
});
