import { mutationOptions } from '@tanstack/react-query';
import { api, formData, multipart } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import type { components } from '@/lib/api/generated/main';
import { granteeContactKeys } from './keys';
import type { GranteeContactsFilter } from './types';

/** The Excel template, import and export (SPEC §7 "grantee-contacts: create, read, update, delete, excel template, import, export"). */

type SpreadsheetUpload = components['schemas']['SpreadsheetUpload'];

/** GET /v1/grantee-contacts/template — the import template (.xlsx, header row plus an example). */
export function downloadGranteeContactsTemplate(): Promise<Blob> {
  return unwrap(api().main.GET('/v1/grantee-contacts/template', { parseAs: 'blob' })) as Promise<Blob>;
}

/** GET /v1/grantee-contacts/export — the records of the filter as .xlsx. */
export function exportGranteeContacts(filter: GranteeContactsFilter = {}): Promise<Blob> {
  return unwrap(api().main.GET('/v1/grantee-contacts/export', { params: { query: filter }, parseAs: 'blob' })) as Promise<Blob>;
}

export interface GranteeContactsImportInput {
  /** .xlsx (the template's columns) or .csv with the same header. */
  file: Blob;
  projectId?: number;
}

/** POST /v1/grantee-contacts/import (multipart) — answers {success, imported, skipped, errors[{row, field, message}]}. */
export function importGranteeContacts(input: GranteeContactsImportInput) {
  const body = formData({ file: input.file, projectId: input.projectId }) as unknown as SpreadsheetUpload;
  return unwrap(api().main.POST('/v1/grantee-contacts/import', { body, ...multipart }));
}

export const importGranteeContactsMutation = () =>
  mutationOptions({
    mutationKey: [...granteeContactKeys.all, 'import'],
    mutationFn: importGranteeContacts,
    onSuccess: (_outcome, _input, _result, { client }) => client.invalidateQueries({ queryKey: granteeContactKeys.lists() }),
  });
