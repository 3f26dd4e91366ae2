import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { projectDocumentKeys } from './keys';

/** GET /v1/projects/{id}/comments — oldest first (SPEC §7 "POST and GET comments"). */
export const projectCommentsQuery = (projectId: number) =>
  queryOptions({
    queryKey: projectDocumentKeys.comments(projectId),
    queryFn: () => unwrap(api().main.GET('/v1/projects/{id}/comments', { params: { path: { id: projectId } } })),
  });
