import { createFileRoute, redirect } from '@tanstack/react-router';
import { getToken } from '@/lib/session';
import { clientRoles, landingPath, roleIdsFromGroups } from '@/lib/roles';
import { currentUserQuery } from '@/features/auth/api/queries';

/** SPEC §2: "/" redirects to /programs — or, per §6, to the role's first allowed route. */
export const Route = createFileRoute('/')({
  beforeLoad: async ({ context }) => {
    if (!getToken()) throw redirect({ to: '/login', replace: true });
    const user = await context.queryClient.ensureQueryData(currentUserQuery());
    const target = landingPath(clientRoles(roleIdsFromGroups(user.groups)));
    throw redirect({ to: target ?? '/support', replace: true });
  },
});
