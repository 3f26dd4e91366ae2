import { createFileRoute, redirect } from '@tanstack/react-router';
import { consumeTokenLink } from '@/features/auth/token-link';
import { forgetUserRecord } from '@/features/auth/user-record';

/**
 * SPEC §2: accepts a token in the query, stores it, goes to root. The link is read at start-up (main.tsx), before the
 * router sees the address; this route only covers an in-app navigation to it and never validates the token into the
 * router's search state.
 */
export const Route = createFileRoute('/personal-account-v2-auth')({
  beforeLoad: ({ context }) => {
    if (consumeTokenLink()) forgetUserRecord(context.queryClient);
    throw redirect({ to: '/', replace: true });
  },
});
