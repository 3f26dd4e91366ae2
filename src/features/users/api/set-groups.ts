import { api } from '@/lib/api/clients';
import { useRefreshingMutation, type ActionOptions } from '@/lib/api/refreshing-mutation';
import { unwrap } from '@/lib/api/transport';
import { usersKeys } from './keys';

type Input = { userId: number; groups: number[] };

const setGroups = (input: Input) => unwrap(api().main.POST('/v1/users/setgroups', { body: { user_id: input.userId, groups: input.groups } }));

/** POST /v1/users/setgroups {user_id, groups[]} (SPEC §7). Failure: «При назначение произошла ошибка» (SPEC §8). */
export function useSetGroups(options: ActionOptions<Awaited<ReturnType<typeof setGroups>>, Input> = {}) {
  return useRefreshingMutation({ request: setGroups, errorText: 'При назначение произошла ошибка', refresh: usersKeys.lists(), after: 'success' }, options);
}
