import { createMutation, deleteMutation, recordRequests } from '@/lib/api/records';
import { centerNtiKeys } from './keys';

/** SPEC §7 "Center NTI: create {fullTitle, shortTitle, programNumber, codePpp}, delete"; codePpp is 7 characters (SPEC §5). */

/** POST /v1/center-nti; DELETE /v1/center-nti/{id} (records are not updated). */
export const { create: createCenterNti, remove: deleteCenterNti } = recordRequests('/v1/center-nti');

export const createCenterNtiMutation = createMutation(centerNtiKeys, createCenterNti);
export const deleteCenterNtiMutation = deleteMutation(centerNtiKeys, deleteCenterNti);
