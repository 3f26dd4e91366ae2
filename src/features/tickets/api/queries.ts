import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { ticketKeys } from './keys';

/** GET /v1/projects/ticket/{id} (SPEC §7 Tickets). */
export const ticketQuery = (id: number) =>
  queryOptions({ queryKey: ticketKeys.detail(id), queryFn: () => unwrap(api().main.GET('/v1/projects/ticket/{id}', { params: { path: { id } } })) });
