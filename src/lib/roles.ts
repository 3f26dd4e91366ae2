/**
 * Role rules as data (SPEC §6; DESIGN.md convention 7). Everything that decides who sees what lives here.
 *
 * Readings chosen where SPEC §6 leaves things open (each is tested in roles.test.ts):
 * - Role ids → client roles: 1 manager, 2 admin, 3 contestAdmin, 4 and 10 monitor (both monitor kinds share the
 *   monitor rules; the crosswise flag mapping of SPEC §6 only matters for server flags), 5 expert, 7 grantee, 8 user.
 *   The "two further roles" of SPEC §6 are contestAdmin (3) and grantee (7).
 * - Menu groups of SPEC §6: admin → users, service message; user (8) and grantee (7) → competitions, tasks, archive;
 *   expert and manager → competitions and tasks; the two monitors (4, 10) → projects and tasks; everybody → diagnostics.
 *   Contest administrators have no screens in SPEC ("screens are not shown"), so they see diagnostics only.
 * - Every route a role may open is reachable by clicks (ROLE_MENU plus SCREEN_LINKS; reachability is tested per role):
 *   the groups above are the floor; a role also sees «Проекты» and «Пользователи и роли» when it may open them,
 *   and «Архив» and «Календарь» are links beside «Мои задачи» on the tasks screen. "/" leads to the first menu item.
 * - Diagnostics: SPEC gives two readings (route for admin, monitor, manager, expert / menu for all roles). We take
 *   "all roles": a menu item that leads to a redirect would be a broken promise.
 * - Grantees (Победитель) have the route access of ordinary users (programs, projects, calendar, tasks, archive).
 */
export const ROLE_IDS = [1, 2, 3, 4, 5, 7, 8, 10] as const;
export type RoleId = (typeof ROLE_IDS)[number];

export type ClientRole = 'manager' | 'admin' | 'contestAdmin' | 'monitor' | 'expert' | 'grantee' | 'user';

export const ROLE_BY_ID: Record<RoleId, ClientRole> = {
  1: 'manager',
  2: 'admin',
  3: 'contestAdmin',
  4: 'monitor',
  5: 'expert',
  7: 'grantee',
  8: 'user',
  10: 'monitor',
};

/** Guarded screens by the route ids used in the router. */
export type AppArea =
  | 'programs'
  | 'program-create'
  | 'tasks'
  | 'tasks-archive'
  | 'projects'
  | 'calendar'
  | 'users'
  | 'service-message'
  | 'diagnostics';

export const AREA_PATHS: Record<AppArea, string> = {
  programs: '/programs',
  'program-create': '/programs',
  tasks: '/tasks',
  'tasks-archive': '/tasks-archive',
  projects: '/projects',
  calendar: '/calendar',
  users: '/users',
  'service-message': '/service-message',
  diagnostics: '/diagnostics',
};

/** Allowed areas per client role (SPEC §6 route access). */
export const ROLE_AREAS: Record<ClientRole, readonly AppArea[]> = {
  user: ['programs', 'program-create', 'tasks', 'tasks-archive', 'projects', 'calendar', 'diagnostics'],
  grantee: ['programs', 'program-create', 'tasks', 'tasks-archive', 'projects', 'calendar', 'diagnostics'],
  expert: ['programs', 'tasks', 'tasks-archive', 'projects', 'diagnostics'],
  manager: ['programs', 'program-create', 'tasks', 'tasks-archive', 'projects', 'calendar', 'users', 'diagnostics'],
  monitor: ['projects', 'tasks', 'tasks-archive', 'calendar', 'users', 'diagnostics'],
  admin: ['users', 'diagnostics', 'service-message'],
  contestAdmin: ['diagnostics'],
};

export interface MenuItem {
  number: 1 | 2 | 3 | 4 | 5 | 6 | 7;
  label: string;
  area: AppArea;
  path: string;
}

