import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { components } from '@/lib/api/generated/main';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { ApiError } from '@/lib/api/errors';
import { PAGE_SIZE } from '@/lib/limits';
import { projectKeys } from './keys';

export type Project = components['schemas']['Project'];
export type ProjectFile = components['schemas']['ProjectFile'];
export type Competition = components['schemas']['Competition'];

/** GET /v1/projects — the projects table (SPEC §2), SPEC §9 page size. */
export const projectsListQuery = (page: number) =>
  queryOptions({
    queryKey: projectKeys.list(page),
    queryFn: () => unwrap(api().main.GET('/v1/projects', { params: { query: { page, pageSize: PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
    // SPEC §8: a failing list is also said in a toast (the query client's one error handler).
    meta: { errorText: 'Произошла ошибка при получении данных' },
  });

/** GET /v1/projects/{id} — the project page; 403/404 reach the route's error view. */
export const projectQuery = (id: number) =>
  queryOptions({
    queryKey: projectKeys.detail(id),
    queryFn: () => unwrap(api().main.GET('/v1/projects/{id}', { params: { path: { id } } })),
  });

/** GET /v2/projects/project-point/count?filter[projectId]= — the badge of the "Задачи" tab. */
export const projectTasksCountQuery = (id: number) =>
  queryOptions({
    queryKey: projectKeys.tasksCount(id),
    queryFn: async () => {
      const { count } = await unwrap(api().main.GET('/v2/projects/project-point/count', { params: { query: { 'filter[projectId]': id } } }));
      return count;
    },
  });

/**
 * The project's competition for "Сведения о конкурсе" (active template by code1C). A competition that is no longer
 * active answers 404: the tab then shows what the project itself knows, so 404 is not an error here.
 */
export const projectCompetitionQuery = (code: string) =>
  queryOptions({
    queryKey: projectKeys.competition(code),
    queryFn: async (): Promise<Competition | null> => {
      try {
        return await unwrap(api().main.GET('/v2/projects/template/active/{id}', { params: { path: { id: code } } }));
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'not-found') return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });

/** GET /v2/projects/briefcase — briefcase name by briefcaseCode (SPEC §7); unknown codes give null. */
export const briefcaseQuery = (code: string) =>
  queryOptions({
    queryKey: projectKeys.briefcase(code),
    queryFn: async (): Promise<string | null> => {
      try {
        const briefcase = await unwrap(api().main.GET('/v2/projects/briefcase', { params: { query: { briefcaseCode: code } } }));
        return briefcase.name;
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'not-found') return null;
        throw error;
      }
    },
    staleTime: 30 * 60_000,
  });
