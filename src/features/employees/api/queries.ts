import { recordQueries } from '@/lib/api/records';
import { employeeKeys } from './keys';

/** GET /v1/employees — paged, optionally of one project (SPEC §7 "employees (optionally centerNtiId) … create, read, update, delete, excel template, import, export"); GET /v1/employees/{id}. */
export const { list: employeeListQuery, detail: employeeQuery } = recordQueries('/v1/employees', employeeKeys);
