import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { projectKeys } from './keys';

export type ProjectRequestType = 'zni' | 'rid';

/** "Запрос на изменение" (zni) / "Запрос на РИД" (rid): POST change-point-type {projectId, type} (SPEC §7). */
export function useSendProjectRequest(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: ProjectRequestType) => unwrap(api().main.POST('/v2/projects/change-point-type', { body: { projectId, type } })),
    // The request becomes a task of the project.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.tasksCount(projectId) }),
  });
}
