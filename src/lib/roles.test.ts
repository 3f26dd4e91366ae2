import { describe, expect, it } from 'vitest';
import { ROLE_IDS, ROLE_MENU, ROLE_AREAS, canAccess, clickTo, clientRoles, landingPath, menuFor, roleIdsFromGroups, type AppArea, type ClientRole, type RoleId } from './roles';

const menuLabels = (ids: RoleId[]) => menuFor(clientRoles(ids)).map((m) => m.label);

describe('role ids → menu (SPEC §6 "Menu by role group", widened so every allowed route is reachable)', () => {
  it.each<[RoleId, string[]]>([
    [1, ['Конкурсы', 'Проекты', 'Мои задачи', 'Пользователи и роли', 'Диагностика ЭП']],
    [2, ['Пользователи и роли', 'Сервисное сообщение', 'Диагностика ЭП']],
    [3, ['Диагностика ЭП']],
    [4, ['Проекты', 'Мои задачи', 'Пользователи и роли', 'Диагностика ЭП']],
    [5, ['Конкурсы', 'Проекты', 'Мои задачи', 'Диагностика ЭП']],
    [7, ['Конкурсы', 'Проекты', 'Мои задачи', 'Архив', 'Диагностика ЭП']],
    [8, ['Конкурсы', 'Проекты', 'Мои задачи', 'Архив', 'Диагностика ЭП']],
    [10, ['Проекты', 'Мои задачи', 'Пользователи и роли', 'Диагностика ЭП']],
  ])('role %i sees %j', (id, labels) => {
    expect(menuLabels([id])).toEqual(labels);
  });

  it('covers every role id of SPEC §6', () => {
    expect([...ROLE_IDS]).toEqual([1, 2, 3, 4, 5, 7, 8, 10]);
  });

  it('merges the menus of several roles in menu-number order', () => {
    expect(menuLabels([4, 5])).toEqual(['Конкурсы', 'Проекты', 'Мои задачи', 'Пользователи и роли', 'Диагностика ЭП']);
  });

  it('everybody sees diagnostics', () => {
    for (const id of ROLE_IDS) expect(menuLabels([id])).toContain('Диагностика ЭП');
  });
});

describe('route access (SPEC §6 "Route access")', () => {
  const table: [AppArea, RoleId[]][] = [
    ['programs', [1, 5, 7, 8]],
    ['service-message', [2]],
    ['calendar', [1, 4, 7, 8, 10]],
    ['projects', [1, 4, 5, 7, 8, 10]],
    ['tasks', [1, 4, 5, 7, 8, 10]],
    ['tasks-archive', [1, 4, 5, 7, 8, 10]],
    ['users', [1, 2, 4, 10]],
    // Reading chosen: diagnostics open to every role (the menu shows it to all).
    ['diagnostics', [1, 2, 3, 4, 5, 7, 8, 10]],
  ];
  it.each(table)('%s is open to exactly %j', (area, allowed) => {
    const actual = ROLE_IDS.filter((id) => canAccess(clientRoles([id]), area));
    expect(actual).toEqual(allowed);
  });

  it('monitors never reach competitions (SPEC §6: "not monitor")', () => {
    expect(canAccess(clientRoles([4]), 'programs')).toBe(false);
    expect(canAccess(clientRoles([10]), 'programs')).toBe(false);
  });
});

describe('landing route: the first item of the role\'s own menu', () => {
  it.each<[RoleId[], string | null]>([
    [[8], '/programs'],
    [[7], '/programs'],
    [[5], '/programs'],
    [[1], '/programs'],
    [[4], '/projects'],
    [[10], '/projects'],
    [[2], '/users'],
    [[3], '/diagnostics'],
    [[], null],
  ])('roles %j land on %s', (ids, path) => {
    expect(landingPath(clientRoles(ids))).toBe(path);
    if (path) expect(menuFor(clientRoles(ids))[0]?.path).toBe(path);
  });
});

const M = (label: string) => `menu «${label}»`;
const L = (menu: string, label: string) => `«${menu}» → «${label}»`;
const describeClick = (role: ClientRole, area: AppArea) => {
  const click = clickTo([role], area);
  return click === null ? null : click.via === 'menu' ? M(click.label) : L(click.menu, click.label);
};

describe('role × route → the click that reaches it (null: the route is refused with a message)', () => {
  const routes: AppArea[] = ['programs', 'projects', 'tasks', 'tasks-archive', 'calendar', 'users', 'service-message', 'diagnostics'];
  const table: Record<ClientRole, (string | null)[]> = {
    // programs, projects, tasks, tasks-archive, calendar, users, service-message, diagnostics
    user: [M('Конкурсы'), M('Проекты'), M('Мои задачи'), M('Архив'), L('Мои задачи', 'Календарь'), null, null, M('Диагностика ЭП')],
    grantee: [M('Конкурсы'), M('Проекты'), M('Мои задачи'), M('Архив'), L('Мои задачи', 'Календарь'), null, null, M('Диагностика ЭП')],
    expert: [M('Конкурсы'), M('Проекты'), M('Мои задачи'), L('Мои задачи', 'Архив'), null, null, null, M('Диагностика ЭП')],
    manager: [M('Конкурсы'), M('Проекты'), M('Мои задачи'), L('Мои задачи', 'Архив'), L('Мои задачи', 'Календарь'), M('Пользователи и роли'), null, M('Диагностика ЭП')],
    monitor: [null, M('Проекты'), M('Мои задачи'), L('Мои задачи', 'Архив'), L('Мои задачи', 'Календарь'), M('Пользователи и роли'), null, M('Диагностика ЭП')],
    admin: [null, null, null, null, null, M('Пользователи и роли'), M('Сервисное сообщение'), M('Диагностика ЭП')],
    contestAdmin: [null, null, null, null, null, null, null, M('Диагностика ЭП')],
  };
  it.each(Object.entries(table) as [ClientRole, (string | null)[]][])('%s', (role, clicks) => {
    expect(routes.map((area) => describeClick(role, area))).toEqual(clicks);
  });

  it('every route a role may open is reachable by a click, and no click leads to a refused route', () => {
    for (const role of Object.keys(ROLE_MENU) as ClientRole[]) {
      for (const area of routes) expect(clickTo([role], area) !== null, `${role} ${area}`).toBe(ROLE_AREAS[role].includes(area));
      for (const item of menuFor([role])) expect(canAccess([role], item.area), `${role} ${item.label}`).toBe(true);
    }
  });
});

describe('roleIdsFromGroups (SPEC §3: role ids, or objects with groupId)', () => {
  it.each<[unknown, RoleId[]]>([
    [[7, 8], [7, 8]],
    [[{ groupId: 2 }, { groupId: 5, name: 'Эксперт' }], [2, 5]],
    [['4', 10], [4, 10]],
    [[6, 9, 99, null, 'x'], []],
    [null, []],
    [[8, 8, { groupId: 8 }], [8]],
  ])('%j → %j', (groups, ids) => {
    expect(roleIdsFromGroups(groups)).toEqual(ids);
  });
});
