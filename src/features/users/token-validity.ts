import { DateTime } from 'luxon';
import { MOSCOW_ZONE } from '@/lib/limits';

export type TokenState = 'valid' | 'expired' | 'none';

export interface TokenValidity {
  state: TokenState;
  label: string;
}

/**
 * The token-validity column of the users table (SPEC §2): the expiry of the user's token (unix seconds, SPEC §3
 * tokenExpireAt), shown DD.MM.YYYY HH:mm in Moscow time. "Log in as" is offered only while it is valid (SPEC §6).
 */
export function tokenValidity(tokenExpireAt: number | null | undefined, nowMs: number): TokenValidity {
  if (tokenExpireAt === null || tokenExpireAt === undefined || !Number.isFinite(tokenExpireAt)) return { state: 'none', label: 'Нет токена' };
  const expiresMs = tokenExpireAt < 1e12 ? tokenExpireAt * 1000 : tokenExpireAt;
  const when = DateTime.fromMillis(expiresMs, { zone: MOSCOW_ZONE }).toFormat('dd.MM.yyyy HH:mm');
  return expiresMs > nowMs ? { state: 'valid', label: `Действует до ${when}` } : { state: 'expired', label: `Истёк ${when}` };
}

export const canLogInAs = (tokenExpireAt: number | null | undefined, nowMs: number) => tokenValidity(tokenExpireAt, nowMs).state === 'valid';
