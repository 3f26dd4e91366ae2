import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { projectDocumentKeys } from './keys';
import type { ProjectAction, ProjectCreateInput, ProjectUpdateInput } from './types';

/**
 * Project documents v1 (SPEC §7 "Projects v1"): create, update and the approval actions. A transition the project's
 * status does not allow answers 409 and the caller shows the server message (SPEC §8).
 */

/** POST /v1/projects. */
export function createProject(input: ProjectCreateInput) {
  return unwrap(api().main.POST('/v1/projects', { body: input }));
}

/** PUT /v1/projects/{id} — partial; only while the project is a draft or rejected. */
export function updateProject({ id, changes }: { id: number; changes: ProjectUpdateInput }) {
  return unwrap(api().main.PUT('/v1/projects/{id}', { params: { path: { id } }, body: changes }));
}

export interface ProjectActionInput {
  id: number;
  action: ProjectAction;
  /** Required by reject; sent with send-for-approval and review. */
  comment?: string;
}

/** PATCH accept | reject | send-for-approval, POST review. */
export function runProjectAction({ id, action, comment = '' }: ProjectActionInput) {
  const main = api().main;
  const path = { params: { path: { id } } };
  switch (action) {
    case 'accept':
      return unwrap(main.PATCH('/v1/projects/{id}/accept', path));
    case 'reject':
      return unwrap(main.PATCH('/v1/projects/{id}/reject', { ...path, body: { comment } }));
    case 'send-for-approval':
      return unwrap(main.PATCH('/v1/projects/{id}/send-for-approval', { ...path, body: { comment } }));
    case 'review':
      return unwrap(main.POST('/v1/projects/{id}/review', { ...path, body: { comment } }));
  }
}

const refreshProjects = (client: QueryClient, projectId?: number) =>
  Promise.all([
    client.invalidateQueries({ queryKey: projectDocumentKeys.sharedProjectsRoot }),
    projectId ? client.invalidateQueries({ queryKey: projectDocumentKeys.comments(projectId) }) : undefined,
  ]);

export const createProjectMutation = () =>
  mutationOptions({ mutationKey: [...projectDocumentKeys.all, 'create'], mutationFn: createProject, onSuccess: (_p, _i, _r, { client }) => refreshProjects(client) });

export const updateProjectMutation = () =>
  mutationOptions({ mutationKey: [...projectDocumentKeys.all, 'update'], mutationFn: updateProject, onSuccess: (p, _i, _r, { client }) => refreshProjects(client, p.id) });

export const projectActionMutation = () =>
  mutationOptions({
    mutationKey: [...projectDocumentKeys.all, 'action'],
    mutationFn: runProjectAction,
    // A reject or send-for-approval comment becomes a project comment.
    onSuccess: (_answer, input, _r, { client }) => refreshProjects(client, input.id),
  });
