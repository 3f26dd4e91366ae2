import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { keyedMutation } from '@/lib/api/keyed-mutation';
import { contestAdminKeys } from './keys';
import type { FormInput, FormUpdate } from './types';

/** Forms of a contest (SPEC §7 "GET and POST /api/form; GET and PUT /api/form/{id}; GET /api/form/duplicate (id, contest_id)"). */

/** POST /api/form. */
export function createForm(input: FormInput) {
  return unwrap(api().contest.POST('/api/form', { body: input }));
}

/** PUT /api/form/{id}. */
export function updateForm({ id, changes }: { id: number; changes: FormUpdate }) {
  return unwrap(api().contest.PUT('/api/form/{id}', { params: { path: { id } }, body: changes }));
}

/** GET /api/form/duplicate?id=&contest_id= — copies the form with its fields into the contest. */
export function duplicateForm({ id, contestId }: { id: number; contestId: number }) {
  return unwrap(api().contest.GET('/api/form/duplicate', { params: { query: { id, contest_id: contestId } } }));
}

const refreshForms = (client: QueryClient) => client.invalidateQueries({ queryKey: contestAdminKeys.forms() });

export const createFormMutation = keyedMutation(contestAdminKeys.forms(), 'create', createForm, refreshForms);

export const updateFormMutation = keyedMutation(contestAdminKeys.forms(), 'update', updateForm, refreshForms);

export const duplicateFormMutation = keyedMutation(contestAdminKeys.forms(), 'duplicate', duplicateForm, refreshForms);
