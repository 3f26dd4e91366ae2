import { includesText } from '../../lib/paging';
import type { MainSchema } from '../../lib/operations';
import { hasRole, type AuthUser, type Services } from '../../lib/services';
import type { Json } from '../../lib/spec';
import { ACTION_STATUSES, type ListKind, STAFF_ROLES, type StoredTask, isListedFor, ms, pointFor, tasksOf } from './model';

const LIST_KEYS = ['id', 'name', 'description', 'projectId', 'projectName', 'project', 'status', 'type', 'startDate', 'deadline', 'closedate', 'ownerId', 'responsibleUserId', 'canEdit', 'archive'];

/** Name and status of projects (of the given ids only, when given). */
export async function projectRefs(s: Services, ids?: number[]): Promise<Map<number, { id: number; name: string; status?: { name: string } | null }>> {
  type Ref = { id: number; name: string; status?: { name: string } | null };
  const projects = ids
    ? (await s.db.query<{ data: Ref }>(`SELECT data FROM docs WHERE collection = 'projects' AND id = ANY($1::text[])`, [[...new Set(ids)].map(String)])).map((r) => r.data)
    : await s.collection<Ref>('projects').all();
  return new Map(projects.map((p) => [p.id, { id: p.id, name: p.name, status: p.status ? { name: p.status.name } : null }]));
}

export function listItem(point: StoredTask, user: AuthUser, projects: Map<number, { id: number; name: string; status?: { name: string } | null }>): MainSchema<'PointListItem'> {
  const api: Record<string, Json> = pointFor(point, user);
  const out: Record<string, Json> = {};
  for (const key of LIST_KEYS) if (key in api) out[key] = api[key];
  // The project's current name and status win over the copy kept on the point.
  const project = typeof point.projectId === 'number' ? projects.get(point.projectId) : undefined;
  if (project) {
    out.project = project;
    out.projectName = project.name;
  }
  return out as MainSchema<'PointListItem'>;
}

/** Not finished first, then by deadline (missing last), then newest first. */
export function byUrgency(a: StoredTask, b: StoredTask): number {
  const fa = a.status.sort >= 1000 ? 1 : 0;
  const fb = b.status.sort >= 1000 ? 1 : 0;
  if (fa !== fb) return fa - fb;
  const da = ms(a.deadline);
  const db = ms(b.deadline);
  const va = Number.isFinite(da) ? da : Infinity;
  const vb = Number.isFinite(db) ? db : Infinity;
  if (va !== vb) return va - vb;
  return b.id - a.id;
}

export interface ListQuery {
  page?: number;
  pageSize?: number;
  'filter[name]'?: string;
  'filter[statusCode]'?: string;
  'filter[projectId]'?: number;
  'filter[templateCode]'?: string;
}

export function matchesFilters(point: StoredTask, q: ListQuery): boolean {
  const text = q['filter[name]']?.trim();
  if (text) {
    const hit = includesText(point.name, text) || includesText(point.projectName, text) || String(point.id) === text.replace(/^id\s*:?\s*/i, '');
    if (!hit) return false;
  }
  if (q['filter[statusCode]'] && point.status.code1C !== q['filter[statusCode]']) return false;
  if (q['filter[projectId]'] && point.projectId !== Number(q['filter[projectId]'])) return false;
  if (q['filter[templateCode]'] && point._templateCode !== q['filter[templateCode]']) return false;
  return true;
}

export async function visiblePoints(s: Services, user: AuthUser): Promise<StoredTask[]> {
  return (await tasksOf(s).all()).filter((p) => isListedFor(p, user));
}

/**
 * The WHERE clause of a task list in SQL — the same rules as isListedFor, matchesKind and matchesFilters above (the
 * test "task lists in SQL" compares the two on every user, kind and filter): visibility, list kind, filters.
 */
