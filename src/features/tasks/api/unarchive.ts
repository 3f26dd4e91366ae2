import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { usePointAction, type PointActionOptions } from './point-action';

const unarchivePoint = (id: number) => unwrap(api().main.DELETE('/v2/projects/archive/{id}', { params: { path: { id } } }));

/** DELETE /v2/projects/archive/{id} — «Вернуть из архива» (SPEC §4 actions on a task). */
export function useUnarchivePoint(options: PointActionOptions = {}) {
  return usePointAction(unarchivePoint, options);
}
