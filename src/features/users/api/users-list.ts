import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { PAGE_SIZE } from '@/lib/limits';
import type { components } from '@/lib/api/generated/main';
import { usersApiQuery, type UsersSearch } from '../users-search';
import { usersKeys } from './keys';

export type UserRow = components['schemas']['User'];
export type UserPage = components['schemas']['UserPage'];

/** GET /v1/user — the users and roles table, 20 a page (SPEC §7, §9). Token columns change: never persisted. */
export const usersListQuery = (search: UsersSearch) =>
  queryOptions({
    queryKey: usersKeys.list(search),
    queryFn: () => unwrap(api().main.GET('/v1/user', { params: { query: usersApiQuery(search, PAGE_SIZE) } })),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    meta: { persist: false },
  });
