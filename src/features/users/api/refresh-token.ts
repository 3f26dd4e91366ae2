import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { usersKeys } from './keys';

/** POST /v1/users/{id}/refresh-token — the user's current sessions end (SPEC §6 warning). */
export function useRefreshToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => unwrap(api().main.POST('/v1/users/{id}/refresh-token', { params: { path: { id: userId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.lists() }),
  });
}
