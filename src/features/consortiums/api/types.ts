import type { components } from '@/lib/api/generated/main';
import type { RecordFilter } from '@/lib/api/records';

type Schemas = components['schemas'];
export type Consortium = Schemas['Consortium'];
export type ConsortiumInput = Schemas['ConsortiumInput'];
export type ConsortiumPage = Schemas['ConsortiumPage'];

/** List, export and import scope (SPEC §7 "Consortiums … create, read, update, delete, excel template, import, export"). */
export type ConsortiumsFilter = RecordFilter<'/v1/consortiums'>;
