import { importMutation, spreadsheetRequests } from '@/lib/api/records';
import { employeeKeys } from './keys';

/** The Excel template, import and export (SPEC §7 "employees (optionally centerNtiId) … create, read, update, delete, excel template, import, export"). */

/** GET /v1/employees/template, GET /v1/employees/export, POST /v1/employees/import (with the project's or the Center NTI's id). */
export const {
  template: downloadEmployeesTemplate,
  export: exportEmployees,
  import: importEmployees,
} = spreadsheetRequests<'/v1/employees', { projectId?: number; centerNtiId?: number }>('/v1/employees');

export const importEmployeesMutation = importMutation(employeeKeys, importEmployees);
