/** Query keys of the RID domain. */
export const ridKeys = {
  all: ['rid'] as const,
  project: (projectId: number) => ['rid', 'project', projectId] as const,
};
