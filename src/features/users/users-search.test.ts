import { describe, expect, it } from 'vitest';
import { hasActiveFilters, parseUsersSearch, routeUsersSearch, usersApiQuery, withFilter } from './users-search';

describe('parseUsersSearch (URL → filters, bad input falls back)', () => {
  it.each<[string, Record<string, unknown>, ReturnType<typeof parseUsersSearch>]>([
    ['empty', {}, {}],
    ['page 1 is the default and is dropped', { page: 1 }, {}],
    ['page 3', { page: '3' }, { page: 3 }],
    ['bad page', { page: 'abc' }, {}],
    ['negative page', { page: -2 }, {}],
    ['fractional id', { id: 1.5 }, {}],
    ['id and group', { id: '42', group_id: 7 }, { id: 42, group_id: 7 }],
    ['text filters are trimmed', { name: '  Петров ', city: 'Москва' }, { name: 'Петров', city: 'Москва' }],
    ['blank text is dropped', { email: '   ', phone: '' }, {}],
    ['numeric phone stays text', { phone: 7916 }, { phone: '7916' }],
    ['objects are ignored', { work_company: { a: 1 }, unknown: 'x' }, {}],
    ['very long text is cut to 200', { name: 'я'.repeat(300) }, { name: 'я'.repeat(200) }],
  ])('%s', (_name, raw, expected) => {
    expect(parseUsersSearch(raw)).toEqual(expected);
  });
});

describe('usersApiQuery (SPEC §7 GET /v1/user)', () => {
  it('sends page, the page size and only the set filters', () => {
    expect(usersApiQuery({ page: 2, name: 'Иван', group_id: 8 }, 20)).toEqual({
      page: 2,
      pageSize: 20,
      'filter[name]': 'Иван',
      'filter[group_id]': 8,
    });
    expect(usersApiQuery({}, 20)).toEqual({ page: 1, pageSize: 20 });
    expect(usersApiQuery({ id: 5, email: 'a@b', phone: '+7', city: 'Тверь', work_company: 'ООО' }, 20)).toMatchObject({
      'filter[id]': 5,
      'filter[email]': 'a@b',
      'filter[phone]': '+7',
      'filter[city]': 'Тверь',
      'filter[work_company]': 'ООО',
    });
  });
});

describe('withFilter', () => {
  it('resets the page and drops cleared filters', () => {
    expect(withFilter({ page: 3, name: 'А' }, 'city', 'Казань')).toEqual({ name: 'А', city: 'Казань' });
    expect(withFilter({ page: 2, name: 'А' }, 'name', '')).toEqual({});
    expect(withFilter({}, 'id', '17')).toEqual({ id: 17 });
    expect(withFilter({}, 'id', 'x')).toEqual({});
  });
  it('knows when a filter is active', () => {
    expect(hasActiveFilters({ page: 2 })).toBe(false);
    expect(hasActiveFilters({ email: 'x' })).toBe(true);
  });
});

describe('routeUsersSearch', () => {
  it('overrides every bad key with undefined so raw values cannot leak through', () => {
    const search = routeUsersSearch({ page: 'abc', id: -3, name: 'Иван' });
    expect(search).toEqual({
      page: undefined,
      id: undefined,
      group_id: undefined,
      name: 'Иван',
      email: undefined,
      phone: undefined,
      city: undefined,
      work_company: undefined,
    });
    expect(usersApiQuery({ ...{ page: 'abc', id: -3 }, ...search } as never, 20)).toEqual({ page: 1, pageSize: 20, 'filter[name]': 'Иван' });
  });
});
