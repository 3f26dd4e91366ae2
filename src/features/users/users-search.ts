/**
 * The URL contract of /users (SPEC §2 "Users and roles"): the filters ID, name, group, e-mail, phone, city and
 * company name plus the page live in the search params, so a filtered page can be reloaded and shared.
 * Bad input falls back to defaults instead of failing the route.
 */
export const USER_TEXT_FILTERS = ['name', 'email', 'phone', 'city', 'work_company'] as const;
export type UserTextFilter = (typeof USER_TEXT_FILTERS)[number];

export interface UsersSearch {
  page?: number;
  id?: number;
  group_id?: number;
  name?: string;
  email?: string;
  phone?: string;
  city?: string;
  work_company?: string;
}

/** Filters wait this long after the last keystroke before they reach the URL and the server. */
export const FILTER_DEBOUNCE_MS = 400;
const TEXT_MAX = 200;

function positiveInt(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : undefined;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim().slice(0, TEXT_MAX);
  return trimmed || undefined;
}

const ALL_KEYS = ['page', 'id', 'group_id', ...USER_TEXT_FILTERS] as const;

/**
 * The route's validated search: every key present, bad ones as undefined, so that a raw value passed down from
 * the root route (which keeps the whole query string) never reaches the server.
 */
export function routeUsersSearch(raw: Record<string, unknown>): UsersSearch {
  return { ...Object.fromEntries(ALL_KEYS.map((key) => [key, undefined])), ...parseUsersSearch(raw) };
}

export function parseUsersSearch(raw: Record<string, unknown>): UsersSearch {
  const search: UsersSearch = {};
  const page = positiveInt(raw.page);
  if (page && page > 1) search.page = page;
  const id = positiveInt(raw.id);
  if (id) search.id = id;
  const group = positiveInt(raw.group_id);
  if (group) search.group_id = group;
  for (const key of USER_TEXT_FILTERS) {
    const value = text(raw[key]);
    if (value) search[key] = value;
  }
  return search;
}

/** Query of GET /v1/user (SPEC §7: id, pageSize=20, page; filter[id|name|group_id|email|phone|city|work_company]). */
export function usersApiQuery(search: UsersSearch, pageSize: number) {
  return {
    page: search.page ?? 1,
    pageSize,
    ...(search.id ? { 'filter[id]': search.id } : {}),
    ...(search.name ? { 'filter[name]': search.name } : {}),
    ...(search.group_id ? { 'filter[group_id]': search.group_id } : {}),
    ...(search.email ? { 'filter[email]': search.email } : {}),
    ...(search.phone ? { 'filter[phone]': search.phone } : {}),
    ...(search.city ? { 'filter[city]': search.city } : {}),
    ...(search.work_company ? { 'filter[work_company]': search.work_company } : {}),
  };
}

/** A filter change always goes back to the first page. */
export function withFilter(search: UsersSearch, key: keyof Omit<UsersSearch, 'page'>, value: string): UsersSearch {
  const next: Record<string, unknown> = { ...search, page: undefined, [key]: value };
  return parseUsersSearch(next);
}

export const hasActiveFilters = (search: UsersSearch) => Object.keys(search).some((key) => key !== 'page');
