import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { usePointAction, type PointActionOptions } from './point-action';

const archivePoint = (id: number) => unwrap(api().main.POST('/v2/projects/archive/{id}', { params: { path: { id } } }));

/** POST /v2/projects/archive/{id} — «Переместить в архив (when canAddToArchive)» (SPEC §4 actions on a task). */
export function useArchivePoint(options: PointActionOptions = {}) {
  return usePointAction(archivePoint, options);
}
