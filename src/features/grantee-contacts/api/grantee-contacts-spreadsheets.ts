import { importMutation, spreadsheetRequests } from '@/lib/api/records';
import { granteeContactKeys } from './keys';

/** The Excel template, import and export (SPEC §7 "grantee-contacts: create, read, update, delete, excel template, import, export"). */

/** GET /v1/grantee-contacts/template, GET /v1/grantee-contacts/export, POST /v1/grantee-contacts/import (with the project's id). */
export const {
  template: downloadGranteeContactsTemplate,
  export: exportGranteeContacts,
  import: importGranteeContacts,
} = spreadsheetRequests<'/v1/grantee-contacts', { projectId?: number }>('/v1/grantee-contacts');

export const importGranteeContactsMutation = importMutation(granteeContactKeys, importGranteeContacts);
