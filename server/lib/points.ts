import { withoutPrivate } from './stored';
import type { Services } from './services';
import type { Json } from './spec';

/**
 * Shared storage of tasks / points (SPEC §3 "Task / point"), used by the questionnaire (creates points from
 * applications), the tasks screens (lists, actions, signing), projects and the calendar.
 *
 * A stored point is the API `Point` object (openapi/main.yaml #/components/schemas/Point) plus private keys that
 * start with "_" and are never sent: `toApiPoint` strips them.
 */
export interface PointStatus {
  id: number;
  name: string;
  code1C: string;
  sort: number;
}

/** SPEC §4 "Task statuses" (fixed ids, labels); sort ≥ 1000 means finished. */
export const POINT_STATUSES: PointStatus[] = [
  { id: 1, name: 'Новый', code1C: 'NEW', sort: 10 },
  { id: 2, name: 'На заполнении', code1C: 'FILLING', sort: 20 },
  { id: 3, name: 'Передано в обработку', code1C: 'IN_PROCESSING', sort: 300 },
  { id: 4, name: 'Требуются доработки', code1C: 'NEEDS_IMPROVEMENTS', sort: 30 },
  { id: 5, name: 'Действий не требуется', code1C: 'NO_ACTION_REQUIRED', sort: 1000 },
  { id: 6, name: 'Требуется обработка', code1C: 'PROCESSING_REQUIRED', sort: 400 },
  { id: 7, name: 'Передано менеджеру', code1C: 'SENT_TO_MANAGER', sort: 500 },
  { id: 8, name: 'Завершен', code1C: 'COMPLETED', sort: 1100 },
  { id: 9, name: 'Приостановлено', code1C: 'SUSPENDED', sort: 40 },
  { id: 10, name: 'Требуется подпись', code1C: 'SIGNING_REQUIRED', sort: 50 },
  { id: 11, name: 'Отклонен', code1C: 'REJECTED', sort: 1200 },
  { id: 12, name: 'Требуется подписать отзыв', code1C: 'REVIEW_WITH_SIGNING', sort: 60 },
  { id: 13, name: 'Возвращена к редактированию', code1C: 'RETURN_TO_EDIT', sort: 35 },
  { id: 14, name: 'Передан на внешнюю обработку', code1C: 'EXTERNAL_PROCESSING', sort: 600 },
];

export function statusByCode(code: string): PointStatus {
  const status = POINT_STATUSES.find((s) => s.code1C === code);
  if (!status) throw new Error(`unknown point status ${code}`);
  return status;
}

/** Status as the API sends it: {name, code1C, sort}. */
export const apiStatus = (code: string) => {
  const { name, code1C, sort } = statusByCode(code);
  return { name, code1C, sort };
};

export type StoredPoint = Json & {
  id: number;
  name: string;
  status: { name: string; code1C: string; sort: number };
  ownerId: number;
  projectId: number | null;
  /** Template (questionnaire) code the point was made from (collection "templates"). */
  _templateCode: string;
  /** Users who may see the point besides its owner and responsible user (e.g. experts, project members). */
  _viewers?: number[];
};

export const pointsOf = (s: Services) => s.collection<StoredPoint>('points');

/**
 * What a point just made carries before any action on it (no hold, no signature, not archived, no files); its makers
 * (a project task, an application, the demo seed) add what differs: who may edit, sign or withdraw it.
 */
export const FRESH_POINT = {
  closedate: null,
  holdMode: null,
  canCencelHold: false,
  canAddToArchive: false,
  archive: false,
  signValid: false,
  attorneyRequired: false,
  attorney: null,
  managerComment: null,
} as const;

/** Removes private keys (leading "_") before a point leaves the server. */
export const toApiPoint = withoutPrivate;

/** A template field's type as a point copies it: the display format and options travel with it (read-only views). */
export function fieldTypeRef(type: { id: number; dataType: string; defaultValue?: unknown; list?: unknown }) {
  const format = typeof type.defaultValue === 'string' && (type.dataType === 'date' || type.dataType === 'datetime-local') ? type.defaultValue : null;
  return {
    id: type.id,
    dataType: type.dataType,
    ...(format ? { defaultValue: format } : {}),
    ...(Array.isArray(type.list) && type.list.length ? { list: type.list } : {}),
  };
}
