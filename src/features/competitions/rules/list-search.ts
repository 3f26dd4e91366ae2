import * as v from 'valibot';
import { defaultParam, textParam } from '@/components/search-params';

/**
 * SPEC §2 "Competitions list": the filters kept in the URL. The route validates its search with these at match time, so
 * this module is part of every first load: the list's own rules (filtering, grouping) are in list.ts, with the list.
 */
export const ACCEPTING_STATUS = 'Прием заявок';

export interface CompetitionFilters {
  q: string;
  status: string | null;
  hasTasks: boolean;
  mine: boolean;
}

export const EMPTY_FILTERS: CompetitionFilters = { q: '', status: null, hasTasks: false, mine: false };

const flag = defaultParam(v.pipe(v.unknown(), v.check((raw) => raw === true || raw === 'true' || raw === 1 || raw === '1'), v.transform(() => true)), false);

/** URL search → filters; anything unexpected falls back to the default (DESIGN.md convention 2). */
const filtersSchema = v.pipe(
  v.object({
    q: defaultParam(textParam(200), ''),
    status: defaultParam(v.nullable(v.picklist([ACCEPTING_STATUS])), null),
    tasks: flag,
    mine: flag,
  }),
  v.transform(({ tasks, mine, ...rest }): CompetitionFilters => ({ ...rest, hasTasks: tasks, mine })),
);

export function parseFilters(search: Record<string, unknown>): CompetitionFilters {
  return v.parse(filtersSchema, search);
}

/** The route's validateSearch: the filters, defaults left out. */
export const competitionsRouteSearch = v.pipe(filtersSchema, v.transform((filters) => filtersToSearch(filters)));

/** Filters → URL search (defaults left out, so a clean URL means no filter). */
export function filtersToSearch(filters: CompetitionFilters): { q?: string; status?: typeof ACCEPTING_STATUS; tasks?: boolean; mine?: boolean } {
  return {
    ...(filters.q.trim() ? { q: filters.q } : {}),
    // The one status filter there is (the URL accepts nothing else).
    ...(filters.status === ACCEPTING_STATUS ? { status: ACCEPTING_STATUS } : {}),
    ...(filters.hasTasks ? { tasks: true } : {}),
    ...(filters.mine ? { mine: true } : {}),
  };
}

