import { mutationOptions } from '@tanstack/react-query';
import { api, formData, multipart } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import type { components } from '@/lib/api/generated/main';
import { employeeKeys } from './keys';
import type { EmployeesFilter } from './types';

/** The Excel template, import and export (SPEC §7 "employees (optionally centerNtiId) … create, read, update, delete, excel template, import, export"). */

type SpreadsheetUpload = components['schemas']['SpreadsheetUpload'];

/** GET /v1/employees/template — the import template (.xlsx, header row plus an example). */
export function downloadEmployeesTemplate(): Promise<Blob> {
  return unwrap(api().main.GET('/v1/employees/template', { parseAs: 'blob' })) as Promise<Blob>;
}

/** GET /v1/employees/export — the records of the filter as .xlsx. */
export function exportEmployees(filter: EmployeesFilter = {}): Promise<Blob> {
  return unwrap(api().main.GET('/v1/employees/export', { params: { query: filter }, parseAs: 'blob' })) as Promise<Blob>;
}

export interface EmployeesImportInput {
  /** .xlsx (the template's columns) or .csv with the same header. */
  file: Blob;
  projectId?: number;
  centerNtiId?: number;
}

/** POST /v1/employees/import (multipart) — answers {success, imported, skipped, errors[{row, field, message}]}. */
export function importEmployees(input: EmployeesImportInput) {
  const body = formData({ file: input.file, projectId: input.projectId, centerNtiId: input.centerNtiId }) as unknown as SpreadsheetUpload;
  return unwrap(api().main.POST('/v1/employees/import', { body, ...multipart }));
}

export const importEmployeesMutation = () =>
  mutationOptions({
    mutationKey: [...employeeKeys.all, 'import'],
    mutationFn: importEmployees,
    onSuccess: (_outcome, _input, _result, { client }) => client.invalidateQueries({ queryKey: employeeKeys.lists() }),
  });
