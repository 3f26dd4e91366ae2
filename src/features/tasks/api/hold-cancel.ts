import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { usePointAction, type PointActionOptions } from './point-action';

const cancelHold = (id: number) => unwrap(api().main.POST('/v2/projects/hold-cencel/{id}', { params: { path: { id } } }));

/** POST /v2/projects/hold-cencel/{id} — «Отменить отзыв (when canCencelHold)» (SPEC §4 actions on a task). */
export function useCancelHold(options: PointActionOptions = {}) {
  return usePointAction(cancelHold, options);
}
