import { Outlet, createFileRoute, redirect, useMatches, useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState } from 'react';
import {
  clearAdminBackup,
  clearSession,
  confirmTokenLinkSession,
  impersonatedUserId,
  readAdminBackup,
  rememberSignOutNotice,
  restoreAdminSession,
  saveReturnRoute,
} from '@/lib/session';
import { ensureLiveSession } from '@/lib/session-guard';
import { ApiError } from '@/lib/api/errors';
import { ROLE_NAMES, clientRoles, menuFor, roleIdsFromGroups } from '@/lib/roles';
import { authKeys, currentUserQuery, fullNameOf, type CurrentUser } from '@/features/auth/api/queries';
import { dropUserCache, endSession } from '@/features/auth/leave-session';
import { adoptQueryCache } from '@/features/auth/query-cache-owner';
import { useLeaveSession } from '@/features/auth/components/leave-session-dialog';
import { useSessionSync } from '@/features/auth/session-sync';
import { Shell } from '@/features/shell/components/shell';
import { AskQuestionButton, ImpersonationBar } from '@/features/shell/components/header-actions';
import { activeCountQuery } from '@/features/tasks/api/active-count';
import { ServiceBanner } from '@/features/service-message/components/service-banner';
import { OfflineBanner } from '@/components/offline/offline-banner';
import { serviceMessageQuery } from '@/features/service-message/api/queries';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { PHONE_MASK, formatPhone } from '@/features/questionnaire/rules/input-behaviour';

// Dialogs and drawers load on first use: the shell is on every page (DESIGN.md first-load budget).
const loadFeedback = () => import('@/features/feedback/components/feedback-dialog');
const loadProfile = () => import('@/features/profile/components/user-data-drawer');
const loadSettings = () => import('@/features/notifications/components/notification-settings');
const FeedbackDialog = lazy(loadFeedback);
const UserDataDrawer = lazy(loadProfile);
const NotificationSettings = lazy(loadSettings);

/** Everything signed in lives under this layout: guard (SPEC §4), user info, roles and the shell (SPEC §2). */
export const Route = createFileRoute('/_cabinet')({
  beforeLoad: async ({ context, location }) => {
    if (!(await ensureLiveSession())) {
      saveReturnRoute(location.href);
      throw redirect({ to: '/login', replace: true });
    }
    try {
      const user = await context.queryClient.ensureQueryData(currentUserQuery());
      confirmTokenLinkSession();
      // What another user saw on this device is dropped before any screen reads the cache.
      adoptQueryCache(context.queryClient, user.id);
      // The service banner's message is asked for now, beside the screen's own loaders, so the banner is there when
      // the screen first shows instead of pushing it down a moment later (layout shift).
      void context.queryClient.prefetchQuery(serviceMessageQuery());
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
  const context = Route.useRouteContext();
  const { roleIds, roles } = context;
  const user = useQuery(currentUserQuery()).data ?? context.user;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const matches = useMatches();
  const [profileOpen, setProfileOpen] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  // Mounted after the first opening only, so their code is fetched on demand.
  const [profileUsed, setProfileUsed] = useState(false);
  const [feedbackUsed, setFeedbackUsed] = useState(false);
  const menuItems = menuFor(roles);
  const showsTasks = menuItems.some((item) => item.number === 3);
  const activeCount = useQuery({ ...activeCountQuery(), enabled: showsTasks });
  const hideFooter = matches.some((match) => match.staticData?.hideFooter);
  const fullName = fullNameOf(user);

  // SPEC §6 "log in as": the administrator's own session is kept apart; it belongs to this user only.
  const impersonating = readAdminBackup() !== null && impersonatedUserId() === user.id;
  useEffect(() => {
    if (readAdminBackup() !== null && impersonatedUserId() !== user.id) clearAdminBackup();
  }, [user.id]);

  const { leave, dialog: leaveDialog } = useLeaveSession();
  // Another tab signed out or signed somebody else in: this tab follows.
  useSessionSync(user.id);

  // DESIGN.md "Offline drafts": sign-out purges this user's local drafts only after warning about unsent edits.
  const logout = () =>
    void leave('sign-out', user.id, async () => {
      endSession();
      await navigate({ to: '/login', replace: true });
      dropUserCache(queryClient);
    });

  // Back to the administrator (SPEC §6): the impersonated user's drafts are left behind the same way, and a fresh page
  // starts from the administrator's own session — nothing the user's screens held in memory survives the switch.
  const returnToAdmin = () =>
    void leave('return', user.id, () => {
      const restored = restoreAdminSession();
      clearAdminBackup();
      if (!restored) {
        clearSession();
        rememberSignOutNotice('Сеанс администратора истёк. Войдите снова.');
      }
      dropUserCache(queryClient);
      window.location.replace(restored ? '/users' : '/login');
    });

  const onProfileSaved = (saved: Partial<CurrentUser>) => {
    queryClient.setQueryData<CurrentUser>(authKeys.me(), (old) =>
      old ? { ...old, ...saved, fio: [saved.lastname, saved.firstname, saved.middlename].filter(Boolean).join(' ') } : old,
    );
  };

  return (
    <Shell
      fullName={fullName}
      menuItems={menuItems}
      menuCounts={activeCount.data != null ? { 3: activeCount.data } : undefined}
      banner={
        <>
          {impersonating && <ImpersonationBar fullName={fullName} onReturn={returnToAdmin} />}
          <ServiceBanner />
          <OfflineBanner />
        </>
      }
      headerActions={
        <>
          <NotificationBell />
          <AskQuestionButton
            onPointerEnter={() => void loadFeedback()}
            onClick={() => {
              setFeedbackUsed(true);
              setFeedbackOpen(true);
            }}
          />
        </>
      }
      onAvatarClick={() => {
        setProfileUsed(true);
        setProfileOpen(true);
      }}
      onAvatarIntent={() => void loadProfile()}
      onLogout={logout}
      showFooter={!hideFooter}
    >
      <Outlet />
      {leaveDialog}
      <Suspense fallback={null}>
        {feedbackUsed && <FeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />}
        {profileUsed && (
          <UserDataDrawer
            open={profileOpen}
            onClose={() => setProfileOpen(false)}
            user={user}
            roleNames={roleIds.map((id) => ROLE_NAMES[id])}
            onSaved={onProfileSaved}
            phoneMask={{ placeholder: PHONE_MASK, format: formatPhone }}
          >
            <NotificationSettings />
          </UserDataDrawer>
        )}
      </Suspense>
    </Shell>
  );
}
