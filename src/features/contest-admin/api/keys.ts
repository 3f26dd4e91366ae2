import type { ApplicationFilter, ContestFilter, FormFieldFilter, FormFilter, ResultFilter } from './types';

/** Query keys of contest administration — the second API (one factory, DESIGN.md convention 4). */
export const contestAdminKeys = {
  all: ['contest-admin'] as const,
  contests: () => [...contestAdminKeys.all, 'contests'] as const,
  contestList: (filter: ContestFilter) => [...contestAdminKeys.contests(), 'list', filter] as const,
  contest: (id: number) => [...contestAdminKeys.contests(), 'detail', id] as const,
  results: () => [...contestAdminKeys.all, 'results'] as const,
  resultList: (filter: ResultFilter) => [...contestAdminKeys.results(), 'list', filter] as const,
  result: (id: number) => [...contestAdminKeys.results(), 'detail', id] as const,
  applications: () => [...contestAdminKeys.all, 'applications'] as const,
  applicationList: (filter: ApplicationFilter) => [...contestAdminKeys.applications(), 'list', filter] as const,
  application: (id: number) => [...contestAdminKeys.applications(), 'detail', id] as const,
  forms: () => [...contestAdminKeys.all, 'forms'] as const,
  formList: (filter: FormFilter) => [...contestAdminKeys.forms(), 'list', filter] as const,
  form: (id: number) => [...contestAdminKeys.forms(), 'detail', id] as const,
  formFields: () => [...contestAdminKeys.all, 'form-fields'] as const,
  formFieldList: (filter: FormFieldFilter) => [...contestAdminKeys.formFields(), 'list', filter] as const,
  rules: () => [...contestAdminKeys.all, 'rules'] as const,
};
