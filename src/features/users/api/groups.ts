import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import type { components } from '@/lib/api/generated/main';
import { usersKeys } from './keys';

export type Group = components['schemas']['Group'];

/** GET /v1/users/groups — the system groups (roles) for the filter and the assignment dialog (SPEC §7). */
export const groupsQuery = () =>
  queryOptions({
    queryKey: usersKeys.groups(),
    queryFn: () => unwrap(api().main.GET('/v1/users/groups')),
    staleTime: 60 * 60_000,
  });
