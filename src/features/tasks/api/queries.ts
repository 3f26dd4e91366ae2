import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { withKeptCopy } from '@/lib/offline/durable-query';
import { tasksKeys, type ExpertListParams, type PointListParams } from './keys';
import type { PointPage } from './types';

function listQuery(params: PointListParams) {
  return {
    page: params.page,
    pageSize: params.pageSize,
    'filter[name]': params.name || undefined,
    'filter[statusCode]': params.statusCode || undefined,
    'filter[projectId]': params.projectId,
    'filter[templateCode]': params.templateCode || undefined,
  };
}

/** GET /v2/projects/project-point[/{kind}] (SPEC §7 "Tasks v2"): one page of points of a kind. */
export const pointListQuery = (params: PointListParams) =>
  queryOptions({
    queryKey: tasksKeys.list(params),
    staleTime: 0,
    queryFn: (): Promise<PointPage> => {
      const query = listQuery(params);
      const main = api().main;
      switch (params.kind) {
        case 'active':
          return unwrap(main.GET('/v2/projects/project-point/active', { params: { query } }));
        case 'expired':
          return unwrap(main.GET('/v2/projects/project-point/expired', { params: { query } }));
        case 'closed':
          return unwrap(main.GET('/v2/projects/project-point/closed', { params: { query } }));
        case 'archive':
          return unwrap(main.GET('/v2/projects/project-point/archive', { params: { query } }));
        default:
          return unwrap(main.GET('/v2/projects/project-point', { params: { query } }));
      }
    },
    placeholderData: (previous) => previous,
  });

/** GET /v2/projects/project-point/expert — the expertise list (experts only). */
export const expertListQuery = (params: ExpertListParams) =>
  queryOptions({
    queryKey: tasksKeys.expert(params),
    staleTime: 0,
    queryFn: () =>
      unwrap(
        api().main.GET('/v2/projects/project-point/expert', {
          params: {
            query: {
              page: params.page,
              pageSize: params.pageSize,
              'filter[text]': params.text || undefined,
              'filter[templateId][]': params.templateIds.length ? params.templateIds : undefined,
              'filter[statusCode][]': params.statusCodes.length ? params.statusCodes : undefined,
            },
          },
        }),
      ),
    placeholderData: (previous) => previous,
  });

/** GET /v2/projects/notes — drafts ("Черновики"). */
export const notesQuery = (name?: string) =>
  queryOptions({
    queryKey: tasksKeys.notes(name),
    queryFn: () => unwrap(api().main.GET('/v2/projects/notes', { params: { query: { 'filter[name]': name || undefined } } })),
    placeholderData: (previous) => previous,
  });

/** GET /v2/projects/project-point/{id} — one point with its flags, structure and values. */
export const pointQuery = (id: number) =>
  queryOptions({
    queryKey: tasksKeys.detail(id),
    // Kept in IndexedDB: a task seen once opens offline, read-only preview included.
    queryFn: () => withKeptCopy(tasksKeys.detail(id), () => unwrap(api().main.GET('/v2/projects/project-point/{id}', { params: { path: { id } } }))),
    // Action buttons follow the server flags: a cached copy (possibly restored from storage) is shown at once and
    // always revalidated.
    staleTime: 0,
  });
