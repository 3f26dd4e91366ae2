import type { RoleId } from './roles';

/**
 * The portal's role names as people read them (the header's role line, the users screen). Apart from roles.ts, which
 * the startup chunk needs for its access rules: names are only shown on signed-in screens, so they load with them.
 */
export const ROLE_NAMES: Record<RoleId, string> = {
  1: 'Менеджер',
  2: 'Администратор',
  3: 'Администратор конкурса',
  4: 'Монитор по содержанию',
  5: 'Эксперт',
  7: 'Победитель',
  8: 'Пользователь',
  10: 'Монитор внешний',
};
