import { mutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { granteeContactKeys } from './keys';
import type { GranteeContactInput } from './types';

/** Create, update and delete (SPEC §7 "grantee-contacts: create, read, update, delete, excel template, import, export"). */

/** POST /v1/grantee-contacts. */
export function createGranteeContact(input: GranteeContactInput) {
  return unwrap(api().main.POST('/v1/grantee-contacts', { body: input }));
}

/** PUT /v1/grantee-contacts/{id}. */
export function updateGranteeContact({ id, input }: { id: number; input: GranteeContactInput }) {
  return unwrap(api().main.PUT('/v1/grantee-contacts/{id}', { params: { path: { id } }, body: input }));
}

/** DELETE /v1/grantee-contacts/{id}. */
export function deleteGranteeContact(id: number) {
  return unwrap(api().main.DELETE('/v1/grantee-contacts/{id}', { params: { path: { id } } }));
}

export const createGranteeContactMutation = () =>
  mutationOptions({
    mutationKey: [...granteeContactKeys.all, 'create'],
    mutationFn: createGranteeContact,
    onSuccess: (_record, _input, _result, { client }) => client.invalidateQueries({ queryKey: granteeContactKeys.lists() }),
  });

export const updateGranteeContactMutation = () =>
  mutationOptions({
    mutationKey: [...granteeContactKeys.all, 'update'],
    mutationFn: updateGranteeContact,
    onSuccess: async (record, _input, _result, { client }) => {
      client.setQueryData(granteeContactKeys.detail(record.id), record);
      await client.invalidateQueries({ queryKey: granteeContactKeys.lists() });
    },
  });

export const deleteGranteeContactMutation = () =>
  mutationOptions({
    mutationKey: [...granteeContactKeys.all, 'delete'],
    mutationFn: deleteGranteeContact,
    onSuccess: async (_answer, id, _result, { client }) => {
      client.removeQueries({ queryKey: granteeContactKeys.detail(id) });
      await client.invalidateQueries({ queryKey: granteeContactKeys.lists() });
    },
  });
