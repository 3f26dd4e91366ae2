import { describe, expect, it } from 'vitest';
import { canManageUsers, clientRoles, type RoleId } from './roles';

describe('canManageUsers (SPEC §6: administrators assign groups, refresh tokens, log in as)', () => {
  it.each<[RoleId[], boolean]>([
    [[2], true],
    [[1], false],
    [[4], false],
    [[10], false],
    [[5, 8], false],
  ])('role ids %j → %s', (ids, expected) => {
    expect(canManageUsers(clientRoles(ids))).toBe(expected);
  });
});
