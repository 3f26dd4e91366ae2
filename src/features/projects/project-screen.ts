import { useQueryClient } from '@tanstack/react-query';
import { projectKeys } from './api/keys';
import type { Project } from './api/queries';

/** Whether the user owns the project or is one of its users (the intellectual property tab's actions, SPEC §2). */
export function isProjectMember(project: Project, userId: number): boolean {
  return project.ownerId === userId || !!project.users?.some((u) => u.id === userId);
}

/** Who may be assigned the project's tasks: its users, by its owner (SPEC §2, §6); none without an owner. */
export function projectAssignees(project: Project, currentUserId: number) {
  return project.ownerId != null ? { ownerId: project.ownerId, currentUserId, users: project.users ?? [] } : undefined;
}

/**
 * A way to ask for the number on the "Задачи" tab again when the project's tasks change. The number itself is read by
 * the tab's badge (components/project-page.tsx), not by the screen: its answer then redraws the badge alone, not the
 * whole page (issue 19: the screen's second full render, ~110 ms at CPU 4×, when the count came after the page).
 */
export function useRefreshProjectTasksCount(projectId: number): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: projectKeys.tasksCount(projectId) });
}
