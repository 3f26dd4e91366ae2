import { mutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { centerNtiKeys } from './keys';
import type { CenterNtiInput } from './types';

/** SPEC §7 "Center NTI: create {fullTitle, shortTitle, programNumber, codePpp}, delete"; codePpp is 7 characters (SPEC §5). */

/** POST /v1/center-nti. */
export function createCenterNti(input: CenterNtiInput) {
  return unwrap(api().main.POST('/v1/center-nti', { body: input }));
}

/** DELETE /v1/center-nti/{id}. */
export function deleteCenterNti(id: number) {
  return unwrap(api().main.DELETE('/v1/center-nti/{id}', { params: { path: { id } } }));
}

export const createCenterNtiMutation = () =>
  mutationOptions({
    mutationKey: [...centerNtiKeys.all, 'create'],
    mutationFn: createCenterNti,
    onSuccess: (_c, _i, _r, { client }) => client.invalidateQueries({ queryKey: centerNtiKeys.lists() }),
  });

export const deleteCenterNtiMutation = () =>
  mutationOptions({
    mutationKey: [...centerNtiKeys.all, 'delete'],
    mutationFn: deleteCenterNti,
    onSuccess: (_a, _i, _r, { client }) => client.invalidateQueries({ queryKey: centerNtiKeys.lists() }),
  });
