import { mutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { projectDocumentKeys } from './keys';

/** POST /v1/projects/{id}/comments {comment}. */
export function addProjectComment({ projectId, comment }: { projectId: number; comment: string }) {
  return unwrap(api().main.POST('/v1/projects/{id}/comments', { params: { path: { id: projectId } }, body: { comment } }));
}

export const addProjectCommentMutation = () =>
  mutationOptions({
    mutationKey: [...projectDocumentKeys.all, 'comment'],
    mutationFn: addProjectComment,
    onSuccess: (_comment, input, _r, { client }) => client.invalidateQueries({ queryKey: projectDocumentKeys.comments(input.projectId) }),
  });
