import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';

/** "Подать внеплановый РИД": schedules the creation of an unplanned RID (payload: project id, SPEC §7). */
export function useCreateUnplannedRid(projectId: number, options: Omit<UseMutationOptions<unknown, Error, void>, 'mutationFn'> = {}) {
  return useMutation({
    ...options,
    meta: { errorToast: () => 'Не удалось инициировать создание внепланового РИД', ...options.meta },
    mutationFn: () => unwrap(api().main.POST('/v2/projects/rid/unplanned', { body: { projectId } })),
  });
}
