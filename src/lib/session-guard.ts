import { getConfig } from './config';
import { renewTokenOnce } from './api/transport';
import { SESSION_EXPIRED_TEXT, clearSession, isExpired, readSession, rememberSignOutNotice } from './session';

/** An expired token is renewed when a renew token is kept; otherwise the caller sends the user to sign in. */
export async function renewIfPossible(): Promise<boolean> {
  if (!readSession()?.renewToken) return false;
  return renewTokenOnce(getConfig().apiMain);
}

/**
 * SPEC §4 navigation guard with expiry handled before any call: a live session passes; an expired one is renewed first;
 * one that cannot be renewed is ended here, and the login page says why.
 */
export async function ensureLiveSession(): Promise<boolean> {
  const session = readSession();
  if (!session) return false;
  if (!isExpired(session) || (await renewIfPossible())) return true;
  clearSession();
  rememberSignOutNotice(SESSION_EXPIRED_TEXT);
  return false;
}
