import { mutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { consortiumKeys } from './keys';
import type { ConsortiumInput } from './types';

/** Create, update and delete (SPEC §7 "Consortiums … create, read, update, delete, excel template, import, export"). */

/** POST /v1/consortiums. */
export function createConsortium(input: ConsortiumInput) {
  return unwrap(api().main.POST('/v1/consortiums', { body: input }));
}

/** PUT /v1/consortiums/{id}. */
export function updateConsortium({ id, input }: { id: number; input: ConsortiumInput }) {
  return unwrap(api().main.PUT('/v1/consortiums/{id}', { params: { path: { id } }, body: input }));
}

/** DELETE /v1/consortiums/{id}. */
export function deleteConsortium(id: number) {
  return unwrap(api().main.DELETE('/v1/consortiums/{id}', { params: { path: { id } } }));
}

export const createConsortiumMutation = () =>
  mutationOptions({
    mutationKey: [...consortiumKeys.all, 'create'],
    mutationFn: createConsortium,
    onSuccess: (_record, _input, _result, { client }) => client.invalidateQueries({ queryKey: consortiumKeys.lists() }),
  });

export const updateConsortiumMutation = () =>
  mutationOptions({
    mutationKey: [...consortiumKeys.all, 'update'],
    mutationFn: updateConsortium,
    onSuccess: async (record, _input, _result, { client }) => {
      client.setQueryData(consortiumKeys.detail(record.id), record);
      await client.invalidateQueries({ queryKey: consortiumKeys.lists() });
    },
  });

export const deleteConsortiumMutation = () =>
  mutationOptions({
    mutationKey: [...consortiumKeys.all, 'delete'],
    mutationFn: deleteConsortium,
    onSuccess: async (_answer, id, _result, { client }) => {
      client.removeQueries({ queryKey: consortiumKeys.detail(id) });
      await client.invalidateQueries({ queryKey: consortiumKeys.lists() });
    },
  });
