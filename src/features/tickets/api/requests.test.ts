import { describe, it } from 'vitest';
import { expectRequest, read, recordRequests } from '@/lib/api/request-recorder';
import { ticketQuery } from './queries';
import { attachTicketSignature, createTicket, generateTicketBlank, runTicketAction } from './ticket-actions';

/**
 * Checks that every call of this feature's API modules sends the request the spec describes (method, path, query,
 * body, bearer token, binary answers as Blob) — without a server: fetch is replaced by a recorder.
 */
recordRequests();


describe('tickets API modules', () => {
  it('reads a ticket', () => expectRequest(() => read(ticketQuery(4)), { method: 'GET', path: '/main/v1/projects/ticket/4' }));
  it('creates a ticket {projectId, status}', () =>
    expectRequest(() => createTicket({ projectId: 2, status: 'new' }), { method: 'POST', path: '/main/v1/projects/ticket', json: { projectId: 2, status: 'new' } }));
  it('generates the blank', () => expectRequest(() => generateTicketBlank(4), { method: 'PATCH', path: '/main/v1/projects/ticket/4/blank' }));
  it.each(['send', 'accept', 'reject', 'cancel', 'to-draft'])('runs the action %s', (action) =>
    expectRequest(() => runTicketAction({ id: 4, action }), { method: 'PATCH', path: `/main/v1/projects/ticket/4/${action}` }));
  it('attaches the signature {ticketId, fileId}', () =>
    expectRequest(() => attachTicketSignature({ ticketId: 4, fileId: 9 }), { method: 'POST', path: '/main/v1/projects/ticket-signature', json: { ticketId: 4, fileId: 9 } }));
});
