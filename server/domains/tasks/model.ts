import { forbidden, notFound, unprocessable } from '../../lib/http';
import type { MainSchema } from '../../lib/operations';
import { hasRole, type AuthUser, type Services } from '../../lib/services';
import { toApiPoint, type StoredPoint } from '../../lib/points';
import type { Json } from '../../lib/spec';
import type { StoredAttachment as QuestionnaireAttachment } from '../questionnaire/model';

/** An attachment as the questionnaire handlers store it, plus the id of its detached signature file. */
export type StoredAttachment = QuestionnaireAttachment & { _signFileId?: number | null };
export const attachmentsOf = (s: Services) => s.collection<StoredAttachment>('attachments');

/**
 * Tasks / project points (SPEC §2 "My tasks", "Task preview"; §3 Task / point, Draft note; §4 statuses and actions;
 * §7 "Tasks v2"). Points live in the shared "points" collection (server/lib/points.ts).
 *
 * Who sees what (SPEC §6 leaves the server side open; this is the reference reading):
 * - the owner, the responsible user and the users listed in `_viewers` (project members) see a point in their lists;
 * - experts see the expert-review points assigned to them (`_experts`) in their "Экспертиза" list and, like any task of
 *   theirs, in "Все" and the kind lists (an expertise awaiting the expert's review "requires action");
 * - managers (1) and monitors (4, 10) see every non-expert point, read-only;
 * - the action flags (canEdit, canSign, canHold, …) are the stored ones for the people who act on the point (owner,
 *   responsible user, assigned expert) and all false for everyone else.
 *
 * List kinds (each point not archived is in exactly one of active / closed / expired, so the counts add up):
 * - all: every visible point that is not archived ("Все");
 * - active: not archived, not finished (sort < 1000), in a status that needs the user's action, deadline not passed
 *   ("Требуют действий"; its size is the menu count);
 * - expired: not archived, not finished, deadline passed ("Просроченные"; red by the SPEC §2 deadline rule);
 * - closed: not archived, neither active nor expired (submitted, in processing or finished);
 * - archive: archived by the user ("Переместить в архив"); the UI labels this kind "Отработаны" (SPEC §2).
 */

export type StoredTask = StoredPoint & {
  _kind?: 'expert';
  _experts?: number[];
  _statusBeforeHold?: Json;
  _pdfSign?: { fileId: number; signedAt: number; withoutAttorney: boolean } | null;
  _attorneyFileId?: number | null;
};

/** Statuses in which the user has something to do (SPEC §4 form codes plus the two signing statuses). */
export const ACTION_STATUSES = ['NEW', 'FILLING', 'NEEDS_IMPROVEMENTS', 'SUSPENDED', 'RETURN_TO_EDIT', 'SIGNING_REQUIRED', 'REVIEW_WITH_SIGNING'];
export const STAFF_ROLES = [1, 4, 10];

export type ListKind = 'all' | 'active' | 'expired' | 'closed' | 'archive';

export const tasksOf = (s: Services) => s.collection<StoredTask>('points');

export function isActor(point: StoredTask, user: AuthUser): boolean {
  return point.ownerId === user.id || point.responsibleUserId === user.id || (point._experts ?? []).includes(user.id);
}

/** Points in the user's own lists ("Мои задачи"): an expert review only for its assigned experts. */
export function isListedFor(point: StoredTask, user: AuthUser): boolean {
  if (point._kind === 'expert') return (point._experts ?? []).includes(user.id);
  if (point.ownerId === user.id || point.responsibleUserId === user.id) return true;
  if ((point._viewers ?? []).includes(user.id)) return true;
  return hasRole(user, ...STAFF_ROLES);
}

export function canView(point: StoredTask, user: AuthUser): boolean {
  if (point._kind === 'expert') return (point._experts ?? []).includes(user.id) || hasRole(user, ...STAFF_ROLES);
  return isListedFor(point, user);
}

export const ms = (iso: unknown) => (typeof iso === 'string' ? Date.parse(iso) : NaN);

export function isExpired(point: StoredTask, now: number): boolean {
  const deadline = ms(point.deadline);
  return point.status.sort < 1000 && Number.isFinite(deadline) && deadline < now;
}

export function kindOf(point: StoredTask, now: number): Exclude<ListKind, 'all'> {
  if (point.archive === true) return 'archive';
  if (isExpired(point, now)) return 'expired';
  if (point.status.sort < 1000 && ACTION_STATUSES.includes(point.status.code1C)) return 'active';
  return 'closed';
}

export function matchesKind(point: StoredTask, kind: ListKind, now: number): boolean {
  const k = kindOf(point, now);
  return kind === 'all' ? k !== 'archive' : k === kind;
}

const ACTION_FLAGS = ['canEdit', 'canSign', 'canHold', 'canReturnToEdit', 'canCencelHold', 'canAddToArchive'] as const;

/** The point as this user receives it: private keys removed, action flags only for those who act on it. */
export function pointFor(point: StoredTask, user: AuthUser): MainSchema<'Point'> {
  const api = toApiPoint(point);
  if (!isActor(point, user)) for (const flag of ACTION_FLAGS) api[flag] = false;
  return api;
}


/** A point the user may see, or 404 / 403. */
export async function loadVisible(s: Services, user: AuthUser, id: number): Promise<StoredTask> {
  const point = await tasksOf(s).get(id);
  if (!point) throw notFound('Задача не найдена');
  if (!canView(point, user)) throw forbidden('Нет доступа к задаче');
  return point;
}

/** A point the user acts on, or 404 / 403. */
export async function loadActionable(s: Services, user: AuthUser, id: number): Promise<StoredTask> {
  const point = await loadVisible(s, user, id);
  if (!isActor(point, user)) throw forbidden('Действие доступно только исполнителю задачи');
  return point;
}

export const refuse = (message: string) => unprocessable([{ message }], message);
