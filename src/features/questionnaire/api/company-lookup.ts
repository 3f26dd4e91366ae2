import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';

/** GET /v2/projects/company-inn/{inn} — values keyed by paramName to fill the other fields (field type 12). */
export function lookupCompany(inn: string) {
  return unwrap(api().main.GET('/v2/projects/company-inn/{inn}', { params: { path: { inn } } }));
}
