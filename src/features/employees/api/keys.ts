import { recordKeys } from '@/lib/api/records';
import type { EmployeesFilter } from './types';

/** Query keys of the employees domain (one factory, DESIGN.md convention 4). */
export const employeeKeys = recordKeys<EmployeesFilter>('employees');
