import type { QueryClient } from '@tanstack/react-query';
import { forgetPersistedQueries, queryCacheHolder, queryCacheOwner, setQueryCacheOwner } from '@/lib/session';
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
  // The stored copy is kept when another tab already took it for this user: only that user's writes reach it (every
  // write is stamped with its owner, app/query-client.ts), and it is what they read offline.
  if (queryCacheOwner() !== userId) forgetPersistedQueries();
  queryClient.getMutationCache().clear();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
  setQueryCacheOwner(userId);
  return hadData;
}
