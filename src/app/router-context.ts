import type { QueryClient } from '@tanstack/react-query';

/** What every route's loader and component get from the router (the root route declares it). */
export interface RouterContext {
  queryClient: QueryClient;
}
