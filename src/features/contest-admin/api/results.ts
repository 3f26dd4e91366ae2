import type { QueryClient } from '@tanstack/react-query';
import { api, formData, multipart } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { keyedMutation } from '@/lib/api/keyed-mutation';
import type { components } from '@/lib/api/generated/contest';
import { contestAdminKeys } from './keys';
import type { ContestResultUpdate, ResultCreateInput, ResultFilter } from './types';

/** Results — filled forms (SPEC §7 "Results and forms"). Field-rule failures come back as 422 with field, valueIndex, groupIndex. */

type ContestResultCreateMultipart = components['schemas']['ContestResultCreateMultipart'];

/** POST /api/result (multipart: form_id, status, values as JSON, files with file_field_ids in the same order). */
export function createResult({ form_id, status, values, files = [] }: ResultCreateInput) {
  const body = formData({
    form_id,
    status,
    values: values ? JSON.stringify(values) : undefined,
    files: files.map((f) => f.file),
    file_field_ids: files.map((f) => String(f.fieldId)),
  }) as unknown as ContestResultCreateMultipart;
  return unwrap(api().contest.POST('/api/result', { body, ...multipart }));
}

/** PUT /api/result/{id} {values?, status?}. */
export function updateResult({ id, changes }: { id: number; changes: ContestResultUpdate }) {
  return unwrap(api().contest.PUT('/api/result/{id}', { params: { path: { id } }, body: changes }));
}

/** GET /api/result/setstatus?id=&status= — a change the result's status does not allow answers 409. */
export function setResultStatus({ id, status }: { id: number; status: string }) {
  return unwrap(api().contest.GET('/api/result/setstatus', { params: { query: { id, status } } }));
}

/** GET /api/result/export — results of the filter as .xlsx; `file` names the download. */
export function exportResults(filter: Omit<ResultFilter, 'page' | 'pageSize'> & { file?: string } = {}): Promise<Blob> {
  return unwrap(api().contest.GET('/api/result/export', { params: { query: filter }, parseAs: 'blob' })) as Promise<Blob>;
}

/** A result is also shown inside its application: both are asked again. */
const refreshResults = async (client: QueryClient) => {
  await client.invalidateQueries({ queryKey: contestAdminKeys.results() });
  await client.invalidateQueries({ queryKey: contestAdminKeys.applications() });
};

export const createResultMutation = keyedMutation(contestAdminKeys.results(), 'create', createResult, refreshResults);

export const updateResultMutation = keyedMutation(contestAdminKeys.results(), 'update', updateResult, (client, result) => {
  client.setQueryData(contestAdminKeys.result(result.id), result);
  return refreshResults(client);
});

export const setResultStatusMutation = keyedMutation(contestAdminKeys.results(), 'status', setResultStatus, refreshResults);
