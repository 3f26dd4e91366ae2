import type { components } from '@/lib/api/generated/main';
import type { RecordFilter } from '@/lib/api/records';

type Schemas = components['schemas'];
export type GranteeContact = Schemas['GranteeContact'];
export type GranteeContactInput = Schemas['GranteeContactInput'];
export type GranteeContactPage = Schemas['GranteeContactPage'];

/** List, export and import scope (SPEC §7 "grantee-contacts: create, read, update, delete, excel template, import, export"). */
export type GranteeContactsFilter = RecordFilter<'/v1/grantee-contacts'>;
