import type { ApplicationFilter, ContestFilter, FormFieldFilter, FormFilter, ResultFilter } from './types';

const all = ['contest-admin'] as const;

/** One kind of record of the second API: all of it, its lists by filter, one record by id. */
function recordKind<Filter, const Kind extends string>(kind: Kind) {
  const root = () => [...all, kind] as const;
  return { root, list: (filter: Filter) => [...root(), 'list', filter] as const, detail: (id: number) => [...root(), 'detail', id] as const };
}

const contests = recordKind<ContestFilter, 'contests'>('contests');
const results = recordKind<ResultFilter, 'results'>('results');
const applications = recordKind<ApplicationFilter, 'applications'>('applications');
const forms = recordKind<FormFilter, 'forms'>('forms');
const formFields = recordKind<FormFieldFilter, 'form-fields'>('form-fields');

/** Query keys of contest administration — the second API (one factory, DESIGN.md convention 4). */
export const contestAdminKeys = {
  all,
  contests: contests.root,
  contestList: contests.list,
  contest: contests.detail,
  results: results.root,
  resultList: results.list,
  result: results.detail,
  applications: applications.root,
  applicationList: applications.list,
  application: applications.detail,
  forms: forms.root,
  formList: forms.list,
  form: forms.detail,
  formFields: formFields.root,
  formFieldList: formFields.list,
  rules: () => [...all, 'rules'] as const,
};
