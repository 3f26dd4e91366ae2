import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { usersKeys } from './keys';

type Input = { userId: number; groups: number[] };

const setGroups = (input: Input) => unwrap(api().main.POST('/v1/users/setgroups', { body: { user_id: input.userId, groups: input.groups } }));

/** POST /v1/users/setgroups {user_id, groups[]} (SPEC §7). Failure: «При назначение произошла ошибка» (SPEC §8). */
export function useSetGroups(options: Omit<UseMutationOptions<Awaited<ReturnType<typeof setGroups>>, Error, Input>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    meta: { errorText: 'При назначение произошла ошибка', ...options.meta },
    mutationFn: setGroups,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
      return options.onSuccess?.(...args);
    },
  });
}
