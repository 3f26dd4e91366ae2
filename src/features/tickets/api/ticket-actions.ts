import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { ticketKeys } from './keys';
import type { Ticket, TicketAction, TicketCreateInput, TicketSignatureInput } from './types';

/** Tickets (SPEC §7): create, generate the blank, run an action, attach the signature file. */

/** POST /v1/projects/ticket {projectId, status}. */
export function createTicket(input: TicketCreateInput) {
  return unwrap(api().main.POST('/v1/projects/ticket', { body: input }));
}

/** PATCH /v1/projects/ticket/{id}/blank — generates (or regenerates) the blank to sign; answers the ticket with fileId. */
export function generateTicketBlank(id: number) {
  return unwrap(api().main.PATCH('/v1/projects/ticket/{id}/blank', { params: { path: { id } } }));
}

/** PATCH /v1/projects/ticket/{id}/{action}. */
export function runTicketAction({ id, action }: { id: number; action: TicketAction }) {
  return unwrap(api().main.PATCH('/v1/projects/ticket/{id}/{action}', { params: { path: { id, action } } }));
}

/** POST /v1/projects/ticket-signature {ticketId, fileId}. */
export function attachTicketSignature(input: TicketSignatureInput) {
  return unwrap(api().main.POST('/v1/projects/ticket-signature', { body: input }));
}

/** A changed ticket is put into the cache as is; the signature answer only says success, so the ticket is refetched. */
const storeTicket = (ticket: Ticket, client: QueryClient) =>
  client.setQueryData(ticketKeys.detail(ticket.id), ticket);

export const createTicketMutation = () =>
  mutationOptions({ mutationKey: [...ticketKeys.all, 'create'], mutationFn: createTicket, onSuccess: (ticket, _i, _r, { client }) => storeTicket(ticket, client) });

export const generateTicketBlankMutation = () =>
  mutationOptions({ mutationKey: [...ticketKeys.all, 'blank'], mutationFn: generateTicketBlank, onSuccess: (ticket, _i, _r, { client }) => storeTicket(ticket, client) });

export const ticketActionMutation = () =>
  mutationOptions({ mutationKey: [...ticketKeys.all, 'action'], mutationFn: runTicketAction, onSuccess: (ticket, _i, _r, { client }) => storeTicket(ticket, client) });

export const attachTicketSignatureMutation = () =>
  mutationOptions({
    mutationKey: [...ticketKeys.all, 'signature'],
    mutationFn: attachTicketSignature,
    onSuccess: (_answer, input, _r, { client }) => client.invalidateQueries({ queryKey: ticketKeys.detail(input.ticketId) }),
  });
