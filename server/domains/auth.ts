import { randomBytes } from 'node:crypto';
import { HttpError, forbidden, notFound, unprocessable } from '../lib/http';
import type { OperationHandlers } from '../lib/operations';
import type { Operation } from '../lib/spec';
import { hasRole, type AuthUser, type Services } from '../lib/services';
import { loadUser, withTokenExpiry } from './users';

/** Codes from the demo sign-on page live this long (seconds) and work once. */
const CODE_TTL_SECONDS = 300;
/** A renew token stays usable this long after its access token expired. */
const RENEW_GRACE_SECONDS = 7 * 24 * 3600;

const newSecret = () => randomBytes(24).toString('hex');

export async function issueCode(s: Services, userId: number): Promise<string> {
  const code = randomBytes(16).toString('hex');
  await s.db.query('INSERT INTO auth_codes (code, user_id, created_at) VALUES ($1, $2, $3)', [code, userId, s.clock.nowSeconds()]);
  return code;
}

export async function issueToken(s: Services, userId: number, impersonatedBy: number | null = null) {
  const token = newSecret();
  const renew = newSecret();
  const now = s.clock.nowSeconds();
  const expiresAt = now + s.tokenTtlSeconds;
  await s.db.query(
    'INSERT INTO tokens (token, user_id, expires_at, renew_token, created_at, impersonated_by) VALUES ($1, $2, $3, $4, $5, $6)',
    [token, userId, expiresAt, renew, now, impersonatedBy],
  );
  await s.db.query(`UPDATE users SET data = jsonb_set(data, '{logged_at}', to_jsonb($2::bigint)) WHERE id = $1`, [userId, now]);
  return { result: { token, tokenExpireAt: expiresAt, renew_token: renew } };
}

/** Resolves the bearer token of a request; secured operations demand a live one (SPEC §8: 401). */
export function authenticator(s: Services) {
  return async (token: string | null, op: Operation): Promise<AuthUser | null> => {
    if (!token) {
      if (op.secured) throw new HttpError(401, 'Требуется авторизация');
      return null;
    }
    const row = await s.db.one<{ user_id: number; expires_at: string; impersonated_by: number | null }>(
      'SELECT user_id, expires_at, impersonated_by FROM tokens WHERE token = $1',
      [token],
    );
    if (!row || Number(row.expires_at) <= s.clock.nowSeconds()) {
      if (op.secured) throw new HttpError(401, row ? 'Срок действия токена истёк' : 'Токен недействителен');
      return null;
    }
    const user = await loadUser(s, row.user_id);
    if (!user) throw new HttpError(401, 'Пользователь не найден');
    return { ...user, token, impersonatedBy: row.impersonated_by };
  };
}

export function authHandlers(s: Services): OperationHandlers {
  return {
    async authSetCode({ query }) {
      const code = String(query.code);
      const row = await s.db.one<{ user_id: number; created_at: string; used_at: string | null }>(
        'SELECT user_id, created_at, used_at FROM auth_codes WHERE code = $1',
        [code],
      );
      if (!row) throw unprocessable([{ field: 'code', message: 'Код авторизации не найден. Повторите вход.' }]);
      if (row.used_at) throw unprocessable([{ field: 'code', message: 'Код авторизации уже использован. Повторите вход.' }]);
      if (Number(row.created_at) + CODE_TTL_SECONDS < s.clock.nowSeconds()) {
        throw unprocessable([{ field: 'code', message: 'Срок действия кода авторизации истёк. Повторите вход.' }]);
      }
      await s.db.query('UPDATE auth_codes SET used_at = $2 WHERE code = $1', [code, s.clock.nowSeconds()]);
      return issueToken(s, row.user_id);
    },

    async authRenewToken({ body }) {
      const row = await s.db.one<{ token: string; user_id: number; expires_at: string; impersonated_by: number | null }>(
        'SELECT token, user_id, expires_at, impersonated_by FROM tokens WHERE renew_token = $1',
        [body.renew_token],
      );
      if (!row || Number(row.expires_at) + RENEW_GRACE_SECONDS < s.clock.nowSeconds()) {
        throw new HttpError(401, 'Токен обновления недействителен. Войдите снова.');
      }
      await s.db.query('DELETE FROM tokens WHERE token = $1', [row.token]);
      return issueToken(s, row.user_id, row.impersonated_by);
    },

    async authLoginAs({ params, user }) {
      if (!hasRole(user, 2)) throw forbidden();
      const target = await loadUser(s, Number(params.id));
      if (!target) throw notFound('Пользователь не найден');
      const live = await s.db.one<{ token: string }>(
        'SELECT token FROM tokens WHERE user_id = $1 AND expires_at > $2 AND impersonated_by IS NULL LIMIT 1',
        [target.id, s.clock.nowSeconds()],
      );
      // SPEC §6: log in as another user only if that user's token has not expired.
      if (!live) throw unprocessable([{ field: 'id', message: 'Токен пользователя истёк: вход от его имени невозможен' }]);
      // Only an access token: the session ends with it; a renew token of another user's session is never handed out.
      const { result } = await issueToken(s, target.id, user.id);
      return { result: { token: result.token, tokenExpireAt: result.tokenExpireAt } };
    },

    async usersRefreshToken({ params, user }) {
      if (!hasRole(user, 2)) throw forbidden();
      const target = await loadUser(s, Number(params.id));
      if (!target) throw notFound('Пользователь не найден');
      // The user's current sessions end: that is the warning the admin confirms (SPEC §6).
      await s.db.query('DELETE FROM tokens WHERE user_id = $1 AND impersonated_by IS NULL', [target.id]);
      await issueToken(s, target.id);
      return withTokenExpiry(s, target);
    },
  };
}
