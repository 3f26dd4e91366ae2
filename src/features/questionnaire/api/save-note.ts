import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import type { components } from '@/lib/api/generated/main';

/** POST /v2/projects/application/note — saves the application as a draft note ("Черновик сохранен"). */
export function saveApplicationNote(body: components['schemas']['ApplicationNoteRequest']) {
  return unwrap(api().main.POST('/v2/projects/application/note', { body }));
}
