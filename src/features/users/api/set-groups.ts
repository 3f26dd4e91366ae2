import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { usersKeys } from './keys';

/** POST /v1/users/setgroups {user_id, groups[]} (SPEC §7). */
export function useSetGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; groups: number[] }) =>
      unwrap(api().main.POST('/v1/users/setgroups', { body: { user_id: input.userId, groups: input.groups } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.lists() }),
  });
}
