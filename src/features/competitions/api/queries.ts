import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import type { components } from '@/lib/api/generated/main';
import { competitionKeys } from './keys';

export type Competition = components['schemas']['Competition'];
export type CompetitionGroup = components['schemas']['CompetitionGroup'];

/** GET /v2/projects/template/active — "Текущие конкурсы". */
export const competitionsQuery = () =>
  queryOptions({
    queryKey: competitionKeys.list(),
    queryFn: () => unwrap(api().main.GET('/v2/projects/template/active')),
  });

/** GET /v2/projects/template/active/{id} — by id or code1C; a 404 leads to the not-found page. */
export const competitionQuery = (idOrCode: string) =>
  queryOptions({
    queryKey: competitionKeys.detail(idOrCode),
    queryFn: () => unwrap(api().main.GET('/v2/projects/template/active/{id}', { params: { path: { id: idOrCode } } })),
  });

/**
 * GET /v2/projects/template/groups — the collapsible groups of the list. SPEC §8: template failures are only
 * logged; the list then shows without groups.
 */
export const competitionGroupsQuery = () =>
  queryOptions({
    queryKey: competitionKeys.groups(),
    queryFn: async (): Promise<CompetitionGroup[]> => {
      try {
        return await unwrap(api().main.GET('/v2/projects/template/groups'));
      } catch (error) {
        console.warn('competition groups failed', error);
        return [];
      }
    },
    staleTime: 10 * 60_000,
  });

/** GET /v2/projects/project-point/count?filter[templateCode] — the badge of the "Задачи" tab. */
export const competitionTaskCountQuery = (templateCode: string) =>
  queryOptions({
    queryKey: competitionKeys.taskCount(templateCode),
    queryFn: async () => {
      try {
        const { count } = await unwrap(api().main.GET('/v2/projects/project-point/count', { params: { query: { 'filter[templateCode]': templateCode } } }));
        return count;
      } catch (error) {
        console.warn('task count failed', error);
        return null;
      }
    },
  });
