import { recordKeys } from '@/lib/api/records';
import type { GranteeContactsFilter } from './types';

/** Query keys of the grantee contacts domain (one factory, DESIGN.md convention 4). */
export const granteeContactKeys = recordKeys<GranteeContactsFilter>('grantee-contacts');
