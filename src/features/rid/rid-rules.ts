import type { components } from '@/lib/api/generated/main';
import { formatMoscowIso, formatMoscowTime, parseMoscowIso } from '@/lib/moscow-time';
import { fromToday } from '@/lib/relative-days';

export type Rid = components['schemas']['Rid'];
export type RidStatus = Rid['status'];
export type RidSource = Rid['source'];

/** SPEC §4 "RID": status and source labels. */
export const RID_STATUS_LABELS: Record<RidStatus, string> = {
  pending: 'К исполнению',
  applied: 'Подана заявка',
  registered: 'Зарегистрирован',
};
export const RID_SOURCE_LABELS: Record<RidSource, string> = {
  planned: 'По договору',
  unplanned: 'Внеплановый',
};
export const RID_STATUSES: RidStatus[] = ['pending', 'applied', 'registered'];
export const RID_SOURCES: RidSource[] = ['planned', 'unplanned'];

/** SPEC §3: title, or info.title. */
export function ridTitle(rid: Rid): string {
  return rid.title?.trim() || rid.info?.title?.trim() || 'Без названия';
}

/** SPEC §4: "A pending planned RID can be submitted (opens the task page for that RID). Other RIDs can be updated". */
export const canSubmit = (rid: Rid) => rid.status === 'pending' && rid.source === 'planned';

function applicationTime(rid: Rid): number | null {
  return parseMoscowIso(rid.info?.application?.date);
}

const STATUS_ORDER: Record<RidStatus, number> = { pending: 0, applied: 1, registered: 2 };

/** Missing dates go last whatever the direction, so that dated cards keep the documented order. */
function compareNullable(a: number | null, b: number | null, direction: 1 | -1): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return (a - b) * direction;
}

/**
 * SPEC §4 card order: pending, then applied, then registered; pending by planned date ascending, applied by
 * application date ascending, registered by application date descending. Ties keep the server order.
 */
export function sortRids(rids: readonly Rid[]): Rid[] {
  return (
    rids
      // Each application date is parsed once, not in every comparison (thousands of RIDs stay fast).
      .map((rid, index) => ({ rid, index, applied: rid.status === 'pending' ? null : applicationTime(rid) }))
      .sort((x, y) => {
        const a = x.rid;
        const b = y.rid;
        const byStatus = STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
        if (byStatus !== 0) return byStatus;
        const byDate =
          a.status === 'pending'
            ? compareNullable(a.plannedAt ?? null, b.plannedAt ?? null, 1)
            : compareNullable(x.applied, y.applied, a.status === 'applied' ? 1 : -1);
        return byDate !== 0 ? byDate : x.index - y.index;
      })
      .map(({ rid }) => rid)
  );
}

export interface RidFilters {
  source: RidSource | 'all';
  status: RidStatus | 'all';
}

export const DEFAULT_RID_FILTERS: RidFilters = { source: 'all', status: 'all' };

export interface FilterOption<T extends string> {
  value: T | 'all';
  label: string;
  count: number;
}

const matchesSource = (rid: Rid, source: RidFilters['source']) => source === 'all' || rid.source === source;
const matchesStatus = (rid: Rid, status: RidFilters['status']) => status === 'all' || rid.status === status;

export function applyRidFilters(rids: readonly Rid[], filters: RidFilters): Rid[] {
  return rids.filter((rid) => matchesSource(rid, filters.source) && matchesStatus(rid, filters.status));
}

/**
 * SPEC §4: "Source and status filters count each other, options with zero count are hidden, default is all".
 * Source options are counted among the RIDs that pass the status filter, and the other way round; "Все" always stays.
 */
export function ridFilterOptions(rids: readonly Rid[], filters: RidFilters): { source: FilterOption<RidSource>[]; status: FilterOption<RidStatus>[] } {
  const byStatus = rids.filter((rid) => matchesStatus(rid, filters.status));
  const bySource = rids.filter((rid) => matchesSource(rid, filters.source));
  const source: FilterOption<RidSource>[] = [
    { value: 'all', label: 'Все', count: byStatus.length },
    ...RID_SOURCES.map((value) => ({ value, label: RID_SOURCE_LABELS[value], count: byStatus.filter((r) => r.source === value).length })),
  ];
  const status: FilterOption<RidStatus>[] = [
    { value: 'all', label: 'Все', count: bySource.length },
    ...RID_STATUSES.map((value) => ({ value, label: RID_STATUS_LABELS[value], count: bySource.filter((r) => r.status === value).length })),
  ];
  return {
    source: source.filter((o) => o.value === 'all' || o.count > 0),
    status: status.filter((o) => o.value === 'all' || o.count > 0),
  };
}

/** A selection whose option has disappeared (e.g. after a reload) falls back to "all". */
export function normaliseRidFilters(rids: readonly Rid[], filters: RidFilters): RidFilters {
  const next = { ...filters };
  // The status is the narrower choice, so it goes first; the source then stands on its own.
  if (next.status !== 'all' && !rids.some((r) => r.status === next.status && matchesSource(r, next.source))) next.status = 'all';
  if (next.source !== 'all' && !rids.some((r) => r.source === next.source && matchesStatus(r, next.status))) next.source = 'all';
  return next;
}

/**
 * SPEC §4: pending shows the planned date with a relative note such as "просрочено на …" or "через …".
 * plannedAt is unix time in seconds. A planned date is a day, so whole Moscow calendar days are compared.
 */
export function plannedNote(plannedAt: number | null | undefined, nowMs: number): { text: string; overdue: boolean } | null {
  if (plannedAt === null || plannedAt === undefined) return null;
  const note = fromToday(plannedAt * 1000, nowMs);
  if (!note) return null;
  if (note.days === 0) return { text: 'срок сегодня', overdue: false };
  if (note.days < 0) return { text: `просрочено на ${note.relative.replace(/\s*назад$/, '')}`, overdue: true };
  return { text: note.relative, overdue: false };
}

/** SPEC §9: dates are shown DD.MM.YYYY. Accepts ISO dates or unix seconds. */
export function formatRidDate(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'number' ? formatMoscowTime(value * 1000, false) : formatMoscowIso(value, false);
}
