import { createFileRoute, redirect } from '@tanstack/react-router';
import { ensureLiveSession } from '@/lib/session-guard';
import { clientRoles, landingPath, roleIdsFromGroups } from '@/lib/roles';
import { currentUserQuery } from '@/features/auth/api/queries';

/** SPEC §2: "/" redirects to /programs — or, per §6, to the role's first allowed route. */
export const Route = createFileRoute('/')({
  beforeLoad: async ({ context }) => {
    // An expired session is renewed before the first call, or ended with a message on the login page.
    if (!(await ensureLiveSession())) throw redirect({ to: '/login', replace: true });
    const user = await context.queryClient.ensureQueryData(currentUserQuery());
    const target = landingPath(clientRoles(roleIdsFromGroups(user.groups)));
    throw redirect({ to: target ?? '/support', replace: true });
  },
});
