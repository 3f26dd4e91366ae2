import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';

/** GET /v2/projects/project-point/active-count — the "Мои задачи" menu count (SPEC §2). */
export const activeCountQuery = () =>
  queryOptions({
    queryKey: ['tasks', 'active-count'] as const,
    queryFn: async () => {
      try {
        const { count } = await unwrap(api().main.GET('/v2/projects/project-point/active-count'));
        return count;
      } catch (error) {
        // SPEC §8: active-count failures are only logged, with no user message.
        console.warn('active-count failed', error);
        return null;
      }
    },
    // Counts change with every action: a restored copy is shown at once and revalidated.
    staleTime: 0,
    refetchInterval: 5 * 60_000,
  });
