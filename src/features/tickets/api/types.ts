import type { components } from '@/lib/api/generated/main';

type Schemas = components['schemas'];
export type Ticket = Schemas['Ticket'];
export type TicketCreateInput = Schemas['TicketCreateInput'];
export type TicketSignatureInput = Schemas['TicketSignatureInput'];

/**
 * PATCH /v1/projects/ticket/{id}/{action}: the action names are not shown in SPEC; the reference back end knows
 * these (openapi/README.md), and any other lower-case name can still be sent.
 */
export type TicketAction = 'send' | 'accept' | 'reject' | 'cancel' | 'to-draft' | (string & {});
