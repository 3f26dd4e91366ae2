import type { ConsortiumsFilter } from './types';

/** Query keys of the consortium members domain (one factory, DESIGN.md convention 4). */
export const consortiumKeys = {
  all: ['consortiums'] as const,
  lists: () => [...consortiumKeys.all, 'list'] as const,
  list: (filter: ConsortiumsFilter, page: number, pageSize: number) => [...consortiumKeys.lists(), filter, page, pageSize] as const,
  detail: (id: number) => [...consortiumKeys.all, 'detail', id] as const,
};