/** SPEC §2 "Menu items by number". */
export const MENU_ITEMS: readonly MenuItem[] = [
  { number: 1, label: 'Конкурсы', area: 'programs', path: '/programs' },
  { number: 2, label: 'Проекты', area: 'projects', path: '/projects' },
  { number: 3, label: 'Мои задачи', area: 'tasks', path: '/tasks' },
  { number: 4, label: 'Архив', area: 'tasks-archive', path: '/tasks-archive' },
  { number: 5, label: 'Пользователи и роли', area: 'users', path: '/users' },
  { number: 6, label: 'Сервисное сообщение', area: 'service-message', path: '/service-message' },
  { number: 7, label: 'Диагностика ЭП', area: 'diagnostics', path: '/diagnostics' },
];

/** SPEC §6 "Menu by role group": the menu numbers each client role sees. */
export const ROLE_MENU: Record<ClientRole, readonly MenuItem['number'][]> = {
  admin: [5, 6, 7],
  user: [1, 2, 3, 4, 7],
  grantee: [1, 2, 3, 4, 7],
  expert: [1, 2, 3, 7],
  manager: [1, 2, 3, 5, 7],
  monitor: [2, 3, 5, 7],
  contestAdmin: [7],
};

/** Links a screen shows to other screens, for the roles that may open the target (beside «Мои задачи»). */
export interface ScreenLink {
  on: AppArea;
  label: string;
  area: AppArea;
}

export const SCREEN_LINKS: readonly ScreenLink[] = [
  { on: 'tasks', label: 'Архив', area: 'tasks-archive' },
  { on: 'tasks', label: 'Календарь', area: 'calendar' },
];

export function screenLinksFor(roles: readonly ClientRole[], on: AppArea): ScreenLink[] {
  return SCREEN_LINKS.filter((link) => link.on === on && canAccess(roles, link.area));
}

/** How a person reaches an area by clicks: a menu item, or a link on a screen the menu leads to; null when no click does. */
export type Click = { via: 'menu'; label: string } | { via: 'link'; menu: string; label: string };

export function clickTo(roles: readonly ClientRole[], area: AppArea): Click | null {
  const menu = menuFor(roles);
  const item = menu.find((m) => m.area === area);
  if (item) return { via: 'menu', label: item.label };
  for (const from of menu) {
    const link = screenLinksFor(roles, from.area).find((l) => l.area === area);
    if (link) return { via: 'link', menu: from.label, label: link.label };
  }
  return null;
}

/** Group ids arrive as numbers, numeric strings or objects with groupId (SPEC §3 User.groups). */
export function roleIdsFromGroups(groups: unknown): RoleId[] {
  if (!Array.isArray(groups)) return [];
  const ids = new Set<RoleId>();
  for (const g of groups) {
    const raw = typeof g === 'object' && g !== null ? (g as { groupId?: unknown; id?: unknown }).groupId ?? (g as { id?: unknown }).id : g;
    const id = typeof raw === 'string' ? Number(raw) : raw;
    if (typeof id === 'number' && (ROLE_IDS as readonly number[]).includes(id)) ids.add(id as RoleId);
  }
  return [...ids].sort((a, b) => a - b);
}

export function clientRoles(roleIds: readonly RoleId[]): ClientRole[] {
  return [...new Set(roleIds.map((id) => ROLE_BY_ID[id]))];
}

export function canAccess(roles: readonly ClientRole[], area: AppArea): boolean {
  return roles.some((role) => ROLE_AREAS[role].includes(area));
}

/** Where "/" leads and where a refused route sends the user: the first item of the role's menu; null when the user
 * has no roles (support page). */
export function landingPath(roles: readonly ClientRole[]): string | null {
  return menuFor(roles)[0]?.path ?? null;
}

export function menuFor(roles: readonly ClientRole[]): MenuItem[] {
  const numbers = new Set(roles.flatMap((role) => ROLE_MENU[role]));
  return MENU_ITEMS.filter((item) => numbers.has(item.number));
}

export const isExpert = (roles: readonly ClientRole[]) => roles.includes('expert');
export const isAdmin = (roles: readonly ClientRole[]) => roles.includes('admin');

/** Administrators assign groups, refresh tokens and log in as other users (SPEC §6 "Other rules"). */
export const canManageUsers = (roles: readonly ClientRole[]) => isAdmin(roles);
