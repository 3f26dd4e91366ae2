/** Query keys of the tickets domain (one factory, DESIGN.md convention 4). */
export const ticketKeys = {
  all: ['tickets'] as const,
  detail: (id: number) => [...ticketKeys.all, 'detail', id] as const,
};
