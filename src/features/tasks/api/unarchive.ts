import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { tasksKeys } from './keys';

/** DELETE /v2/projects/archive/{id} — «Вернуть из архива» (SPEC §4 actions on a task). */
export function useUnarchivePoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api().main.DELETE('/v2/projects/archive/{id}', { params: { path: { id } } })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: tasksKeys.all });
    },
  });
}
