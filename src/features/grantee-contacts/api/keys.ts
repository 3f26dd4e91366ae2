import type { GranteeContactsFilter } from './types';

/** Query keys of the grantee contacts domain (one factory, DESIGN.md convention 4). */
export const granteeContactKeys = {
  all: ['grantee-contacts'] as const,
  lists: () => [...granteeContactKeys.all, 'list'] as const,
  list: (filter: GranteeContactsFilter, page: number, pageSize: number) => [...granteeContactKeys.lists(), filter, page, pageSize] as const,
  detail: (id: number) => [...granteeContactKeys.all, 'detail', id] as const,
};
