import type { components } from '@/lib/api/generated/main';
import type { RecordFilter } from '@/lib/api/records';

type Schemas = components['schemas'];
export type Employee = Schemas['Employee'];
export type EmployeeInput = Schemas['EmployeeInput'];
export type EmployeePage = Schemas['EmployeePage'];

/** List, export and import scope (SPEC §7 "employees (optionally centerNtiId) … create, read, update, delete, excel template, import, export"). */
export type EmployeesFilter = RecordFilter<'/v1/employees'>;
