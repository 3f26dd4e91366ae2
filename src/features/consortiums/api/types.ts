import type { components } from '@/lib/api/generated/main';

type Schemas = components['schemas'];
export type Consortium = Schemas['Consortium'];
export type ConsortiumInput = Schemas['ConsortiumInput'];
export type ConsortiumPage = Schemas['ConsortiumPage'];
export type ImportOutcome = Schemas['ImportOutcome'];

/** List, export and import scope (SPEC §7 "Consortiums … create, read, update, delete, excel template, import, export"). */
export interface ConsortiumsFilter {
  projectId?: number;
}
