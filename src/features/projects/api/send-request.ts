import { api } from '@/lib/api/clients';
import { useRefreshingMutation, type ActionOptions } from '@/lib/api/refreshing-mutation';
import { unwrap } from '@/lib/api/transport';
import { projectKeys } from './keys';

export type ProjectRequestType = 'zni' | 'rid';

const sendProjectRequest = (projectId: number, type: ProjectRequestType) =>
  unwrap(api().main.POST('/v2/projects/change-point-type', { body: { projectId, type } }));

/**
 * "Запрос на изменение" (zni) / "Запрос на РИД" (rid): POST change-point-type {projectId, type} (SPEC §7). Takes the
 * usual options; a failure toasts the server's message or «Не удалось отправить запрос».
 */
export function useSendProjectRequest(projectId: number, options: ActionOptions<Awaited<ReturnType<typeof sendProjectRequest>>, ProjectRequestType> = {}) {
  // The request becomes a task of the project: the project's task count is asked again.
  return useRefreshingMutation(
    { request: (type: ProjectRequestType) => sendProjectRequest(projectId, type), errorText: 'Не удалось отправить запрос', refresh: projectKeys.tasksCount(projectId), after: 'success' },
    options,
  );
}
