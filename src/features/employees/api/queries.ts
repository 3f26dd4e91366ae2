import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { PAGE_SIZE } from '@/lib/limits';
import { employeeKeys } from './keys';
import type { EmployeesFilter } from './types';

/** GET /v1/employees — paged, optionally of one project (SPEC §7 "employees (optionally centerNtiId) … create, read, update, delete, excel template, import, export"). */
export const employeeListQuery = (filter: EmployeesFilter = {}, page = 1, pageSize = PAGE_SIZE) =>
  queryOptions({
    queryKey: employeeKeys.list(filter, page, pageSize),
    queryFn: () => unwrap(api().main.GET('/v1/employees', { params: { query: { ...filter, page, pageSize } } })),
    placeholderData: keepPreviousData,
  });

/** GET /v1/employees/{id}. */
export const employeeQuery = (id: number) =>
  queryOptions({
    queryKey: employeeKeys.detail(id),
    queryFn: () => unwrap(api().main.GET('/v1/employees/{id}', { params: { path: { id } } })),
  });
