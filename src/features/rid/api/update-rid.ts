import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/errors';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import type { Rid } from '../rid-rules';
import { RID_UPDATE_CONFLICT } from './failure-texts';
import { ridKeys } from './keys';

/**
 * Updating an RID starts an update task (SPEC §4): rid/update/{id}; an RID without id is actualised by its codes
 * (SPEC §7 "actualize with type, plan code, RID code, project id"; unplanned RIDs have no plan code and send "unplanned").
 * 409 means an update is already being edited.
 */
export function useUpdateRid(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: (error) => (error instanceof ApiError && error.status === 409 ? RID_UPDATE_CONFLICT : 'Не удалось инициировать обновление РИД') },
    mutationFn: async (rid: Rid) => {
      if (rid.id !== undefined) return unwrap(api().main.POST('/v2/projects/rid/update/{id}', { params: { path: { id: rid.id } } }));
      return unwrap(
        api().main.POST('/v2/projects/rid/actualize', {
          body: { projectId, type: rid.type ?? '', planCode: rid.planCode ?? 'unplanned', code: rid.code ?? '' },
        }),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ridKeys.project(projectId) }),
  });
}
