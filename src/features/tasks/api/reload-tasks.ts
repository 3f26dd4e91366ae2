import { useQueryClient } from '@tanstack/react-query';
import { tasksKeys } from './keys';

/** Asks every task list, count and form again — after a signature, an attorney upload or a project's request. */
export function useReloadTasks(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: tasksKeys.all });
}
