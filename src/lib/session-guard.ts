import { getConfig } from './config';
import { renewTokenOnce } from './api/transport';
import { readSession } from './session';

/** An expired token is renewed when a renew token is kept; otherwise the caller sends the user to sign in. */
export async function renewIfPossible(): Promise<boolean> {
  if (!readSession()?.renewToken) return false;
  return renewTokenOnce(getConfig().apiMain);
}
