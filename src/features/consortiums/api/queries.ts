import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { PAGE_SIZE } from '@/lib/limits';
import { consortiumKeys } from './keys';
import type { ConsortiumsFilter } from './types';

/** GET /v1/consortiums — paged, optionally of one project (SPEC §7 "Consortiums … create, read, update, delete, excel template, import, export"). */
export const consortiumListQuery = (filter: ConsortiumsFilter = {}, page = 1, pageSize = PAGE_SIZE) =>
  queryOptions({
    queryKey: consortiumKeys.list(filter, page, pageSize),
    queryFn: () => unwrap(api().main.GET('/v1/consortiums', { params: { query: { ...filter, page, pageSize } } })),
    placeholderData: keepPreviousData,
  });

/** GET /v1/consortiums/{id}. */
export const consortiumQuery = (id: number) =>
  queryOptions({
    queryKey: consortiumKeys.detail(id),
    queryFn: () => unwrap(api().main.GET('/v1/consortiums/{id}', { params: { path: { id } } })),
  });
