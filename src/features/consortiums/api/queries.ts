import { recordQueries } from '@/lib/api/records';
import { consortiumKeys } from './keys';

/** GET /v1/consortiums — paged, optionally of one project (SPEC §7 "Consortiums … create, read, update, delete, excel template, import, export"); GET /v1/consortiums/{id}. */
export const { list: consortiumListQuery, detail: consortiumQuery } = recordQueries('/v1/consortiums', consortiumKeys);
