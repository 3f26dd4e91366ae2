import type { QueryClient } from '@tanstack/react-query';
import { forgetPersistedQueries, queryCacheHolder, setQueryCacheOwner } from '@/lib/session';
import { authKeys } from './api/queries';

/**
 * The cache belongs to one user (query keys carry no user id): when someone else signs in on this device — after an
 * expired session, a 401 or in another tab — what the previous user saw is dropped before any screen reads it.
 * The signed-in user's own record (auth/me) is kept. Returns whether anything was dropped.
 * Kept only when this tab holds the user's data and the stored cache is still theirs: a tab that held A's lists when B
 * signed in elsewhere drops them even if B then signs in here too.
 */
export function adoptQueryCache(queryClient: QueryClient, userId: number): boolean {
  if (queryCacheHolder() === userId) return false;
  const hadData = queryClient.getQueryCache().getAll().some((query) => query.queryKey[0] !== authKeys.all[0]);
  forgetPersistedQueries();
  queryClient.getMutationCache().clear();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
  setQueryCacheOwner(userId);
  return hadData;
}
