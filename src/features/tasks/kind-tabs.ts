import type { TaskKind } from './list-search';

// SPEC §2 task-list variants (tabs on wide screens, a select on phones); the list's search itself: list-search.ts, read
// by the route at match time and so part of every first load, which these labels need not be.

export interface KindTab {
  kind: TaskKind;
  label: string;
  /** SPEC §2: counts are shown on the first two variants; an expert's «Экспертиза» counts its own list too. */
  counted: 'count' | 'active-count' | 'expert-count' | null;
}

/**
 * SPEC §2 variants in order: Все, Требуют действий, Отработаны, Экспертиза (experts only, position 4), Просроченные,
 * Черновики. Reading: SPEC names the select option of "Отработаны" `archive`; the archive proper has its own route
 * (/tasks-archive, "Архив"), so "Отработаны" lists the worked-off points (the back end's `closed` kind: submitted,
 * in processing or finished). "Все" = Требуют действий + Отработаны + Просроченные.
 */
export function kindTabs(isExpert: boolean): KindTab[] {
  const tabs: KindTab[] = [
    { kind: 'all', label: 'Все', counted: 'count' },
    { kind: 'active', label: 'Требуют действий', counted: 'active-count' },
    { kind: 'closed', label: 'Отработаны', counted: null },
    { kind: 'expired', label: 'Просроченные', counted: null },
    { kind: 'notes', label: 'Черновики', counted: null },
  ];
  // The expertise list is the expert's reviews among all their tasks: they are in "Все" and, while they await the
  // expert, in "Требуют действий" too; its own tab counts its list.
  if (isExpert) tabs.splice(3, 0, { kind: 'expert', label: 'Экспертиза', counted: 'expert-count' });
  return tabs;
}

/** The task-kind select "Все задачи" (value "all") and its options. */
export function kindOptions(isExpert: boolean): { value: TaskKind; label: string }[] {
  return kindTabs(isExpert).map((t) => ({ value: t.kind, label: t.kind === 'all' ? 'Все задачи' : t.label }));
}
