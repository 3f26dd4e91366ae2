/**
 * Query keys of the project documents domain (one factory, DESIGN.md convention 4). The projects screens keep their
 * own cache under the root key "projects"; project actions here change those documents, so they also invalidate
 * that root (`sharedProjectsRoot`) — the only key the two domains share.
 */
export const projectDocumentKeys = {
  all: ['project-documents'] as const,
  comments: (projectId: number) => [...projectDocumentKeys.all, 'comments', projectId] as const,
  sharedProjectsRoot: ['projects'] as const,
};
