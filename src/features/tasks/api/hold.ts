import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { tasksKeys } from './keys';

/** POST /v2/projects/hold/{id} — «Отозвать заявку (withdraw; unavailable when holdMode is D)» (SPEC §4 actions on a task). */
export function useHoldPoint(options: Omit<UseMutationOptions<unknown, Error, number>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    // SPEC §8: the server's message, else the common failure text.
    meta: { errorText: 'Произошла ошибка при обновлении данных', ...options.meta },
    mutationFn: (id: number) => unwrap(api().main.POST('/v2/projects/hold/{id}', { params: { path: { id } } })),
    onSettled: (...args) => {
      void queryClient.invalidateQueries({ queryKey: tasksKeys.all });
      return options.onSettled?.(...args);
    },
  });
}
