/** Query keys of the projects domain (one factory, DESIGN.md convention 4). */
export const projectKeys = {
  all: ['projects'] as const,
  lists: () => ['projects', 'list'] as const,
  list: (page: number) => ['projects', 'list', page] as const,
  detail: (id: number) => ['projects', 'detail', id] as const,
  tasksCount: (id: number) => ['projects', 'tasks-count', id] as const,
  competition: (code: string) => ['projects', 'competition', code] as const,
  briefcase: (code: string) => ['projects', 'briefcase', code] as const,
};
