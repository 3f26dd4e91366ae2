import createClient, { type Client } from 'openapi-fetch';
import type { paths as MainPaths } from './generated/main';
import type { paths as ContestPaths } from './generated/contest';
import type { paths as MessagesPaths } from './generated/messages';
import type { paths as SupportPaths } from './generated/support';
import { getConfig } from '../config';
import { authMiddleware, fetchWithTimeout } from './transport';
import { takeEarlyAnswer } from './early-calls';

/** One openapi-fetch client per host (DESIGN.md convention 4); base URLs come from /config.json. */
export interface ApiClients {
  main: Client<MainPaths>;
  contest: Client<ContestPaths>;
  messages: Client<MessagesPaths>;
  support: Client<SupportPaths>;
}

let clients: ApiClients | null = null;

export function api(): ApiClients {
  if (clients) return clients;
  const config = getConfig();
  const mainAuth = authMiddleware({ mainBaseUrl: config.apiMain, signOutOn401: true });
  // The messaging and support hosts are not "main APIs" (SPEC §8): their 401 must not sign the user out.
  const sideAuth = authMiddleware({ mainBaseUrl: config.apiMain, signOutOn401: false });
  // Every call gives up after a time-out with a Russian message (transport.ts). The first calls of a signed-in screen
  // may already be on their way, started by boot.js (early-calls.ts).
  const timedFetch = fetchWithTimeout((request) => takeEarlyAnswer(request) ?? fetch(request));
  const main = createClient<MainPaths>({ baseUrl: config.apiMain, fetch: timedFetch });
  const contest = createClient<ContestPaths>({ baseUrl: config.apiContest, fetch: timedFetch });
  const messages = createClient<MessagesPaths>({ baseUrl: config.apiMessages, fetch: timedFetch });
  const support = createClient<SupportPaths>({ baseUrl: config.apiSupport, fetch: timedFetch });
  main.use(mainAuth);
  contest.use(mainAuth);
  messages.use(sideAuth);
  support.use(sideAuth);
  clients = { main, contest, messages, support };
  return clients;
}

/** Multipart bodies: openapi-fetch sends FormData as is when given this serializer. */
export function formData(fields: Record<string, string | Blob | number | boolean | null | undefined | (string | Blob)[]>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) form.append(key, item);
    else form.append(key, value instanceof Blob ? value : String(value));
  }
  return form;
}

export const multipart = { bodySerializer: (body: unknown) => body as FormData };
