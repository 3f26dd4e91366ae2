import { redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { takeReturnRoute } from '@/lib/session';
import { exchangeCode, rememberLoginErrors } from './api/exchange-code';
import { currentUserQuery } from './api/queries';
import { forgetUserRecord } from './user-record';

/**
 * SPEC §2 /callback: the code is exchanged for tokens, the user info is loaded, then the stored return route or "/"
 * opens. Without a code, or when the exchange fails, the user goes back to /login, which shows why.
 */
export async function finishSignIn(queryClient: QueryClient, code: string): Promise<never> {
  if (!code) {
    rememberLoginErrors(new Error('no code'));
    throw redirect({ to: '/login', replace: true });
  }
  try {
    await exchangeCode(code);
  } catch (error) {
    rememberLoginErrors(error);
    throw redirect({ to: '/login', replace: true });
  }
  forgetUserRecord(queryClient);
  await queryClient.fetchQuery(currentUserQuery());
  throw redirect({ href: takeReturnRoute() ?? '/', replace: true });
}
