import { mutationOptions } from '@tanstack/react-query';
import { api, formData, multipart } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import type { components } from '@/lib/api/generated/main';
import { consortiumKeys } from './keys';
import type { ConsortiumsFilter } from './types';

/** The Excel template, import and export (SPEC §7 "Consortiums … create, read, update, delete, excel template, import, export"). */

type SpreadsheetUpload = components['schemas']['SpreadsheetUpload'];

/** GET /v1/consortiums/template — the import template (.xlsx, header row plus an example). */
export function downloadConsortiumsTemplate(): Promise<Blob> {
  return unwrap(api().main.GET('/v1/consortiums/template', { parseAs: 'blob' })) as Promise<Blob>;
}

/** GET /v1/consortiums/export — the records of the filter as .xlsx. */
export function exportConsortiums(filter: ConsortiumsFilter = {}): Promise<Blob> {
  return unwrap(api().main.GET('/v1/consortiums/export', { params: { query: filter }, parseAs: 'blob' })) as Promise<Blob>;
}

export interface ConsortiumsImportInput {
  /** .xlsx (the template's columns) or .csv with the same header. */
  file: Blob;
  projectId?: number;
}

/** POST /v1/consortiums/import (multipart) — answers {success, imported, skipped, errors[{row, field, message}]}. */
export function importConsortiums(input: ConsortiumsImportInput) {
  const body = formData({ file: input.file, projectId: input.projectId }) as unknown as SpreadsheetUpload;
  return unwrap(api().main.POST('/v1/consortiums/import', { body, ...multipart }));
}

export const importConsortiumsMutation = () =>
  mutationOptions({
    mutationKey: [...consortiumKeys.all, 'import'],
    mutationFn: importConsortiums,
    onSuccess: (_outcome, _input, _result, { client }) => client.invalidateQueries({ queryKey: consortiumKeys.lists() }),
  });
