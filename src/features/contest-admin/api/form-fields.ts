import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { keyedMutation } from '@/lib/api/keyed-mutation';
import { contestAdminKeys } from './keys';
import type { FormFieldInput, FormFieldUpdate } from './types';

/** Form fields with their rules (SPEC §7 "GET and POST /api/formfields; PUT and DELETE /api/formfields/{id}"). */

/** POST /api/formfields. */
export function createFormField(input: FormFieldInput) {
  return unwrap(api().contest.POST('/api/formfields', { body: input }));
}

/** PUT /api/formfields/{id}. */
export function updateFormField({ id, changes }: { id: number; changes: FormFieldUpdate }) {
  return unwrap(api().contest.PUT('/api/formfields/{id}', { params: { path: { id } }, body: changes }));
}

/** DELETE /api/formfields/{id} — a group takes its fields with it. */
export function deleteFormField(id: number) {
  return unwrap(api().contest.DELETE('/api/formfields/{id}', { params: { path: { id } } }));
}

/** Fields are listed on their own and inside their form: both caches are refreshed. */
const refreshFields = async (client: QueryClient) => {
  await client.invalidateQueries({ queryKey: contestAdminKeys.formFields() });
  await client.invalidateQueries({ queryKey: contestAdminKeys.forms() });
};

export const createFormFieldMutation = keyedMutation(contestAdminKeys.formFields(), 'create', createFormField, refreshFields);

export const updateFormFieldMutation = keyedMutation(contestAdminKeys.formFields(), 'update', updateFormField, refreshFields);

export const deleteFormFieldMutation = keyedMutation(contestAdminKeys.formFields(), 'delete', deleteFormField, refreshFields);
