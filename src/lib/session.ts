import { forgetScreenSnapshots } from './screen-snapshot';

/**
 * Token storage (SPEC §3: access_token and access_token_expires in local storage).
 * Expiry is kept as epoch milliseconds; the server's tokenExpireAt (unix seconds or ISO) is normalised on save.
 */
export const TOKEN_KEY = 'access_token';
export const EXPIRES_KEY = 'access_token_expires';
const RENEW_KEY = 'renew_token';
const RETURN_KEY = 'return_route';
/** The administrator's own session while "log in as" is active (SPEC §6), kept apart from the impersonated one. */
export const ADMIN_BACKUP_KEY = 'admin_session_backup';

/** Renew this long before expiry so that a call never leaves with a token that dies in flight. */
export const RENEW_MARGIN_MS = 60_000;

export interface StoredSession {
  token: string;
  expiresAt: number | null;
  renewToken: string | null;
}

type Listener = (session: StoredSession | null) => void;
const listeners = new Set<Listener>();

export function normaliseExpiry(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' && Number.isFinite(value)) {
    // Unix seconds (10 digits) or milliseconds.
    return value < 1e12 ? value * 1000 : value;
  }
  if (typeof value === 'string') {
    if (/^\d+$/.test(value)) return normaliseExpiry(Number(value));
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

export function readSession(storage: Storage = localStorage): StoredSession | null {
  const token = storage.getItem(TOKEN_KEY);
  if (!token) return null;
  const expires = storage.getItem(EXPIRES_KEY);
  return {
    token,
    expiresAt: expires ? Number(expires) || null : null,
    renewToken: storage.getItem(RENEW_KEY),
  };
}

export function saveSession(
  input: { token: string; tokenExpireAt?: unknown; renewToken?: string | null },
  storage: Storage = localStorage,
): StoredSession {
  const expiresAt = normaliseExpiry(input.tokenExpireAt);
  storage.setItem(TOKEN_KEY, input.token);
  if (expiresAt) storage.setItem(EXPIRES_KEY, String(expiresAt));
  else storage.removeItem(EXPIRES_KEY);
  if (input.renewToken) storage.setItem(RENEW_KEY, input.renewToken);
  else if (input.renewToken === null) storage.removeItem(RENEW_KEY);
  const session = readSession(storage)!;
  emit(session);
  return session;
}

export function clearSession(storage: Storage = localStorage): void {
  storage.removeItem(TOKEN_KEY);
  storage.removeItem(EXPIRES_KEY);
  storage.removeItem(RENEW_KEY);
  emit(null);
}

export function isExpired(session: StoredSession | null, now = Date.now()): boolean {
  if (!session) return true;
  return session.expiresAt !== null && session.expiresAt <= now;
}

export function needsRenewal(session: StoredSession | null, now = Date.now()): boolean {
  if (!session || session.expiresAt === null) return false;
  return session.expiresAt - RENEW_MARGIN_MS <= now;
}

export function getToken(storage: Storage = localStorage): string | null {
  const session = readSession(storage);
  return session && !isExpired(session) ? session.token : null;
}

/** A call can be made: the token is live, or it has expired but a renew token can get a new one first. */
export function hasUsableSession(storage: Storage = localStorage, now = Date.now()): boolean {
  const session = readSession(storage);
  if (!session) return false;
  return !isExpired(session, now) || !!session.renewToken;
}

/** Shown on the login page when the app signed the user out because the session ran out (not a server refusal). */
export const SESSION_EXPIRED_TEXT = 'Сеанс истёк. Войдите снова.';
const NOTICE_KEY = 'sign_out_notice';
/** The errors of a failed sign-in, from /callback to the login page (features/auth/login-errors.ts). */
export const LOGIN_ERRORS_KEY = 'login_errors';

/** Shown on the login page when the token of a sign-in link (SPEC §2) was missing, expired or refused. */
export const TOKEN_LINK_REFUSED_TEXT = 'Ссылка для входа недействительна или устарела — войдите снова';
/** Set while a session from a sign-in link has not yet been accepted by the server. */
const TOKEN_LINK_KEY = 'token_link_unconfirmed';

export function markTokenLinkSession(storage: Storage = sessionStorage): void {
  storage.setItem(TOKEN_LINK_KEY, '1');
}

export function confirmTokenLinkSession(storage: Storage = sessionStorage): void {
  storage.removeItem(TOKEN_LINK_KEY);
}

/** A session that ends before its sign-in link was accepted: the link is what failed, and the login page says so. */
export function rememberSignOutNotice(text: string, storage: Storage = sessionStorage): void {
  storage.setItem(NOTICE_KEY, storage.getItem(TOKEN_LINK_KEY) ? TOKEN_LINK_REFUSED_TEXT : text);
  storage.removeItem(TOKEN_LINK_KEY);
}

/** The server refused the token (401): silent for an ordinary session, explained for one from a sign-in link. */
export function noteRefusedSession(storage: Storage = sessionStorage): void {
  if (storage.getItem(TOKEN_LINK_KEY)) rememberSignOutNotice(TOKEN_LINK_REFUSED_TEXT, storage);
}

export function takeSignOutNotice(storage: Storage = sessionStorage): string | null {
  const text = storage.getItem(NOTICE_KEY);
  storage.removeItem(NOTICE_KEY);
  return text;
}

/**
 * The persisted query cache (lists and details readable offline). Query keys carry no user id, so the cache belongs
 * to one user at a time: its owner is kept beside it, and sign-out or another user's sign-in empties it.
 */
export const QUERY_CACHE_KEY = 'cabinet-query-cache';
export const CACHE_OWNER_KEY = 'cabinet-query-cache-owner';

export function queryCacheOwner(storage: Storage = localStorage): number | null {
  const value = Number(storage.getItem(CACHE_OWNER_KEY));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * The user whose data this tab's query cache holds: the stored owner when the tab restored the cache, the user it
 * adopted the cache for since, nobody after it forgot the cache. Another tab can change the stored owner at any time
 * (somebody else signs in there, or signs out): this tab then holds data that is no longer the stored owner's.
 */
let heldOwner: number | null = null;

/** The tab restores the persisted cache: what it holds now is the stored owner's (query-client.ts). */
export function holdStoredQueryCache(storage: Storage = localStorage): void {
  heldOwner = queryCacheOwner(storage);
}

/**
 * The owner of the stored cache, if this tab's cache holds that user's data — only then may the tab write the stored
 * cache or keep a picture of its screen (a tab still showing A after B signed in elsewhere writes nothing of A's
 * under B). Null otherwise.
 */
export function queryCacheHolder(storage: Storage = localStorage): number | null {
  return heldOwner !== null && queryCacheOwner(storage) === heldOwner ? heldOwner : null;
}

export function setQueryCacheOwner(userId: number, storage: Storage = localStorage): void {
  storage.setItem(CACHE_OWNER_KEY, String(userId));
  heldOwner = userId;
}

/**
 * Removes the user record (queries under "auth") from the persisted copy: the cache provider restores that copy once
 * more after start-up, and a previous user's record must not come back after a new sign-in.
 */
export function forgetPersistedUserRecord(storage: Storage = localStorage): void {
  const raw = storage.getItem(QUERY_CACHE_KEY);
  if (!raw) return;
  try {
    const persisted = JSON.parse(raw) as { clientState?: { queries?: { queryKey?: unknown[] }[] } };
    const queries = persisted.clientState?.queries;
    if (!queries) return;
    persisted.clientState!.queries = queries.filter((query) => query.queryKey?.[0] !== 'auth');
    storage.setItem(QUERY_CACHE_KEY, JSON.stringify(persisted));
  } catch {
    storage.removeItem(QUERY_CACHE_KEY);
  }
}

/** Removes the persisted copy at once (the persister writes at most once a second: a closed tab must not keep it). */
export function forgetPersistedQueries(storage: Storage = localStorage): void {
  storage.removeItem(QUERY_CACHE_KEY);
  storage.removeItem(CACHE_OWNER_KEY);
  heldOwner = null;
  // The kept pictures of screens show the same data and belong to the same owner (lib/screen-snapshot.ts).
  forgetScreenSnapshots(storage);
}

/** Where to come back after sign-in (SPEC §4 navigation guard). Only same-app paths are accepted. */
export function saveReturnRoute(path: string, storage: Storage = sessionStorage): void {
  if (isSafeReturnPath(path)) storage.setItem(RETURN_KEY, path);
}

export function takeReturnRoute(storage: Storage = sessionStorage): string | null {
  const path = storage.getItem(RETURN_KEY);
  storage.removeItem(RETURN_KEY);
  return path && isSafeReturnPath(path) ? path : null;
}

export function isSafeReturnPath(path: string): boolean {
  return (
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.startsWith('/\\') &&
    !/^\/(login|callback|personal-account-v2-auth)(\/|\?|$)/.test(path)
  );
}

export function backupAdminSession(storage: Storage = localStorage): void {
  const session = readSession(storage);
  if (session) storage.setItem(ADMIN_BACKUP_KEY, JSON.stringify(session));
}

export function readAdminBackup(storage: Storage = localStorage): StoredSession | null {
  const raw = storage.getItem(ADMIN_BACKUP_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as StoredSession;
    return typeof parsed.token === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

export function restoreAdminSession(storage: Storage = localStorage): boolean {
  const backup = readAdminBackup(storage);
  storage.removeItem(ADMIN_BACKUP_KEY);
  if (!backup || isExpired(backup)) return false;
  saveSession({ token: backup.token, tokenExpireAt: backup.expiresAt, renewToken: backup.renewToken }, storage);
  return true;
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(session: StoredSession | null): void {
  for (const listener of listeners) listener(session);
}

/** Forgets the administrator's kept session (sign-out while logged in as another user). */
export function clearAdminBackup(storage: Storage = localStorage): void {
  storage.removeItem(ADMIN_BACKUP_KEY);
  storage.removeItem(IMPERSONATED_KEY);
}

const IMPERSONATED_KEY = 'admin_session_target';

/** Which user the administrator logged in as, so a stale backup is never offered to somebody else. */
export function rememberImpersonatedUser(userId: number, storage: Storage = localStorage): void {
  storage.setItem(IMPERSONATED_KEY, String(userId));
}

export function impersonatedUserId(storage: Storage = localStorage): number | null {
  const value = Number(storage.getItem(IMPERSONATED_KEY));
  return Number.isInteger(value) && value > 0 ? value : null;
}
