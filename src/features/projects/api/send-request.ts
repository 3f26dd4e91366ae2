import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { projectKeys } from './keys';

export type ProjectRequestType = 'zni' | 'rid';

const sendProjectRequest = (projectId: number, type: ProjectRequestType) =>
  unwrap(api().main.POST('/v2/projects/change-point-type', { body: { projectId, type } }));

/**
 * "Запрос на изменение" (zni) / "Запрос на РИД" (rid): POST change-point-type {projectId, type} (SPEC §7). Takes the
 * usual options; a failure toasts the server's message or «Не удалось отправить запрос».
 */
export function useSendProjectRequest(
  projectId: number,
  options: Omit<UseMutationOptions<Awaited<ReturnType<typeof sendProjectRequest>>, Error, ProjectRequestType>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    meta: { errorText: 'Не удалось отправить запрос', ...options.meta },
    mutationFn: (type: ProjectRequestType) => sendProjectRequest(projectId, type),
    // The request becomes a task of the project.
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: projectKeys.tasksCount(projectId) });
      return options.onSuccess?.(...args);
    },
  });
}
