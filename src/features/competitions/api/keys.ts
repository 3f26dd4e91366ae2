/** Query keys of the competitions domain (one factory, DESIGN.md convention 4). */
export const competitionKeys = {
  all: ['competitions'] as const,
  list: () => [...competitionKeys.all, 'list'] as const,
  detail: (idOrCode: string) => [...competitionKeys.all, 'detail', idOrCode] as const,
  groups: () => [...competitionKeys.all, 'groups'] as const,
  taskCount: (templateCode: string) => [...competitionKeys.all, 'task-count', templateCode] as const,
  myDrafts: (templateCode: string) => [...competitionKeys.all, 'my-drafts', templateCode] as const,
  myApplications: (templateCode: string, userId: number) => [...competitionKeys.all, 'my-applications', templateCode, userId] as const,
};
