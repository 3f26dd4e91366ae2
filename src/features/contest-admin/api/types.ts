import type { components } from '@/lib/api/generated/contest';

/** Contest administration types are aliases of the generated schemas (openapi/contest.yaml). */
type Schemas = components['schemas'];
export type Contest = Schemas['Contest'];
export type ContestPage = Schemas['ContestPage'];
export type ContestUpdate = Schemas['ContestUpdate'];
export type ContestUserLink = Schemas['ContestUserLink'];
export type ContestUserRole = ContestUserLink['role'];
export type ContestUserStatusRequest = Schemas['ContestUserStatusRequest'];
export type ContestResult = Schemas['ContestResult'];
export type ContestResultPage = Schemas['ContestResultPage'];
export type ContestResultValue = Schemas['ContestResultValue'];
export type ContestResultUpdate = Schemas['ContestResultUpdate'];
export type ContestApplication = Schemas['ContestApplication'];
export type ContestApplicationPage = Schemas['ContestApplicationPage'];
export type Form = Schemas['Form'];
export type FormPage = Schemas['FormPage'];
export type FormInput = Schemas['FormInput'];
export type FormUpdate = Schemas['FormUpdate'];
export type FormField = Schemas['FormField'];
export type FormFieldPage = Schemas['FormFieldPage'];
export type FormFieldInput = Schemas['FormFieldInput'];
export type FormFieldUpdate = Schemas['FormFieldUpdate'];
export type FormRule = Schemas['FormRule'];

interface Paging {
  page?: number;
  pageSize?: number;
}
export interface ContestFilter extends Paging {
  type?: string;
}
export interface ResultFilter extends Paging {
  status?: string;
  form_id?: number;
}
export interface ApplicationFilter extends Paging {
  contest_id?: number;
}
export interface FormFilter extends Paging {
  contest_id?: number;
}
export interface FormFieldFilter extends Paging {
  form_id?: number;
}

/** New contest: the multipart parts of POST /api/contest, with the image and additional materials as files. */
export type ContestCreateInput = Omit<Schemas['ContestCreateMultipart'], 'image' | 'files'> & { image?: Blob; files?: Blob[] };

/** New result: values plus files of file fields (POST /api/result is multipart). */
export interface ResultCreateInput {
  form_id: number;
  status?: 'draft' | 'submitted';
  values?: Pick<ContestResultValue, 'field_id' | 'value' | 'groupIndex' | 'valueIndex'>[];
  /** Each file with the id of the form field it belongs to. */
  files?: { fieldId: number; file: Blob }[];
}
