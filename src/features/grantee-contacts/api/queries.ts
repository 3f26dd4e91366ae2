import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { PAGE_SIZE } from '@/lib/limits';
import { granteeContactKeys } from './keys';
import type { GranteeContactsFilter } from './types';

/** GET /v1/grantee-contacts — paged, optionally of one project (SPEC §7 "grantee-contacts: create, read, update, delete, excel template, import, export"). */
export const granteeContactListQuery = (filter: GranteeContactsFilter = {}, page = 1, pageSize = PAGE_SIZE) =>
  queryOptions({
    queryKey: granteeContactKeys.list(filter, page, pageSize),
    queryFn: () => unwrap(api().main.GET('/v1/grantee-contacts', { params: { query: { ...filter, page, pageSize } } })),
    placeholderData: keepPreviousData,
  });

/** GET /v1/grantee-contacts/{id}. */
export const granteeContactQuery = (id: number) =>
  queryOptions({
    queryKey: granteeContactKeys.detail(id),
    queryFn: () => unwrap(api().main.GET('/v1/grantee-contacts/{id}', { params: { path: { id } } })),
  });
