import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { tasksKeys } from './keys';

type Input = { pointId: number; userId: number };

const changeResponsible = ({ pointId, userId }: Input) =>
  unwrap(api().main.POST('/v2/projects/change-responsible/{id}', { params: { path: { id: pointId } }, body: { userId } }));

/**
 * POST /v2/projects/change-responsible/{id} {userId} — "Назначить пользователя" (project owner only). Failure: the
 * server's message or «При назначение произошла ошибка» (SPEC §8).
 */
export function useChangeResponsible(options: Omit<UseMutationOptions<Awaited<ReturnType<typeof changeResponsible>>, Error, Input>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    meta: { errorText: 'При назначение произошла ошибка', ...options.meta },
    mutationFn: changeResponsible,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: tasksKeys.all });
      return options.onSuccess?.(...args);
    },
  });
}
