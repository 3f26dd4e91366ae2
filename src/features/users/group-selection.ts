import type { RoleId } from '@/lib/roles';

/**
 * SPEC §5 "Group assignment": two mutually exclusive role kinds exclude all other roles; choosing another role
 * deselects them. SPEC does not say which ids form the kinds; we take the two back-office roles, each a kind of
 * its own: Администратор (2) — its menu is users, service message and diagnostics only — and Администратор
 * конкурса (3), who works in the contest back office. The reference back end refuses a mix the same way.
 */
export const EXCLUSIVE_ROLE_KINDS: readonly (readonly RoleId[])[] = [[2], [3]];

const kindOf = (id: number) => EXCLUSIVE_ROLE_KINDS.find((kind) => (kind as readonly number[]).includes(id));

/** The selection after ticking (checked) or unticking one role in the group-assignment dialog. */
export function toggleGroupSelection(selected: readonly number[], id: number, checked: boolean): number[] {
  if (!checked) return selected.filter((g) => g !== id);
  const kind = kindOf(id);
  // An exclusive role keeps only the roles of its own kind; any other role drops every exclusive one.
  const kept = kind ? selected.filter((g) => (kind as readonly number[]).includes(g)) : selected.filter((g) => !kindOf(g));
  return [...new Set([...kept, id])].sort((a, b) => a - b);
}
