import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import type { Rid } from '../rid-rules';
import { ridKeys } from './keys';

/**
 * Submitting a pending planned RID opens its task (SPEC §4): rid/init/{id} answers the point to open; an RID known
 * only by its plan code (АСУ РИД may send no id) goes through rid/create/{projectId}/{planCode}.
 */
export function useSubmitRid(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorText: 'Не удалось открыть задачу подачи РИД' },
    mutationFn: async (rid: Rid): Promise<number | null> => {
      const result =
        rid.id !== undefined
          ? await unwrap(api().main.POST('/v2/projects/rid/init/{id}', { params: { path: { id: rid.id } } }))
          : await unwrap(api().main.POST('/v2/projects/rid/create/{projectId}/{planCode}', { params: { path: { projectId, planCode: rid.planCode ?? '' } } }));
      return result.pointId ?? null;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ridKeys.project(projectId) }),
  });
}
