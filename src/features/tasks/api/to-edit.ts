import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { usePointAction, type PointActionOptions } from './point-action';

const returnToEdit = (id: number) => unwrap(api().main.POST('/v2/projects/to-edit/{id}', { params: { path: { id } } }));

/** POST /v2/projects/to-edit/{id} — «Вернуться к редактированию (when canReturnToEdit)» (SPEC §4 actions on a task). */
export function useReturnToEdit(options: PointActionOptions = {}) {
  return usePointAction(returnToEdit, options);
}
