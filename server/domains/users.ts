import { forbidden, notFound, unprocessable } from '../lib/http';
import type { OperationHandlers } from '../lib/operations';
import { includesText, page } from '../lib/paging';
import { ROLE_NAMES, hasRole, type AuthUser, type Services, type StoredUser } from '../lib/services';

export async function loadUser(s: Services, id: number) {
  const row = await s.db.one<{ data: StoredUser }>('SELECT data FROM users WHERE id = $1', [id]);
  return row?.data ?? null;
}

/**
 * The User of the API with the expiry of its newest own token (the users table shows token validity, SPEC §2).
 * The token and renew token themselves are never part of a User: a session's secrets go only to whoever signed in
 * (setcode, renewtoken) and, for "log in as", a new access token to the administrator (openapi/main.yaml User).
 */
export async function withTokenExpiry(s: Services, user: StoredUser) {
  const token = await s.db.one<{ expires_at: string }>(
    'SELECT expires_at FROM tokens WHERE user_id = $1 AND impersonated_by IS NULL ORDER BY expires_at DESC LIMIT 1',
    [user.id],
  );
  return {
    ...user,
    role: user.groups.map((g) => ROLE_NAMES[g]).filter(Boolean).join(', ') || null,
    tokenExpireAt: token ? Number(token.expires_at) : null,
  };
}

export async function saveUser(s: Services, user: StoredUser) {
  await s.db.query(
    'INSERT INTO users (id, data) VALUES ($1, $2::jsonb) ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data',
    [user.id, JSON.stringify(user)],
  );
}

export async function allUsers(s: Services): Promise<StoredUser[]> {
  const rows = await s.db.query<{ data: StoredUser }>('SELECT data FROM users ORDER BY id');
  return rows.map((r) => r.data);
}

/** Public view of the current user (no secrets of other sessions). */
function me(user: AuthUser) {
  const { token: _token, impersonatedBy: _imp, ...rest } = user;
  return { ...rest, role: user.groups.map((g) => ROLE_NAMES[g]).join(', ') || null };
}

/** SPEC §6 route access: users — admin, monitor (4, 10), manager. */
const canSeeUsers = (user: AuthUser | null) => hasRole(user, 1, 2, 4, 10);

/**
 * SPEC §5 "Group assignment": two mutually exclusive role kinds exclude all other roles. The kinds are the two
 * back-office roles, Администратор (2) and Администратор конкурса (3); the client applies the same rule
 * (src/features/users/group-selection.ts) and the server refuses a mix.
 */
export const EXCLUSIVE_ROLE_IDS: readonly number[] = [2, 3];

