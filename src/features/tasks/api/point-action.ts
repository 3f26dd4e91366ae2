import { useRefreshingMutation, type ActionOptions } from '@/lib/api/refreshing-mutation';
import { tasksKeys } from './keys';

export type PointActionOptions = ActionOptions<unknown, number>;

/**
 * An action on one point from the task preview (SPEC §4): the task lists and the point are asked again however it
 * ended; a failure toasts the server's message, else the common failure text (SPEC §8).
 */
export function usePointAction(request: (id: number) => Promise<unknown>, options: PointActionOptions) {
  return useRefreshingMutation({ request, errorText: 'Произошла ошибка при обновлении данных', refresh: tasksKeys.all, after: 'settled' }, options);
}
