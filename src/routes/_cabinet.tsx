import { Outlet, createFileRoute, redirect, useMatches, useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { clearSession, readSession, isExpired, saveReturnRoute } from '@/lib/session';
import { renewIfPossible } from '@/lib/session-guard';
import { ApiError } from '@/lib/api/errors';
import { ROLE_NAMES, clientRoles, menuFor, roleIdsFromGroups } from '@/lib/roles';
import { currentUserQuery, fullNameOf } from '@/features/auth/api/queries';
import { Shell } from '@/features/shell/components/shell';
import { activeCountQuery } from '@/features/tasks/api/active-count';
import { ServiceBanner } from '@/features/service-message/components/service-banner';
import { UserDataDrawer } from '@/features/profile/components/user-data-drawer';

/** Everything signed in lives under this layout: guard (SPEC §4), user info, roles and the shell (SPEC §2). */
export const Route = createFileRoute('/_cabinet')({
  beforeLoad: async ({ context, location }) => {
    const session = readSession();
    if (!session || (isExpired(session) && !(await renewIfPossible()))) {
      saveReturnRoute(location.href);
      throw redirect({ to: '/login', replace: true });
    }
    try {
      const user = await context.queryClient.ensureQueryData(currentUserQuery());
      const roleIds = roleIdsFromGroups(user.groups);
      return { user, roleIds, roles: clientRoles(roleIds) };
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'unauthorized') {
        saveReturnRoute(location.href);
        throw redirect({ to: '/login', replace: true });
      }
      throw error;
    }
  },
  component: CabinetLayout,
});

function CabinetLayout() {
  const { user, roleIds, roles } = Route.useRouteContext();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const matches = useMatches();
  const [profileOpen, setProfileOpen] = useState(false);
  const menuItems = menuFor(roles);
  const showsTasks = menuItems.some((item) => item.number === 3);
  const activeCount = useQuery({ ...activeCountQuery(), enabled: showsTasks });
  const hideFooter = matches.some((match) => match.staticData?.hideFooter);
  const fullName = fullNameOf(user);

  const logout = () => {
    clearSession();
    queryClient.clear();
    void navigate({ to: '/login', replace: true });
  };

  return (
    <Shell
      fullName={fullName}
      menuItems={menuItems}
      menuCounts={activeCount.data != null ? { 3: activeCount.data } : undefined}
      banner={<ServiceBanner />}
      onAvatarClick={() => setProfileOpen(true)}
      onLogout={logout}
      showFooter={!hideFooter}
    >
      <Outlet />
      <UserDataDrawer
        open={profileOpen}
        onClose={() => setProfileOpen(false)}
        fullName={fullName}
        email={user.email}
        phone={user.phone}
        company={user.work_company}
        roleNames={roleIds.map((id) => ROLE_NAMES[id])}
      />
    </Shell>
  );
}
