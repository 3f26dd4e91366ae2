import { recordKeys } from '@/lib/api/records';
import type { ConsortiumsFilter } from './types';

/** Query keys of the consortium members domain (one factory, DESIGN.md convention 4). */
export const consortiumKeys = recordKeys<ConsortiumsFilter>('consortiums');
