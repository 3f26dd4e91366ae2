import { createFileRoute } from '@tanstack/react-router';
import { Box, Spinner, Text } from '@chakra-ui/react';
import { finishSignIn } from '@/features/auth/sign-in-callback';

/** SPEC §2 /callback: reads `code`, logs in, loads user info, then the stored return route or "/". */
export const Route = createFileRoute('/callback')({
  validateSearch: (search: Record<string, unknown>) => ({ code: typeof search.code === 'string' ? search.code : '' }),
  loaderDeps: ({ search }) => ({ code: search.code }),
  loader: ({ deps, context }) => finishSignIn(context.queryClient, deps.code),
  pendingMs: 0,
  pendingComponent: () => (
    <Box minH="100dvh" display="flex" alignItems="center" justifyContent="center" gap="3">
      <Spinner color="brand.solid" />
      <Text>Выполняется вход…</Text>
    </Box>
  ),
});
