import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { tasksKeys } from './keys';

/** POST /v2/projects/hold/{id} — «Отозвать заявку (withdraw; unavailable when holdMode is D)» (SPEC §4 actions on a task). */
export function useHoldPoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api().main.POST('/v2/projects/hold/{id}', { params: { path: { id } } })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: tasksKeys.all });
    },
  });
}
