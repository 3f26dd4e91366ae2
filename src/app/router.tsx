import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from '@/route-tree.gen';
import { RouteErrorView } from './route-error';
import { NotFoundView } from '@/components/status-views';
import { Box } from '@chakra-ui/react';

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** SPEC §2: the footer is hidden on the login page, competition details, project pages and the task page. */
    hideFooter?: boolean;
  }
}

/** Styled by a class of index.html's sheet, not a recipe: it may show before the cabinet's styles are set up (hot-styles.ts). */
function PendingView() {
  return (
    <Box py="16" textAlign="center" aria-busy="true">
      <span className="cab-spinner" role="status" aria-label="Загрузка" />
    </Box>
  );
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 300,
    defaultPendingComponent: PendingView,
    defaultErrorComponent: RouteErrorView,
    defaultNotFoundComponent: NotFoundView,
    scrollRestoration: true,
  });
}
