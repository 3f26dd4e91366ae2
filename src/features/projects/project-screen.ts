import { useQuery, useQueryClient } from '@tanstack/react-query';
import { projectKeys } from './api/keys';
import { projectTasksCountQuery, type Project } from './api/queries';

/** Whether the user owns the project or is one of its users (the intellectual property tab's actions, SPEC §2). */
export function isProjectMember(project: Project, userId: number): boolean {
  return project.ownerId === userId || !!project.users?.some((u) => u.id === userId);
}

/** Who may be assigned the project's tasks: its users, by its owner (SPEC §2, §6); none without an owner. */
export function projectAssignees(project: Project, currentUserId: number) {
  return project.ownerId != null ? { ownerId: project.ownerId, currentUserId, users: project.users ?? [] } : undefined;
}

/** The number on the "Задачи" tab, and a way to ask for it again when the project's tasks change. */
export function useProjectTasksCount(projectId: number): { count: number | undefined; refresh: () => void } {
  const queryClient = useQueryClient();
  const count = useQuery(projectTasksCountQuery(projectId)).data;
  return { count, refresh: () => void queryClient.invalidateQueries({ queryKey: projectKeys.tasksCount(projectId) }) };
}
