import type { QueryClient } from '@tanstack/react-query';
import { isTransportFailure } from '@/lib/api/errors';
import { currentUserQuery, type CurrentUser } from './api/queries';

/**
 * Another tab put a new token in place (a renewal, or somebody else's sign-in: session-sync.ts): until an answer of the
 * server says whose it is, the user record this tab keeps is not trusted for taking the query cache.
 */
let inDoubt = false;

export function doubtSignedInUser(): void {
  inDoubt = true;
}

/** The server said who is signed in now, and it is this tab's user (a renewal): the record is trusted again. */
export function confirmSignedInUser(queryClient: QueryClient, user: CurrentUser): void {
  inDoubt = false;
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
    inDoubt = false;
    return { user, confirmed: true };
  } catch (error) {
    const kept = queryClient.getQueryData(currentUserQuery().queryKey);
    if (kept && isTransportFailure(error)) return { user: kept, confirmed: false };
    throw error;
  }
}
