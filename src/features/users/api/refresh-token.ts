import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { usersKeys } from './keys';

const refreshToken = (userId: number) => unwrap(api().main.POST('/v1/users/{id}/refresh-token', { params: { path: { id: userId } } }));

/** POST /v1/users/{id}/refresh-token — the user's current sessions end (SPEC §6 warning). Failure: the default toast. */
export function useRefreshToken(options: Omit<UseMutationOptions<Awaited<ReturnType<typeof refreshToken>>, Error, number>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    meta: { errorText: 'Произошла ошибка при обновлении данных', ...options.meta },
    mutationFn: refreshToken,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
      return options.onSuccess?.(...args);
    },
  });
}
