import type { components } from '@/lib/api/generated/main';

type Schemas = components['schemas'];
export type GranteeContact = Schemas['GranteeContact'];
export type GranteeContactInput = Schemas['GranteeContactInput'];
export type GranteeContactPage = Schemas['GranteeContactPage'];
export type ImportOutcome = Schemas['ImportOutcome'];

/** List, export and import scope (SPEC §7 "grantee-contacts: create, read, update, delete, excel template, import, export"). */
export interface GranteeContactsFilter {
  projectId?: number;
}
