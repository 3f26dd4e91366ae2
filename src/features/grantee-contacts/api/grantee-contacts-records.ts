import { createMutation, deleteMutation, recordRequests, updateMutation } from '@/lib/api/records';
import { granteeContactKeys } from './keys';

/** Create, update and delete (SPEC §7 "grantee-contacts: create, read, update, delete, excel template, import, export"). */

/** POST /v1/grantee-contacts; PUT and DELETE /v1/grantee-contacts/{id}. */
export const { create: createGranteeContact, update: updateGranteeContact, remove: deleteGranteeContact } = recordRequests('/v1/grantee-contacts');

export const createGranteeContactMutation = createMutation(granteeContactKeys, createGranteeContact);
export const updateGranteeContactMutation = updateMutation(granteeContactKeys, updateGranteeContact);
export const deleteGranteeContactMutation = deleteMutation(granteeContactKeys, deleteGranteeContact);
