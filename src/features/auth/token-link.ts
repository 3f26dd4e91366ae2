import { TOKEN_LINK_REFUSED_TEXT, markTokenLinkSession, readSession, rememberSignOutNotice, saveSession } from '@/lib/session';

/** SPEC §2: "/personal-account-v2-auth — accepts a token in the query, stores it, goes to root". */
export const TOKEN_LINK_PATH = '/personal-account-v2-auth';

/**
 * Reads the sign-in link once, at start-up, before the router or anything else sees the address: the token is stored
 * (SPEC §3 access_token, access_token_expires) and the address becomes "/" at once (history.replaceState, no new
 * history entry). So the token never enters the router's state, the history, logs or later Referer headers.
 * A renew token of an earlier session is dropped: it belongs to someone else. Returns whether a token was taken.
 */
export function consumeTokenLink(
  win: Pick<Window, 'location' | 'history'> = window,
  storage: Storage = localStorage,
  notes: Storage = sessionStorage,
): boolean {
  if (win.location.pathname.replace(/\/+$/, '') !== TOKEN_LINK_PATH) return false;
  const params = new URLSearchParams(win.location.search);
  const token = params.get('token')?.trim() ?? '';
  win.history.replaceState(null, '', '/');
  if (!token) {
    // A link without a token signs nobody in; someone not signed in is told why they see the login page.
    if (!readSession(storage)) rememberSignOutNotice(TOKEN_LINK_REFUSED_TEXT, notes);
    return false;
  }
  saveSession({ token, tokenExpireAt: params.get('tokenExpireAt') || null, renewToken: null }, storage);
  // Until the server accepts the token, an expiry or a refusal is explained as a bad link.
  markTokenLinkSession(notes);
  return true;
}
