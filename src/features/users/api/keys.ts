import type { UsersSearch } from '../users-search';

/** Query keys of the users domain (DESIGN.md convention 4). */
export const usersKeys = {
  all: ['users'] as const,
  lists: () => [...usersKeys.all, 'list'] as const,
  list: (search: UsersSearch) => [...usersKeys.lists(), search] as const,
  groups: () => [...usersKeys.all, 'groups'] as const,
};
