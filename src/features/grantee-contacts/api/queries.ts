import { recordQueries } from '@/lib/api/records';
import { granteeContactKeys } from './keys';

/** GET /v1/grantee-contacts — paged, optionally of one project (SPEC §7 "grantee-contacts: create, read, update, delete, excel template, import, export"); GET /v1/grantee-contacts/{id}. */
export const { list: granteeContactListQuery, detail: granteeContactQuery } = recordQueries('/v1/grantee-contacts', granteeContactKeys);
