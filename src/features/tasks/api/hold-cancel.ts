import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { tasksKeys } from './keys';

/** POST /v2/projects/hold-cencel/{id} — «Отменить отзыв (when canCencelHold)» (SPEC §4 actions on a task). */
export function useCancelHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api().main.POST('/v2/projects/hold-cencel/{id}', { params: { path: { id } } })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: tasksKeys.all });
    },
  });
}
