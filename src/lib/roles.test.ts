import { describe, expect, it } from 'vitest';
import { ROLE_IDS, canAccess, clientRoles, landingPath, menuFor, roleIdsFromGroups, type AppArea, type RoleId } from './roles';

const menuLabels = (ids: RoleId[]) => menuFor(clientRoles(ids)).map((m) => m.label);

describe('role ids → menu (SPEC §6 "Menu by role group")', () => {
  it.each<[RoleId, string[]]>([
    [1, ['Конкурсы', 'Мои задачи', 'Диагностика ЭП']],
    [2, ['Пользователи и роли', 'Сервисное сообщение', 'Диагностика ЭП']],
    [3, ['Диагностика ЭП']],
    [4, ['Проекты', 'Мои задачи', 'Диагностика ЭП']],
    [5, ['Конкурсы', 'Мои задачи', 'Диагностика ЭП']],
    [7, ['Проекты', 'Мои задачи', 'Диагностика ЭП']],
    [8, ['Конкурсы', 'Мои задачи', 'Архив', 'Диагностика ЭП']],
    [10, ['Проекты', 'Мои задачи', 'Диагностика ЭП']],
  ])('role %i sees %j', (id, labels) => {
    expect(menuLabels([id])).toEqual(labels);
  });

  it('covers every role id of SPEC §6', () => {
    expect([...ROLE_IDS]).toEqual([1, 2, 3, 4, 5, 7, 8, 10]);
  });

  it('merges the menus of several roles in menu-number order', () => {
    expect(menuLabels([7, 8])).toEqual(['Конкурсы', 'Проекты', 'Мои задачи', 'Архив', 'Диагностика ЭП']);
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

describe('landing route', () => {
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
