import { Outlet, createFileRoute, redirect, useMatches } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useEffect } from 'react';
import { allowInstallOffer } from '@/lib/pwa/install-offer';
import { confirmTokenLinkSession, saveReturnRoute } from '@/lib/session';
import { ensureLiveSession } from '@/lib/session-guard';
import { ApiError } from '@/lib/api/errors';
import { clientRoles, menuFor, roleIdsFromGroups } from '@/lib/roles';
import { ROLE_NAMES } from '@/lib/role-names';
import { useOnDemand } from '@/components/use-on-demand';
import { DeferredMount } from '@/components/deferred-mount';
import { KeepLayerBlocks } from '@/app/emotion-layers';
import { CabinetPending } from '@/app/painted-frame';
import { OfflineBanner } from '@/components/offline/offline-banner';
import { currentUserQuery, fullNameOf } from '@/features/auth/api/queries';
import { adoptQueryCache } from '@/features/auth/query-cache-owner';
import { signedInUser } from '@/features/auth/signed-in-user';
import { useCabinetSession } from '@/features/auth/cabinet-session';
import { Shell } from '@/features/shell/components/shell';
import { CabinetFrame } from '@/features/shell/components/cabinet-frame';
import { AskQuestionButton, ImpersonationBar } from '@/features/shell/components/header-actions';
import { activeCountQuery } from '@/features/tasks/api/active-count';
import { ServiceBanner } from '@/features/service-message/components/service-banner';
import { serviceMessageQuery } from '@/features/service-message/api/queries';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { PHONE_MASK, formatPhone } from '@/features/questionnaire/rules/input-behaviour';

// Dialogs and drawers load on first use: the shell is on every page (DESIGN.md first-load budget).
const loadFeedback = () => import('@/features/feedback/components/feedback-dialog');
const loadProfile = () => import('@/features/profile/components/user-data-drawer');
const FeedbackDialog = lazy(loadFeedback);
const UserDataDrawer = lazy(loadProfile);
const NotificationSettings = lazy(() => import('@/features/notifications/components/notification-settings'));

/** Everything signed in lives under this layout: guard (SPEC §4), user info, roles and the shell (SPEC §2). */
export const Route = createFileRoute('/_cabinet')({
  beforeLoad: async ({ context, location }) => {
    if (!(await ensureLiveSession())) {
      saveReturnRoute(location.href);
      throw redirect({ to: '/login', replace: true });
    }
    try {
      const { user, confirmed } = await signedInUser(context.queryClient);
      confirmTokenLinkSession();
      // What another user saw on this device is dropped before any screen reads the cache.
      if (confirmed) adoptQueryCache(context.queryClient, user.id);
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
  // Its guard waits for the user's call: past the router's 300 ms (a slow connection, a loaded phone) the frame index.html
  // painted stays instead of the default spinner on an empty page, and gives way as soon as the call answers (no
  // minimum time on screen: nothing moves when the shell replaces it).
  pendingComponent: CabinetPending,
  pendingMinMs: 0,
  // The first signed-in render runs in the background, in slices, behind the cabinet's frame (deferred-mount.tsx).
  component: () => (
    <>
      <KeepLayerBlocks />
      <DeferredMount fallback={<CabinetFrame />}>
        <CabinetLayout />
      </DeferredMount>
    </>
  ),
});

function CabinetLayout() {
  const context = Route.useRouteContext();
  const user = useQuery(currentUserQuery()).data ?? context.user;
  const session = useCabinetSession(user.id);
  const profile = useOnDemand();
  const feedback = useOnDemand();
  const menuItems = menuFor(context.roles);
  const activeCount = useQuery({ ...activeCountQuery(), enabled: menuItems.some((item) => item.number === 3) });
  const hideFooter = useMatches().some((match) => match.staticData?.hideFooter);
  const fullName = fullNameOf(user);
  // "Установить приложение" belongs to the cabinet, once a screen has been stayed on (lib/pwa/install-offer.ts).
  useEffect(allowInstallOffer, []);

  return (
    <Shell
      fullName={fullName}
      menuItems={menuItems}
      menuCounts={activeCount.data != null ? { 3: activeCount.data } : undefined}
      banner={
        <>
          {session.impersonating && <ImpersonationBar fullName={fullName} onReturn={session.returnToAdmin} />}
          <ServiceBanner />
          <OfflineBanner />
        </>
      }
      headerActions={
        <>
          <NotificationBell />
          <AskQuestionButton onPointerEnter={() => void loadFeedback()} onClick={feedback.show} />
        </>
      }
      onAvatarClick={profile.show}
      onAvatarIntent={() => void loadProfile()}
      onLogout={session.logout}
      showFooter={!hideFooter}
    >
      <Outlet />
      {session.dialog}
      <Suspense fallback={null}>
        {feedback.used && <FeedbackDialog open={feedback.open} onClose={feedback.close} />}
        {profile.used && (
          <UserDataDrawer
            open={profile.open}
            onClose={profile.close}
            user={user}
            roleNames={context.roleIds.map((id) => ROLE_NAMES[id])}
            onSaved={session.onProfileSaved}
            phoneMask={{ placeholder: PHONE_MASK, format: formatPhone }}
          >
            <NotificationSettings />
          </UserDataDrawer>
        )}
      </Suspense>
    </Shell>
  );
}
