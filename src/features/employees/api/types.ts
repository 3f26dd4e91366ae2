import type { components } from '@/lib/api/generated/main';

type Schemas = components['schemas'];
export type Employee = Schemas['Employee'];
export type EmployeeInput = Schemas['EmployeeInput'];
export type EmployeePage = Schemas['EmployeePage'];
export type ImportOutcome = Schemas['ImportOutcome'];

/** List, export and import scope (SPEC §7 "employees (optionally centerNtiId) … create, read, update, delete, excel template, import, export"). */
export interface EmployeesFilter {
  projectId?: number;
  centerNtiId?: number;
}
