import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import type { components } from '@/lib/api/generated/main';

export type CurrentUser = components['schemas']['User'];

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

/** GET /v1/users/info — loaded after sign-in (SPEC §4 navigation guard). */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: () => unwrap(api().main.GET('/v1/users/info')),
    staleTime: 5 * 60_000,
  });

export function fullNameOf(user: Pick<CurrentUser, 'fio' | 'lastname' | 'firstname' | 'middlename' | 'username'>): string {
  const composed = [user.lastname, user.firstname, user.middlename].filter(Boolean).join(' ');
  return user.fio?.trim() || composed || user.username || 'Пользователь';
}