function listWhere(user: AuthUser, kind: ListKind, q: ListQuery, now: number): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (value: unknown) => `$${params.push(value)}`;
  const where = [`collection = 'points'`];
  const assignedExpertise = `(t_expert AND data->'_experts' @> ${p(JSON.stringify([user.id]))}::jsonb)`;
  if (hasRole(user, ...STAFF_ROLES)) where.push(`(NOT t_expert OR ${assignedExpertise})`);
  else {
    const me = p(JSON.stringify(user.id));
    const mine = `(t_owner = ${me}::jsonb OR t_responsible = ${me}::jsonb OR t_viewers @> ${p(JSON.stringify([user.id]))}::jsonb)`;
    where.push(`(${assignedExpertise} OR (NOT t_expert AND ${mine}))`);
  }
  const open = `(t_sort::numeric < 1000)`;
  const expired = () => `coalesce(${open} AND t_deadline < ${p(now)}, false)`;
  const active = () => `coalesce(${open} AND t_status = ANY(${p(ACTION_STATUSES)}::text[]), false)`;
  if (kind === 'archive') where.push('t_archive');
  else {
    where.push('NOT t_archive');
    if (kind === 'expired') where.push(expired());
    if (kind === 'active') where.push(`NOT ${expired()}`, active());
    if (kind === 'closed') where.push(`NOT ${expired()}`, `NOT ${active()}`);
  }
  const text = q['filter[name]']?.trim();
  if (text) {
    const needle = p(text.toLocaleLowerCase('ru'));
    where.push(`(strpos(lower(coalesce(t_name, '')), ${needle}) > 0 OR strpos(lower(coalesce(t_project_name, '')), ${needle}) > 0 OR id = ${p(text.replace(/^id\s*:?\s*/i, ''))})`);
  }
  if (q['filter[statusCode]']) where.push(`t_status = ${p(q['filter[statusCode]'])}`);
  if (q['filter[projectId]']) where.push(`t_project = ${p(JSON.stringify(Number(q['filter[projectId]'])))}::jsonb`);
  if (q['filter[templateCode]']) where.push(`t_template = ${p(q['filter[templateCode]'])}`);
  return { sql: where.join(' AND '), params };
}

/** byUrgency in SQL: not finished first, then by deadline (missing last), then newest first. */
const URGENCY_ORDER = `CASE WHEN t_sort::numeric >= 1000 THEN 1 ELSE 0 END, t_deadline NULLS LAST, id::bigint DESC`;

/** A task list page: filtered, counted and paged by the database; only the page's documents are read. */
export async function listKind(s: Services, user: AuthUser, kind: ListKind, q: ListQuery) {
  const { sql, params } = listWhere(user, kind, q, s.clock.now());
  const perPage = Math.max(1, Number(q.pageSize ?? 20));
  const currentPage = Math.max(1, Number(q.page ?? 1));
  // Count and order on the narrow columns; the documents (large JSON) are read for the page's rows only.
  const rows = await s.db.query<{ data: StoredTask; total: number }>(
    `WITH page AS (SELECT id, count(*) OVER () AS total, row_number() OVER (ORDER BY ${URGENCY_ORDER}) AS n FROM docs WHERE ${sql} ORDER BY n LIMIT ${perPage} OFFSET ${(currentPage - 1) * perPage})
     SELECT d.data, page.total::int AS total FROM page JOIN docs d ON d.collection = 'points' AND d.id = page.id ORDER BY page.n`,
    params,
  );
  const projects = await projectRefs(s, rows.map((r) => r.data.projectId).filter((id): id is number => typeof id === 'number'));
  const totalCount = rows[0]?.total ?? (currentPage > 1 ? (await countKind(s, user, kind, q)).count : 0);
  return {
    items: rows.map((r) => listItem(r.data, user, projects)),
    _meta: { currentPage, pageCount: Math.ceil(totalCount / perPage), totalCount, perPage },
  };
}

export async function countKind(s: Services, user: AuthUser, kind: ListKind, q: ListQuery) {
  const { sql, params } = listWhere(user, kind, q, s.clock.now());
  return { count: (await s.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM docs WHERE ${sql}`, params))?.n ?? 0 };
}
