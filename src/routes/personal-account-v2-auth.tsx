import { createFileRoute, redirect } from '@tanstack/react-router';
import { saveSession } from '@/lib/session';

/**
 * SPEC §2: accepts a token in the query, stores it, goes to root. The token is read in beforeLoad and the
 * redirect replaces the history entry, so it does not stay in the address bar or history (issue 10 §3).
 */
export const Route = createFileRoute('/personal-account-v2-auth')({
  validateSearch: (search: Record<string, unknown>) => ({
    token: typeof search.token === 'string' ? search.token : '',
    tokenExpireAt: typeof search.tokenExpireAt === 'string' || typeof search.tokenExpireAt === 'number' ? String(search.tokenExpireAt) : '',
  }),
  beforeLoad: ({ search, context }) => {
    if (search.token) {
      saveSession({ token: search.token, tokenExpireAt: search.tokenExpireAt || null });
      context.queryClient.removeQueries({ queryKey: ['auth'] });
    }
    throw redirect({ to: '/', replace: true });
  },
});
