import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { usePointAction, type PointActionOptions } from './point-action';

const holdPoint = (id: number) => unwrap(api().main.POST('/v2/projects/hold/{id}', { params: { path: { id } } }));

/** POST /v2/projects/hold/{id} — «Отозвать заявку (withdraw; unavailable when holdMode is D)» (SPEC §4 actions on a task). */
export function useHoldPoint(options: PointActionOptions = {}) {
  return usePointAction(holdPoint, options);
}
