import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { ridKeys } from './keys';

/** GET /v2/projects/rid/project/{projectId} — the RIDs of a project (SPEC §7 "GET project RIDs by project id"). */
export const projectRidsQuery = (projectId: number) =>
  queryOptions({
    queryKey: ridKeys.project(projectId),
    queryFn: () => unwrap(api().main.GET('/v2/projects/rid/project/{projectId}', { params: { path: { projectId } } })),
  });
