import { describe, expect, it } from 'vitest';
import { kindOptions, kindTabs } from './kind-tabs';
import { compactSearch, parseTasksSearch, DEFAULT_SEARCH } from './list-search';

describe('tasks URL search', () => {
  it.each([
    [{}, false, DEFAULT_SEARCH],
    [{ kind: 'active', q: 'отчёт', page: '3' }, false, { ...DEFAULT_SEARCH, kind: 'active', q: 'отчёт', page: 3 }],
    [{ kind: 'expert' }, false, DEFAULT_SEARCH],
    [{ kind: 'expert', contests: [3, '7', 'x'], statuses: ['NEW', 'bad value'] }, true, { ...DEFAULT_SEARCH, kind: 'expert', contests: [3, 7], statuses: ['NEW'] }],
    [{ kind: 'bogus', page: -1, status: '<script>' }, false, DEFAULT_SEARCH],
    [{ page: 1.5 }, false, DEFAULT_SEARCH],
    [{ kind: 'archive' }, false, DEFAULT_SEARCH],
    [{ status: 'SIGNING_REQUIRED' }, false, { ...DEFAULT_SEARCH, status: 'SIGNING_REQUIRED' }],
  ])('%o (expert %s)', (raw, isExpert, expected) => {
    expect(parseTasksSearch(raw as Record<string, unknown>, { isExpert })).toEqual(expected);
  });

  it('the archive route forces the archive kind', () => {
    expect(parseTasksSearch({ kind: 'active' }, { isExpert: false, archiveRoute: true }).kind).toBe('archive');
  });

  it('keeps only non-default values in the URL', () => {
    expect(compactSearch(DEFAULT_SEARCH)).toEqual({});
    expect(compactSearch({ ...DEFAULT_SEARCH, kind: 'notes', status: 'NEW', q: 'x' })).toEqual({ kind: 'notes', q: 'x' });
  });
});

describe('kind variants (SPEC §2)', () => {
  it('are in SPEC order; experts get "Экспертиза" at position 4', () => {
    expect(kindTabs(false).map((t) => t.label)).toEqual(['Все', 'Требуют действий', 'Отработаны', 'Просроченные', 'Черновики']);
    expect(kindTabs(true).map((t) => t.label)).toEqual(['Все', 'Требуют действий', 'Отработаны', 'Экспертиза', 'Просроченные', 'Черновики']);
    expect(kindTabs(false).filter((t) => t.counted).map((t) => t.label)).toEqual(['Все', 'Требуют действий']);
    expect(kindTabs(true).filter((t) => t.counted).map((t) => t.label)).toEqual(['Все', 'Требуют действий', 'Экспертиза']);
  });

  it('the select starts with "Все задачи"', () => {
    expect(kindOptions(false)[0]).toEqual({ value: 'all', label: 'Все задачи' });
  });
});
