import { createRouter, useRouterState } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { Suspense, use, type ReactNode } from 'react';
import { routeTree } from '@/route-tree.gen';
import { RouteErrorView } from './route-error';
import { NotFoundView } from '@/components/status-views';
import { cabinetRecipesSettled, loadCabinetRecipes } from './theme';
import { CabinetPending, PaintedFrame, PendingView } from './painted-frame';

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** SPEC §2: the footer is hidden on the login page, competition details, project pages and the task page. */
    hideFooter?: boolean;
  }
}

/** Paths that render without the signed-in layout: they do not need the cabinet recipes (theme.ts). */
const OUTSIDE_CABINET = new Set(['/login', '/callback', '/personal-account-v2-auth']);

/** Holds a signed-in screen until the recipes of the cabinet components are in the theme (theme.ts). */
function CabinetRecipes({ children }: { children: ReactNode }) {
  const cabinet = useRouterState({ select: (state) => state.matches.some((match) => match.routeId === '/_cabinet') });
  if (cabinet && !cabinetRecipesSettled()) use(loadCabinetRecipes());
  return children;
}

function RouterInner({ children }: { children: ReactNode }) {
  const loading = useRouterState({ select: (state) => state.matches.length === 0 });
  const cabinet = useRouterState({ select: (state) => !OUTSIDE_CABINET.has(state.location.pathname) });
  // The cabinet's recipes are awaited in its frame too (CabinetRecipes), where index.html painted that frame: after
  // signing in from the sign-in card, the card must not come back — the spinner shows there, as before.
  return (
    <Suspense fallback={cabinet ? <CabinetPending /> : <PendingView />}>
      {loading && <PaintedFrame />}
      <CabinetRecipes>{children}</CabinetRecipes>
    </Suspense>
  );
}

export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 300,
    defaultPendingComponent: PendingView,
    defaultErrorComponent: RouteErrorView,
    defaultNotFoundComponent: NotFoundView,
    scrollRestoration: true,
    InnerWrap: RouterInner,
  });
  // Fetched as soon as a navigation heads anywhere but the public pages, in parallel with the route's own loading.
  router.subscribe('onBeforeLoad', ({ toLocation }) => {
    if (!OUTSIDE_CABINET.has(toLocation.pathname)) void loadCabinetRecipes();
  });
  return router;
}
