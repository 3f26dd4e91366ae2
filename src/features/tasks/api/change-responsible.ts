import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { tasksKeys } from './keys';

/** POST /v2/projects/change-responsible/{id} {userId} — "Назначить пользователя" (project owner only). */
export function useChangeResponsible() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pointId, userId }: { pointId: number; userId: number }) =>
      unwrap(api().main.POST('/v2/projects/change-responsible/{id}', { params: { path: { id: pointId } }, body: { userId } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: tasksKeys.all });
    },
  });
}
