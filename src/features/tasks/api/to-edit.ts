import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { tasksKeys } from './keys';

/** POST /v2/projects/to-edit/{id} — «Вернуться к редактированию (when canReturnToEdit)» (SPEC §4 actions on a task). */
export function useReturnToEdit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api().main.POST('/v2/projects/to-edit/{id}', { params: { path: { id } } })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: tasksKeys.all });
    },
  });
}
