/** Query keys of the feedback domain (one factory per domain, DESIGN.md convention 4). */
export const feedbackKeys = {
  all: ['feedback'] as const,
  themes: (project: string) => [...feedbackKeys.all, 'themes', project] as const,
};
