import { mutationOptions } from '@tanstack/react-query';
import { api, formData, multipart } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import type { components } from '@/lib/api/generated/main';
import { projectDocumentKeys } from './keys';
import type { IndicatorKind } from './types';

type IndicatorParserUpload = components['schemas']['IndicatorParserUpload'];

export interface IndicatorUpload {
  kind: IndicatorKind;
  /** .xlsx or .csv with the template's header row (GET /v1/projects/template?templateType=<kind>). */
  file: Blob;
  projectId?: number;
}

/**
 * POST /v1/projects/indicator-parser/{summary|years|performance|implementation-plan|additional-need} (multipart).
 * Cell problems come back in `errors` (valueIndex = row index) with a 200, not as an HTTP error.
 */
export function parseIndicators({ kind, file, projectId }: IndicatorUpload) {
  const request = { body: formData({ file, projectId }) as unknown as IndicatorParserUpload, ...multipart };
  const main = api().main;
  switch (kind) {
    case 'summary':
      return unwrap(main.POST('/v1/projects/indicator-parser/summary', request));
    case 'years':
      return unwrap(main.POST('/v1/projects/indicator-parser/years', request));
    case 'performance':
      return unwrap(main.POST('/v1/projects/indicator-parser/performance', request));
    case 'implementation-plan':
      return unwrap(main.POST('/v1/projects/indicator-parser/implementation-plan', request));
    case 'additional-need':
      return unwrap(main.POST('/v1/projects/indicator-parser/additional-need', request));
  }
}

export const parseIndicatorsMutation = () => mutationOptions({ mutationKey: [...projectDocumentKeys.all, 'parse-indicators'], mutationFn: parseIndicators });
