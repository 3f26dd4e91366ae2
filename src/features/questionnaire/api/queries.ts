import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { withKeptCopy } from '@/lib/offline/durable-query';
import { questionnaireKeys } from './keys';

/** GET /v2/projects/application/{code1C} — the questionnaire of a new application (kept for offline use, as below). */
export const templateQuestionnaireQuery = (code1C: string) =>
  queryOptions({
    queryKey: questionnaireKeys.template(code1C),
    queryFn: () => withKeptCopy(questionnaireKeys.template(code1C), () => unwrap(api().main.GET('/v2/projects/application/{id}', { params: { path: { id: code1C } } }))),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** GET /v2/projects/application/{pointId} — the questionnaire of an existing point (with approvals and comments). */
export const pointQuestionnaireQuery = (pointId: number) =>
  queryOptions({
    queryKey: questionnaireKeys.point(pointId),
    queryFn: () => withKeptCopy(questionnaireKeys.point(pointId), () => unwrap(api().main.GET('/v2/projects/application/{id}', { params: { path: { id: String(pointId) } } }))),
    retry: false,
  });

/** GET /v2/projects/project-point/{id} — the point's saved values and flags. */
export const pointDataQuery = (pointId: number) =>
  queryOptions({
    queryKey: questionnaireKeys.pointData(pointId),
    queryFn: () => withKeptCopy(questionnaireKeys.pointData(pointId), () => unwrap(api().main.GET('/v2/projects/project-point/{id}', { params: { path: { id: pointId } } }))),
    retry: false,
  });

/** GET /v2/projects/list-attach?filter[pointId] — files attached to the point. */
export const pointAttachmentsQuery = (pointId: number) =>
  queryOptions({
    queryKey: questionnaireKeys.attachments(pointId),
    queryFn: () =>
      withKeptCopy(questionnaireKeys.attachments(pointId), () => unwrap(api().main.GET('/v2/projects/list-attach', { params: { query: { 'filter[pointId]': pointId } } }))),
    retry: false,
  });
