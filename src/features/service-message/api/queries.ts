import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';

export const serviceMessageKeys = { current: ['service-message'] as const };

/** GET /v2/projects/maintance — the shell banner, shown when switch is 1 (SPEC §2, §9). */
export const serviceMessageQuery = () =>
  queryOptions({
    queryKey: serviceMessageKeys.current,
    queryFn: () => unwrap(api().main.GET('/v2/projects/maintance')),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
