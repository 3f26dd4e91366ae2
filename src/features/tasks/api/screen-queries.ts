import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { tasksKeys } from './keys';

// What the tasks list asks for itself once shown (the filters' lookups), apart from the lists and the point the route
// loaders ask for (queries.ts): these come with the screen's code, not the first-load JS. The tabs' counts are the
// totals of those lists (components/tasks-page.tsx).

/** GET /v2/projects/point-status — the fixed task statuses (SPEC §4) for the status filter. */
export const pointStatusesQuery = () =>
  queryOptions({
    queryKey: tasksKeys.statuses(),
    queryFn: () => unwrap(api().main.GET('/v2/projects/point-status')),
    staleTime: 60 * 60_000,
  });

/** GET /v2/projects/list/template — contests for the expertise multi-select. */
export const templatesLookupQuery = () =>
  queryOptions({
    queryKey: tasksKeys.templates(),
    queryFn: () => unwrap(api().main.GET('/v2/projects/list/template')),
    staleTime: 10 * 60_000,
  });
