import type { QueryClient } from '@tanstack/react-query';
import { forgetPersistedUserRecord } from '@/lib/session';
import { authKeys } from './api/queries';

/**
 * A new sign-in (link, code exchange) or a 401: the kept user record is nobody's now. It goes from memory and from the
 * persisted copy, so the cache provider's restore after start-up cannot bring the previous user's record back.
 */
export function forgetUserRecord(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: authKeys.all });
  forgetPersistedUserRecord();
}
