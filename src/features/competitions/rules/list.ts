import type { CompetitionFilters } from './list-search';

// SPEC §2 "Competitions list": filtering and grouping by group code (the filters themselves: list-search.ts).

export const filtersActive = (f: CompetitionFilters) => f.q.trim() !== '' || f.status !== null || f.hasTasks || f.mine;

interface Filterable {
  name: string;
  fullName?: string | null;
  code1C: string;
  status?: string | null;
  hasActivePoints: boolean;
  hasUserActivePoints: boolean;
}

export function applyFilters<T extends Filterable>(list: readonly T[], f: CompetitionFilters): T[] {
  const needle = f.q.trim().toLocaleLowerCase('ru');
  return list.filter(
    (c) =>
      (!needle || [c.name, c.fullName ?? '', c.code1C].some((s) => s.toLocaleLowerCase('ru').includes(needle))) &&
      (!f.status || c.status === f.status) &&
      (!f.hasTasks || c.hasActivePoints) &&
      (!f.mine || c.hasUserActivePoints),
  );
}

export interface GroupedList<T> {
  groups: { code: string; name: string; items: T[] }[];
  ungrouped: T[];
}

/** Competitions with a group code go into their group (in the groups' order); any active filter flattens the list. */
export function groupCompetitions<T extends { groupCode?: string | null }>(
  list: readonly T[],
  groups: readonly { code: string; name: string; sort?: number }[],
  flat: boolean,
): GroupedList<T> {
  if (flat) return { groups: [], ungrouped: [...list] };
  // A group code names one group: a repeated entry (a broken answer) must not repeat its competitions.
  const codes = new Set<string>();
  const known = [...groups].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0)).filter((g) => !codes.has(g.code) && !!codes.add(g.code));
  const result: GroupedList<T> = { groups: [], ungrouped: [] };
  for (const g of known) {
    const items = list.filter((c) => c.groupCode === g.code);
    if (items.length) result.groups.push({ code: g.code, name: g.name, items });
  }
  // A group code the groups call does not know still groups its competitions (named by its code).
  for (const c of list) {
    if (!c.groupCode) result.ungrouped.push(c);
    else if (!known.some((g) => g.code === c.groupCode)) {
      let group = result.groups.find((g) => g.code === c.groupCode);
      if (!group) result.groups.push((group = { code: c.groupCode, name: c.groupCode, items: [] }));
      group.items.push(c);
    }
  }
  return result;
}

/** A competition's address: /programs/{code1C}, or the id when there is no code (SPEC §2 "Подробнее"). */
export const competitionPathId = (c: { id: number; code1C?: string | null }) => c.code1C || String(c.id);
