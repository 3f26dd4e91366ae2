import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { contestAdminKeys } from './keys';
import type { ApplicationFilter, ContestFilter, FormFieldFilter, FormFilter, ResultFilter } from './types';

/** Reads of the second API (SPEC §7 "Contests", "Results and forms"); the screens are not shown. */

/** A paged list: it shows the page it has while the next one loads. */
const pagedList = <T>(queryKey: QueryKey, read: () => Promise<T>) => queryOptions({ queryKey, queryFn: read, placeholderData: keepPreviousData });

/** GET /api/contest (page, pageSize, type). */
export const contestListQuery = (filter: ContestFilter = {}) =>
  pagedList(contestAdminKeys.contestList(filter), () => unwrap(api().contest.GET('/api/contest', { params: { query: filter } })));

/** GET /api/contest/{id} — with its managers, monitors and experts. */
export const contestQuery = (id: number) =>
  queryOptions({ queryKey: contestAdminKeys.contest(id), queryFn: () => unwrap(api().contest.GET('/api/contest/{id}', { params: { path: { id } } })) });

/** GET /api/result (page, pageSize, status, form_id). */
export const resultListQuery = (filter: ResultFilter = {}) =>
  pagedList(contestAdminKeys.resultList(filter), () => unwrap(api().contest.GET('/api/result', { params: { query: filter } })));

/** GET /api/result/{id}. */
export const resultQuery = (id: number) =>
  queryOptions({ queryKey: contestAdminKeys.result(id), queryFn: () => unwrap(api().contest.GET('/api/result/{id}', { params: { path: { id } } })) });

/** GET /api/application. */
export const applicationListQuery = (filter: ApplicationFilter = {}) =>
  pagedList(contestAdminKeys.applicationList(filter), () => unwrap(api().contest.GET('/api/application', { params: { query: filter } })));

/** GET /api/application/{id}. */
export const applicationQuery = (id: number) =>
  queryOptions({ queryKey: contestAdminKeys.application(id), queryFn: () => unwrap(api().contest.GET('/api/application/{id}', { params: { path: { id } } })) });

/** GET /api/form. */
export const formListQuery = (filter: FormFilter = {}) =>
  queryOptions({ queryKey: contestAdminKeys.formList(filter), queryFn: () => unwrap(api().contest.GET('/api/form', { params: { query: filter } })) });

/** GET /api/form/{id} — with its fields. */
export const formQuery = (id: number) =>
  queryOptions({ queryKey: contestAdminKeys.form(id), queryFn: () => unwrap(api().contest.GET('/api/form/{id}', { params: { path: { id } } })) });

/** GET /api/formfields. */
export const formFieldListQuery = (filter: FormFieldFilter = {}) =>
  queryOptions({ queryKey: contestAdminKeys.formFieldList(filter), queryFn: () => unwrap(api().contest.GET('/api/formfields', { params: { query: filter } })) });

/** GET /api/formfields/getrules — the rule catalogue (SPEC §5 named rules). */
export const formRulesQuery = () =>
  queryOptions({ queryKey: contestAdminKeys.rules(), queryFn: () => unwrap(api().contest.GET('/api/formfields/getrules')), staleTime: 60 * 60_000 });
