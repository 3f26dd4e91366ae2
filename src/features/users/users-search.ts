import * as v from 'valibot';
import { intParam, optionalParam, textParam } from '@/components/search-params';

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

const id = optionalParam(intParam(1, 2_147_483_647));
const text = optionalParam(v.pipe(textParam(Infinity), v.transform((value) => value.trim().slice(0, TEXT_MAX) || undefined)));

/** The URL's filters and page, each falling back to "not set" on its own. */
const usersSearchSchema = v.pipe(
  v.object({
    page: id,
    id,
    group_id: id,
    name: text,
    email: text,
    phone: text,
    city: text,
    work_company: text,
  }),
  // Only what is set (page 1 is the default), so that a clean URL means no filter.
  v.transform((search): UsersSearch => {
    const out: UsersSearch = {};
    for (const [key, value] of Object.entries(search)) if (value !== undefined && !(key === 'page' && value === 1)) Object.assign(out, { [key]: value });
    return out;
  }),
);

const ALL_KEYS = ['page', 'id', 'group_id', ...USER_TEXT_FILTERS] as const;

/**
 * The route's validated search: every key present, bad ones as undefined, so that a raw value passed down from
 * the root route (which keeps the whole query string) never reaches the server.
 */
export const usersRouteSearch = v.pipe(
  usersSearchSchema,
  v.transform((search): UsersSearch => ({ ...Object.fromEntries(ALL_KEYS.map((key) => [key, undefined])), ...search })),
);

export function routeUsersSearch(raw: Record<string, unknown>): UsersSearch {
  return v.parse(usersRouteSearch, raw);
}

export function parseUsersSearch(raw: Record<string, unknown>): UsersSearch {
  return v.parse(usersSearchSchema, raw);
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
