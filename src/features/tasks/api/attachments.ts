import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { withKeptCopy } from '@/lib/offline/durable-query';
import { tasksKeys } from './keys';

/** GET /v2/projects/list-attach — files attached to a point (icons, signed / needs-signature marks). */
export const attachmentsQuery = (pointId: number) =>
  queryOptions({
    queryKey: tasksKeys.attachments(pointId),
    staleTime: 0,
    queryFn: () =>
      withKeptCopy(tasksKeys.attachments(pointId), () => unwrap(api().main.GET('/v2/projects/list-attach', { params: { query: { 'filter[pointId]': pointId } } }))),
  });
