import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { RID_LOAD_FAILED } from './failure-texts';
import { ridKeys } from './keys';

/** POST rid/load {projectId}: reloads the project's RIDs from АСУ РИД and replaces the cached list. */
export function useLoadRids(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: () => RID_LOAD_FAILED },
    mutationFn: () => unwrap(api().main.POST('/v2/projects/rid/load', { body: { projectId } })),
    onSuccess: (rids) => queryClient.setQueryData(ridKeys.project(projectId), rids),
  });
}
