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

export type CompetitionApplication = components['schemas']['PointListItem'];

/**
 * The user's own applications to a competition (GET project-point?filter[templateCode], not archived): before a
 * second application the user is offered to continue one of these. Staff see everyone's points there, so only the
 * ones the user owns or is responsible for count.
 */
export const myApplicationsQuery = (templateCode: string, userId: number) =>
  queryOptions({
    queryKey: competitionKeys.myApplications(templateCode, userId),
    staleTime: 0,
    queryFn: async (): Promise<CompetitionApplication[]> => {
      const page = await unwrap(
        api().main.GET('/v2/projects/project-point', { params: { query: { 'filter[templateCode]': templateCode, page: 1, pageSize: 100 } } }),
      );
      return page.items.filter((p) => p.ownerId === userId || p.responsibleUserId === userId);
    },
  });

export type CompetitionDraft = components['schemas']['DraftNote'];

/** The user's drafts of this competition (GET /v2/projects/notes): shown with the time of their last save. */
export const myDraftsQuery = (templateCode: string) =>
  queryOptions({
    queryKey: competitionKeys.myDrafts(templateCode),
    staleTime: 0,
    queryFn: async (): Promise<CompetitionDraft[]> => (await unwrap(api().main.GET('/v2/projects/notes'))).filter((n) => n.code1C === templateCode),
  });
