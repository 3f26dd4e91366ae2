import { importMutation, spreadsheetRequests } from '@/lib/api/records';
import { consortiumKeys } from './keys';

/** The Excel template, import and export (SPEC §7 "Consortiums … create, read, update, delete, excel template, import, export"). */

/** GET /v1/consortiums/template, GET /v1/consortiums/export, POST /v1/consortiums/import (with the project's id). */
export const {
  template: downloadConsortiumsTemplate,
  export: exportConsortiums,
  import: importConsortiums,
} = spreadsheetRequests<'/v1/consortiums', { projectId?: number }>('/v1/consortiums');

export const importConsortiumsMutation = importMutation(consortiumKeys, importConsortiums);
