import type { QueryClient } from '@tanstack/react-query';
import { isTransportFailure } from '@/lib/api/errors';
import { currentUserQuery, type CurrentUser } from './api/queries';

/**
 * Another tab put a new token in place (a renewal, or somebody else's sign-in: session-sync.ts): until an answer of the
 * server says whose it is, the user record this tab keeps is not trusted for taking the query cache.
 *
 * The doubt outlives the tab's own restart (session-sync.ts starts the tab afresh when the new token is somebody
 * else's): the kept record and the stored cache may still be the previous user's — the other tab and this one write the
 * same storage — and the fresh start must ask the server before it shows anybody's name (seen on a loaded machine: the
 * restarted tab showed A's name over B's session for good, its kept record being fresh for 5 minutes). Kept in this
 * tab's session storage until an answer of the server confirms the user.
 */
const DOUBT_KEY = 'cabinet-user-in-doubt';
let inDoubt = (() => {
  try {
    return !!sessionStorage.getItem(DOUBT_KEY);
  } catch {
    return false; // private mode, or no storage: the doubt lasts this page only
  }
})();

function setDoubt(doubt: boolean): void {
  inDoubt = doubt;
  try {
    if (doubt) sessionStorage.setItem(DOUBT_KEY, '1');
    else sessionStorage.removeItem(DOUBT_KEY);
  } catch {
    // private mode, or no storage
  }
}

export function doubtSignedInUser(): void {
  setDoubt(true);
}

/** The server said who is signed in now, and it is this tab's user (a renewal): the record is trusted again. */
export function confirmSignedInUser(queryClient: QueryClient, user: CurrentUser): void {
  setDoubt(false);
  queryClient.setQueryData(currentUserQuery().queryKey, user);
}

/**
 * The signed-in user for the cabinet's guard (SPEC §4), and whether the server has confirmed it for the token in place.
 * Normally the kept record (a repeat visit offline needs no call). After another tab changed the token it is asked
 * afresh: a tab still showing A after B signed in elsewhere must not take the device's cache for A with B's token.
 * With no answer (offline) the tab goes on with its record, unconfirmed: the guard then takes no cache over
 * (adoptQueryCache), and the tab writes the stored cache only if it still holds the stored owner's data.
 */
export async function signedInUser(queryClient: QueryClient): Promise<{ user: CurrentUser; confirmed: boolean }> {
  if (!inDoubt) return { user: await queryClient.ensureQueryData(currentUserQuery()), confirmed: true };
  try {
    const user = await queryClient.fetchQuery({ ...currentUserQuery(), staleTime: 0, retry: false });
    setDoubt(false);
    return { user, confirmed: true };
  } catch (error) {
    const kept = queryClient.getQueryData(currentUserQuery().queryKey);
    if (kept && isTransportFailure(error)) return { user: kept, confirmed: false };
    throw error;
  }
}
