import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/errors';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { profilePayload, type ProfileValues } from '../profile-rules';

/** PATCH /v1/users/{id}/update {lastname, firstname, middlename, email, phone, work_company, region, city} (SPEC §7). */
type Input = { userId: number; values: ProfileValues };

const updateProfile = (input: Input) =>
  unwrap(api().main.PATCH('/v1/users/{id}/update', { params: { path: { id: input.userId } }, body: profilePayload(input.values) }));

/** Takes the usual options; a failure toasts the SPEC §8 text with the server's readable reason below it. */
export function useUpdateProfile(options: Omit<UseMutationOptions<Awaited<ReturnType<typeof updateProfile>>, Error, Input>, 'mutationFn'> = {}) {
  return useMutation({
    ...options,
    meta: {
      errorToast: (error) => {
        const reason = error instanceof ApiError && error.kind !== 'server' ? error.serverMessage : null;
        return { title: 'Произошла ошибка при обновлении данных', description: reason ?? undefined };
      },
      ...options.meta,
    },
    mutationFn: updateProfile,
  });
}
