import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import type { components } from '@/lib/api/generated/main';

type Values = components['schemas']['ValueSaveItem'];

/** PUT /v2/projects/project-point/application/{id} — saves the point's values ("Сохранить"). */
export function savePoint(pointId: number, values: Values) {
  return unwrap(api().main.PUT('/v2/projects/project-point/application/{id}', { params: { path: { id: pointId } }, body: { values } }));
}

/** POST /v2/projects/project-point/application/{id} — saves and sends the point on ("Сформировать для отправки"). */
export function submitPoint(pointId: number, values: Values) {
  return unwrap(api().main.POST('/v2/projects/project-point/application/{id}', { params: { path: { id: pointId } }, body: { values } }));
}
