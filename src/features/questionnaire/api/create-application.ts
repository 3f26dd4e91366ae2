import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import type { components } from '@/lib/api/generated/main';

/** POST /v2/projects/application — creates the project and its point; answers the new pointId (SPEC §2). */
export function createApplication(body: components['schemas']['ApplicationCreateRequest']) {
  return unwrap(api().main.POST('/v2/projects/application', { body }));
}
