import { api } from '@/lib/api/clients';
import { useRefreshingMutation, type ActionOptions } from '@/lib/api/refreshing-mutation';
import { unwrap } from '@/lib/api/transport';
import { usersKeys } from './keys';

const refreshToken = (userId: number) => unwrap(api().main.POST('/v1/users/{id}/refresh-token', { params: { path: { id: userId } } }));

/** POST /v1/users/{id}/refresh-token — the user's current sessions end (SPEC §6 warning). Failure: the default toast. */
export function useRefreshToken(options: ActionOptions<Awaited<ReturnType<typeof refreshToken>>, number> = {}) {
  return useRefreshingMutation({ request: refreshToken, errorText: 'Произошла ошибка при обновлении данных', refresh: usersKeys.lists(), after: 'success' }, options);
}
