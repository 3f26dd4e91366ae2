/** Query keys of the Center NTI domain (one factory, DESIGN.md convention 4). */
export const centerNtiKeys = {
  all: ['center-nti'] as const,
  lists: () => [...centerNtiKeys.all, 'list'] as const,
  list: (page: number, pageSize: number) => [...centerNtiKeys.lists(), page, pageSize] as const,
};