const GROUP_DESCRIPTIONS: Record<number, string> = {
  1: 'Сопровождает проекты и задачи грантополучателей',
  2: 'Назначает роли, управляет токенами и сервисным сообщением',
  3: 'Ведёт конкурсы, формы и заявки второго контура',
  4: 'Проверяет содержание проектов и отчётов',
  5: 'Проводит экспертизу заявок и задач',
  7: 'Получатель гранта: выполняет задачи проекта',
  8: 'Подаёт заявки на конкурсы',
  10: 'Внешний мониторинг проектов',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const ADMIN_ROLE_ID = 2;
export const LAST_ADMIN_MESSAGE =
  'Нельзя снять роль «Администратор» с последнего администратора: назначьте администратором другого пользователя, затем измените эти группы';

export function userHandlers(s: Services): OperationHandlers {
  /** Whether a user other than `id` holds the administrator role (the last one may not lose it). */
  async function anotherAdminThan(id: number) {
    const row = await s.db.one<{ id: number }>(`SELECT id FROM users WHERE id <> $1 AND data->'groups' @> $2::jsonb LIMIT 1`, [
      id,
      JSON.stringify([ADMIN_ROLE_ID]),
    ]);
    return !!row;
  }

  async function search(query: Record<string, unknown>) {
    const users = await allUsers(s);
    const filtered = users.filter(
      (u) =>
        (query['filter[id]'] === undefined || u.id === Number(query['filter[id]'])) &&
        (query.id === undefined || u.id === Number(query.id)) &&
        includesText(u.fio, query['filter[name]']) &&
        (query['filter[group_id]'] === undefined || u.groups.includes(Number(query['filter[group_id]']))) &&
        includesText(u.email, query['filter[email]']) &&
        includesText(u.phone, query['filter[phone]']) &&
        includesText(u.city, query['filter[city]']) &&
        includesText(u.work_company, query['filter[work_company]']),
    );
    const paged = page(filtered, query);
    return { ...paged, items: await Promise.all(paged.items.map((u) => withTokenExpiry(s, u))) };
  }

  return {
    async usersInfo({ user }) {
      return me(user);
    },
    async usersGroups({ user }) {
      if (!canSeeUsers(user)) throw forbidden();
      return Object.entries(ROLE_NAMES).map(([id, name]) => ({ id: Number(id), name, description: GROUP_DESCRIPTIONS[Number(id)] ?? null }));
    },
    async usersSetGroups({ body, user }) {
      if (!hasRole(user, 2)) throw forbidden();
      const target = await loadUser(s, body.user_id);
      if (!target) throw notFound('Пользователь не найден');
      const groups = body.groups as number[];
      const unknown = groups.filter((g) => !ROLE_NAMES[g]);
      if (unknown.length) throw unprocessable([{ field: 'groups', message: `Неизвестная группа: ${unknown.join(', ')}` }]);
      const exclusive = groups.find((g) => EXCLUSIVE_ROLE_IDS.includes(g));
      if (exclusive !== undefined && groups.length > 1) {
        throw unprocessable([{ field: 'groups', message: `Роль «${ROLE_NAMES[exclusive]}» не совмещается с другими ролями` }]);
      }
      if (target.groups.includes(ADMIN_ROLE_ID) && !groups.includes(ADMIN_ROLE_ID) && !(await anotherAdminThan(target.id))) {
        throw unprocessable([{ field: 'groups', message: LAST_ADMIN_MESSAGE }]);
      }
      await saveUser(s, { ...target, groups: [...groups].sort((a, b) => a - b) });
      const names = groups.map((g) => ROLE_NAMES[g]).join(', ');
      return { success: true, message: names ? `Пользователю ${target.fio} назначены группы: ${names}` : `У пользователя ${target.fio} больше нет групп` };
    },
    async usersGet({ params, user }) {
      if (Number(params.id) !== user.id && !canSeeUsers(user)) throw forbidden();
      const target = await loadUser(s, Number(params.id));
      if (!target) throw notFound('Пользователь не найден');
      return withTokenExpiry(s, target);
    },
    async usersUpdate({ params, body, user }) {
      if (Number(params.id) !== user.id && !hasRole(user, 2)) throw forbidden('Можно изменять только свой профиль');
      const target = await loadUser(s, Number(params.id));
      if (!target) throw notFound('Пользователь не найден');
      // SPEC §5 "Profile": lengths are checked by the contract (names, phone 50; company, region, city 200).
      const changes: Partial<StoredUser> = {};
      for (const [key, value] of Object.entries(body as Record<string, string | null>)) {
        (changes as Record<string, string | null>)[key] = typeof value === 'string' ? value.trim() || null : null;
      }
      const errors = [];
      if ('lastname' in changes && !changes.lastname) errors.push({ field: 'lastname', message: 'Заполните поле' });
      if ('firstname' in changes && !changes.firstname) errors.push({ field: 'firstname', message: 'Заполните поле' });
      if (changes.email && !EMAIL.test(changes.email)) errors.push({ field: 'email', message: 'Введите корректный E-mail' });
      if (errors.length) throw unprocessable(errors);
      const next = { ...target, ...changes } as StoredUser;
      next.fio = [next.lastname, next.firstname, next.middlename].filter(Boolean).join(' ');
      await saveUser(s, next);
      return withTokenExpiry(s, next);
    },
    async usersList({ query, user }) {
      if (!canSeeUsers(user)) throw forbidden();
      return search(query);
    },
    async userSearch({ query, user }) {
      if (!canSeeUsers(user)) throw forbidden();
      return search(query);
    },
  };
}
