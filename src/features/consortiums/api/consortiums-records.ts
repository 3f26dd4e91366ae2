import { createMutation, deleteMutation, recordRequests, updateMutation } from '@/lib/api/records';
import { consortiumKeys } from './keys';

/** Create, update and delete (SPEC §7 "Consortiums … create, read, update, delete, excel template, import, export"). */

/** POST /v1/consortiums; PUT and DELETE /v1/consortiums/{id}. */
export const { create: createConsortium, update: updateConsortium, remove: deleteConsortium } = recordRequests('/v1/consortiums');

export const createConsortiumMutation = createMutation(consortiumKeys, createConsortium);
export const updateConsortiumMutation = updateMutation(consortiumKeys, updateConsortium);
export const deleteConsortiumMutation = deleteMutation(consortiumKeys, deleteConsortium);
