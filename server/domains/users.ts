import { forbidden, notFound, unprocessable } from '../lib/http';
import type { Handlers } from '../lib/router';
import { includesText, page } from '../lib/paging';
import { ROLE_NAMES, hasRole, type AuthUser, type Services, type StoredUser } from '../lib/services';

export async function loadUser(s: Services, id: number, options: { withToken?: boolean } = {}) {
  const row = await s.db.one<{ data: StoredUser }>('SELECT data FROM users WHERE id = $1', [id]);
  if (!row) return null;
  if (!options.withToken) return row.data;
  return withToken(s, row.data);
}

/** The User of the API with its newest own token (the users table shows token validity, SPEC §2). */
async function withToken(s: Services, user: StoredUser) {
  const token = await s.db.one<{ token: string; renew_token: string; expires_at: string }>(
    'SELECT token, renew_token, expires_at FROM tokens WHERE user_id = $1 AND impersonated_by IS NULL ORDER BY expires_at DESC LIMIT 1',
    [user.id],
  );
  return {
    ...user,
    role: user.groups.map((g) => ROLE_NAMES[g]).filter(Boolean).join(', ') || null,
    token: token?.token ?? null,
    renew_token: token?.renew_token ?? null,
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

const canSeeUsers = (user: AuthUser | null) => hasRole(user, 1, 2, 4, 10);

export function userHandlers(s: Services): Handlers<AuthUser | null> {
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
    return { ...paged, items: await Promise.all(paged.items.map((u) => withToken(s, u))) };
  }

  return {
    async usersInfo({ user }) {
      return me(user!);
    },
    async usersGroups() {
      return Object.entries(ROLE_NAMES).map(([id, name]) => ({ id: Number(id), name, description: null }));
    },
    async usersSetGroups({ body, user }) {
      if (!hasRole(user, 2)) throw forbidden();
      const target = await loadUser(s, body.user_id);
      if (!target) throw notFound('Пользователь не найден');
      const unknown = (body.groups as number[]).filter((g) => !ROLE_NAMES[g]);
      if (unknown.length) throw unprocessable([{ field: 'groups', message: `Неизвестная группа: ${unknown.join(', ')}` }]);
      await saveUser(s, { ...target, groups: [...body.groups].sort((a: number, b: number) => a - b) });
      return withToken(s, (await loadUser(s, target.id))!);
    },
    async usersGet({ params, user }) {
      if (Number(params.id) !== user!.id && !canSeeUsers(user)) throw forbidden();
      const target = await loadUser(s, Number(params.id));
      if (!target) throw notFound('Пользователь не найден');
      return withToken(s, target);
    },
    async usersUpdate({ params, body, user }) {
      if (Number(params.id) !== user!.id && !hasRole(user, 2)) throw forbidden('Можно изменять только свой профиль');
      const target = await loadUser(s, Number(params.id));
      if (!target) throw notFound('Пользователь не найден');
      const next = { ...target, ...body };
      next.fio = [next.lastname, next.firstname, next.middlename].filter(Boolean).join(' ');
      await saveUser(s, next);
      return withToken(s, next);
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
