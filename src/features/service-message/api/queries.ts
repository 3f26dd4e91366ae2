import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { NOTIFICATION_POLL_MS } from '@/lib/limits';

export const serviceMessageKeys = { current: ['service-message'] as const };

/**
 * GET /v2/projects/maintance — the shell banner, shown when switch is 1 (SPEC §2, §9). A change reaches every open page:
 * never kept across a reload (a reload asks again), re-read on every mount and focus, and polled with the notifications.
 */
export const serviceMessageQuery = () =>
  queryOptions({
    queryKey: serviceMessageKeys.current,
    queryFn: () => unwrap(api().main.GET('/v2/projects/maintance')),
    staleTime: 0,
    refetchInterval: NOTIFICATION_POLL_MS,
    meta: { persist: false },
  });
