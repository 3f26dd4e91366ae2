import { createFileRoute, redirect } from '@tanstack/react-router';
import { valibotValidator } from '@tanstack/valibot-adapter';
import * as v from 'valibot';
import { Box, Spinner, Text } from '@chakra-ui/react';
import { takeReturnRoute } from '@/lib/session';
import { exchangeCode, rememberLoginErrors } from '@/features/auth/api/exchange-code';
import { currentUserQuery } from '@/features/auth/api/queries';
import { forgetUserRecord } from '@/features/auth/user-record';

/** SPEC §2 /callback: reads `code`, logs in, loads user info, then the stored return route or "/". */
export const Route = createFileRoute('/callback')({
  // Passed once per sign-in: the code exchange comes with its own chunk, not with every page's first-load JavaScript.
  codeSplitGroupings: [['loader', 'pendingComponent']],
  validateSearch: valibotValidator(v.object({ code: v.fallback(v.optional(v.string(), ''), '') })),
  loaderDeps: ({ search }) => ({ code: search.code }),
  loader: async ({ deps, context }) => {
    if (!deps.code) {
      rememberLoginErrors(new Error('no code'));
      throw redirect({ to: '/login', replace: true });
    }
    try {
      await exchangeCode(deps.code);
    } catch (error) {
      rememberLoginErrors(error);
      throw redirect({ to: '/login', replace: true });
    }
    forgetUserRecord(context.queryClient);
    await context.queryClient.fetchQuery(currentUserQuery());
    throw redirect({ href: takeReturnRoute() ?? '/', replace: true });
  },
  pendingMs: 0,
  pendingComponent: () => (
    <Box minH="100dvh" display="flex" alignItems="center" justifyContent="center" gap="3">
      <Spinner color="brand.solid" />
      <Text>Выполняется вход…</Text>
    </Box>
  ),
});
