import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { RID_LOAD_FAILED } from './failure-texts';
import { ridKeys } from './keys';

/** GET /v2/projects/rid/project/{projectId} — the RIDs of a project (SPEC §7 "GET project RIDs by project id"). */
export const projectRidsQuery = (projectId: number) =>
  queryOptions({
    queryKey: ridKeys.project(projectId),
    queryFn: () => unwrap(api().main.GET('/v2/projects/rid/project/{projectId}', { params: { path: { projectId } } })),
    // A failing load is said in a toast by the query client (SPEC §8), besides the tab's own empty state.
    meta: { errorToast: RID_LOAD_FAILED },
  });
