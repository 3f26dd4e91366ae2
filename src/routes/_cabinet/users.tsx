import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { valibotValidator } from '@tanstack/valibot-adapter';
import { requireArea } from '@/app/guards';
import { usePageTitle } from '@/components/page-title';
import { canManageUsers } from '@/lib/roles';
import { usersRouteSearch, type UsersSearch } from '@/features/users/users-search';
import { usersListQuery } from '@/features/users/api/users-list';
import { groupsQuery } from '@/features/users/api/groups';
import { UsersScreen } from '@/features/users/components/users-screen';

/** SPEC §2 "Users and roles": admin, monitor, manager (§6); filters and page in the URL. */
export const Route = createFileRoute('/_cabinet/users')({
  // An administrator's screen: its list queries come with the screen's chunk, not with everyone's first-load JS.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: valibotValidator(usersRouteSearch),
  beforeLoad: ({ context, preload }) => requireArea(context.roles, 'users', preload),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    void context.queryClient.prefetchQuery(groupsQuery());
    await context.queryClient.ensureQueryData(usersListQuery(deps));
  },
  component: Screen,
});

function Screen() {
  usePageTitle('Пользователи и роли');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { user, roles } = Route.useRouteContext();
  const onSearchChange = useCallback((next: UsersSearch) => void navigate({ search: next, replace: true }), [navigate]);
  return <UsersScreen search={search} onSearchChange={onSearchChange} canManage={canManageUsers(roles)} currentUserId={user.id} />;
}
