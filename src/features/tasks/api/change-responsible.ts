import { api } from '@/lib/api/clients';
import { useRefreshingMutation, type ActionOptions } from '@/lib/api/refreshing-mutation';
import { unwrap } from '@/lib/api/transport';
import { tasksKeys } from './keys';

type Input = { pointId: number; userId: number };

const changeResponsible = ({ pointId, userId }: Input) =>
  unwrap(api().main.POST('/v2/projects/change-responsible/{id}', { params: { path: { id: pointId } }, body: { userId } }));

/**
 * POST /v2/projects/change-responsible/{id} {userId} — "Назначить пользователя" (project owner only). Failure: the
 * server's message or «При назначение произошла ошибка» (SPEC §8).
 */
export function useChangeResponsible(options: ActionOptions<Awaited<ReturnType<typeof changeResponsible>>, Input> = {}) {
  return useRefreshingMutation({ request: changeResponsible, errorText: 'При назначение произошла ошибка', refresh: tasksKeys.all, after: 'success' }, options);
}
