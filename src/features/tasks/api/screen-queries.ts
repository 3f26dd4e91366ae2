import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { tasksKeys, type CountFilters } from './keys';

// What the tasks list asks for itself once shown (the count, the filters' lookups), apart from the lists and the point
// the route loaders ask for (queries.ts): these come with the screen's code, not the first-load JS.

function countQuery(filters: CountFilters) {
  return { 'filter[projectId]': filters.projectId, 'filter[templateCode]': filters.templateCode || undefined };
}

/** GET count — the number on the "Все" tab. */
export const pointCountQuery = (filters: CountFilters = {}) =>
  queryOptions({
    queryKey: tasksKeys.count(filters),
    staleTime: 0,
    queryFn: async () => (await unwrap(api().main.GET('/v2/projects/project-point/count', { params: { query: countQuery(filters) } }))).count,
  });

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
