import type { Client } from 'openapi-fetch';
import { api } from '../api/clients';
import { unwrap } from '../api/transport';
import type { paths as MainPaths } from '../api/generated/main';
import type { ServerDraft } from './outbox';
import type { OutboxRow } from './schema';

/**
 * The stash calls of the offline layer (SPEC §7 "Stash (draft store)"), through the main API client: its middleware
 * attaches the bearer token at send time — the outbox never stores a token or a prepared request.
 */
export interface StashTransport {
  get(hash: string, signal?: AbortSignal): Promise<ServerDraft>;
  /** Sends one outbox row; throws ApiError (status 0 for network failures). */
  write(row: OutboxRow, signal?: AbortSignal): Promise<void>;
  /** Connectivity proof and the id of the user the current token belongs to. */
  whoAmI(signal?: AbortSignal): Promise<number>;
}

/** The stash calls through a main API client: the page's (its middleware attaches the token) or the worker's. */
export function stashTransport(client: () => Client<MainPaths>): StashTransport {
  return {
    async get(hash, signal) {
      const stash = await unwrap(client().GET('/v2/stash', { params: { query: { hash } }, signal, cache: 'no-store' }));
      return { values: stash.values ?? {}, seqs: stash.seqs ?? {} };
    },
    async write(row, signal) {
      const { hash, field, opId, seq } = row;
      if (row.kind === 'set') {
        await unwrap(client().POST('/v2/stash', { body: { hash, field, value: row.value as never, opId, seq }, signal }));
      } else if (row.kind === 'delete') {
        await unwrap(client().DELETE('/v2/stash/field', { params: { query: { hash, field, opId, seq } }, signal }));
      } else {
        await unwrap(client().POST('/v2/stash/clear', { body: { hash, opId, seq }, signal }));
      }
    },
    async whoAmI(signal) {
      const user = await unwrap(client().GET('/v1/users/info', { signal, cache: 'no-store' }));
      return user.id;
    },
  };
}

/** The page's stash calls (the app's main API client). */
export const apiStashTransport = (): StashTransport => stashTransport(() => api().main);
