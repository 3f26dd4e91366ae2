import * as v from 'valibot';
import { defaultParam, intParam, textParam } from '@/components/search-params';

/**
 * URL contract of /tasks and /tasks-archive (SPEC §2 "My tasks"; the filters live in the URL so a reload or a shared
 * link keeps them). Bad input falls back to the defaults instead of failing the route.
 */
export const TASK_KINDS = ['all', 'active', 'closed', 'expert', 'expired', 'notes', 'archive'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

export interface TasksSearch {
  kind: TaskKind;
  q: string;
  status: string;
  page: number;
  /** Expertise list: contest (template) ids and status codes (multi-selects). */
  contests: number[];
  statuses: string[];
}

export const DEFAULT_SEARCH: TasksSearch = { kind: 'all', q: '', status: '', page: 1, contests: [], statuses: [] };

const CODE = /^[A-Z_]+$/;

function list(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string' && value) return value.split(',');
  if (typeof value === 'number') return [value];
  return [];
}

/** The URL's fields, each falling back to its default on its own (one bad value does not reset the rest). */
export const tasksSearchSchema = v.object({
  kind: defaultParam(v.picklist(TASK_KINDS), 'all'),
  q: defaultParam(v.pipe(textParam(200), v.transform((q) => (q.trim() ? q : ''))), ''),
  status: defaultParam(v.pipe(textParam(60), v.check((status) => CODE.test(status))), ''),
  page: defaultParam(intParam(1, 10_000), 1),
  contests: defaultParam(
    v.pipe(
      v.unknown(),
      v.transform((raw) => [...new Set(list(raw).map(Number).filter((n) => Number.isInteger(n) && n > 0))].slice(0, 50)),
    ),
    [],
  ),
  statuses: defaultParam(
    v.pipe(
      v.unknown(),
      v.transform((raw) => [...new Set(list(raw).map(String).filter((s) => CODE.test(s)))].slice(0, 20)),
    ),
    [],
  ),
});

/** The archive proper has its own route; only experts get the expertise list (SPEC §6). */
function narrowKind(search: TasksSearch, options: { isExpert: boolean; archiveRoute?: boolean }): TasksSearch {
  let kind = search.kind;
  if (kind === 'archive' && !options.archiveRoute) kind = 'all';
  if (kind === 'expert' && !options.isExpert) kind = 'all';
  if (options.archiveRoute) kind = 'archive';
  return kind === search.kind ? search : { ...search, kind };
}

export function parseTasksSearch(raw: Record<string, unknown>, options: { isExpert: boolean; archiveRoute?: boolean }): TasksSearch {
  return narrowKind(v.parse(tasksSearchSchema, raw), options);
}

/** The routes' validateSearch: the schema, the route's kind rule, then only non-default values. */
export const tasksRouteSearch = (options: { isExpert: boolean; archiveRoute?: boolean }) =>
  v.pipe(
    tasksSearchSchema,
    v.transform((search): Partial<TasksSearch> => compactSearch(narrowKind(search, options))),
  );

/** Only non-default values go into the URL. */
export function compactSearch(search: TasksSearch): Partial<TasksSearch> {
  const out: Partial<TasksSearch> = {};
  if (search.kind !== 'all' && search.kind !== 'archive') out.kind = search.kind;
  if (search.q) out.q = search.q;
  if (search.status && search.kind !== 'notes' && search.kind !== 'expert') out.status = search.status;
  if (search.page > 1) out.page = search.page;
  if (search.kind === 'expert' && search.contests.length) out.contests = search.contests;
  if (search.kind === 'expert' && search.statuses.length) out.statuses = search.statuses;
  return out;
}
