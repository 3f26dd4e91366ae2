import type { EmployeesFilter } from './types';

/** Query keys of the employees domain (one factory, DESIGN.md convention 4). */
export const employeeKeys = {
  all: ['employees'] as const,
  lists: () => [...employeeKeys.all, 'list'] as const,
  list: (filter: EmployeesFilter, page: number, pageSize: number) => [...employeeKeys.lists(), filter, page, pageSize] as const,
  detail: (id: number) => [...employeeKeys.all, 'detail', id] as const,
};
