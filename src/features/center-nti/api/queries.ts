import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { PAGE_SIZE } from '@/lib/limits';
import { centerNtiKeys } from './keys';

/** GET /v1/center-nti — paged Center NTI records (SPEC §7 "Center NTI: list"). */
export const centerNtiListQuery = (page = 1, pageSize = PAGE_SIZE) =>
  queryOptions({
    queryKey: centerNtiKeys.list(page, pageSize),
    queryFn: () => unwrap(api().main.GET('/v1/center-nti', { params: { query: { page, pageSize } } })),
    placeholderData: keepPreviousData,
  });
