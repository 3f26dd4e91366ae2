import createClient, { type Client } from 'openapi-fetch';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { paths as MainPaths } from '../../src/lib/api/generated/main';
import type { paths as ContestPaths } from '../../src/lib/api/generated/contest';
import type { paths as MessagesPaths } from '../../src/lib/api/generated/messages';
import type { paths as SupportPaths } from '../../src/lib/api/generated/support';
import { createReferenceServer, type ReferenceServer } from '../app';
import { issueToken } from '../domains/auth';
import { HOSTS, loadSpec, type HostName, type Operation } from '../lib/spec';
import type { Services } from '../lib/services';

/**
 * The contract test harness: the reference server in process on an ephemeral port, typed openapi-fetch clients
 * generated from the same specs (src/lib/api/generated), and a recorder that maps every HTTP exchange back to its
 * operationId so coverage is measured from what really went over the wire, not from what a case claims.
 */

export interface Clients {
  main: Client<MainPaths>;
  contest: Client<ContestPaths>;
  messages: Client<MessagesPaths>;
  support: Client<SupportPaths>;
}

/** Demo accounts by role (server/seed/users.ts; role ids SPEC §6). */
export const ROLE_USERS = {
  manager: 1,
  admin: 2,
  contestAdmin: 3,
  monitor: 4,
  expert: 5,
  grantee: 7,
  user: 8,
  monitorExt: 10,
  noRole: 11,
} as const;
export type Role = keyof typeof ROLE_USERS;

export interface Exchange {
  operationId: string | null;
  method: string;
  path: string;
  status: number;
  case: string | null;
}

interface Route {
  operationId: string;
  method: string;
  regex: RegExp;
  params: number;
  host: HostName;
}

export function allOperations(): Operation[] {
  return (Object.keys(HOSTS) as HostName[]).flatMap((h) => loadSpec(h).operations);
}

function routes(): Route[] {
  return allOperations().map((op) => {
    const pattern = HOSTS[op.host].prefix + op.path;
    const params = (pattern.match(/\{[^}]+\}/g) ?? []).length;
    const source = pattern.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+').replace(/\{[^}]+\}/g, '[^/]+');
    return { operationId: op.operationId, method: op.method, regex: new RegExp(`^${source}$`), params, host: op.host };
  });
}

/** Like the router: a literal path segment wins over a parameter ("/template" before "/{id}"). */
export function operationOf(table: Route[], method: string, path: string): string | null {
  const matches = table.filter((r) => r.method === method && r.regex.test(path)).sort((a, b) => a.params - b.params);
  return matches[0]?.operationId ?? null;
}

export interface Harness {
  server: ReferenceServer;
  s: Services;
  baseUrl: string;
  exchanges: Exchange[];
  /** Name of the case now running (exchanges are tagged with it). */
  current: { case: string | null };
  as(role: Role | number): Promise<Clients>;
  anon: Clients;
  token(role: Role | number): Promise<string>;
  close(): Promise<void>;
}

/** The reference server on embedded PGlite in memory, or on a PostgreSQL server when `databaseUrl` is given. */
export async function startHarness(options: { databaseUrl?: string } = {}): Promise<Harness> {
  const server = await createReferenceServer({ dataDir: null, databaseUrl: options.databaseUrl, testControl: true });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const table = routes();
  const exchanges: Exchange[] = [];
  const current = { case: null as string | null };

  const recordingFetch = async (input: Request) => {
    const response = await fetch(input);
    const url = new URL(input.url);
    exchanges.push({ operationId: operationOf(table, input.method, url.pathname), method: input.method, path: url.pathname + url.search, status: response.status, case: current.case });
    return response;
  };

  function clients(token: string | null): Clients {
    const make = <P extends object>(host: HostName) => {
      const client = createClient<P>({ baseUrl: baseUrl + HOSTS[host].prefix, fetch: recordingFetch });
      if (token) {
        client.use({
          onRequest({ request }) {
            request.headers.set('Authorization', `Bearer ${token}`);
            return request;
          },
        });
      }
      return client;
    };
    return { main: make<MainPaths>('main'), contest: make<ContestPaths>('contest'), messages: make<MessagesPaths>('messages'), support: make<SupportPaths>('support') };
  }

  const tokens = new Map<number, string>();
  async function token(role: Role | number) {
    const id = typeof role === 'number' ? role : ROLE_USERS[role];
    if (!tokens.has(id)) tokens.set(id, (await issueToken(server.services, id)).result.token);
    return tokens.get(id)!;
  }

  return {
    server,
    s: server.services,
    baseUrl,
    exchanges,
    current,
    anon: clients(null),
    token,
    async as(role) {
      return clients(await token(role));
    },
    async close() {
      await server.app.close();
      await server.services.db.close();
    },
  };
}

// ------------------------------------------------------------------ assertions

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** Expects a 2xx answer (the given status when set) and returns its data. */
export async function ok<T>(call: Promise<FetchResult<T>>, status?: number): Promise<NonNullable<T>> {
  const { data, error, response } = await call;
  const detail = `${response.status} ${response.url}: ${JSON.stringify(error ?? null).slice(0, 600)}`;
  expect(response.ok, detail).toBe(true);
  if (status !== undefined) expect(response.status, detail).toBe(status);
  return data as NonNullable<T>;
}

export interface ErrorBody {
  message: string;
  errors?: { field?: string; message: string; valueIndex?: number; groupIndex?: number }[];
}

/** Expects an error answer with this status (and, when given, a message or field error containing the text). */
export async function fails(call: Promise<FetchResult<unknown>>, status: number, text?: string): Promise<ErrorBody> {
  const { data, error, response } = await call;
  const body = (error ?? data) as ErrorBody;
  expect(response.status, `${response.url} answered ${response.status}: ${JSON.stringify(body).slice(0, 600)}`).toBe(status);
  expect(typeof body?.message, 'error bodies carry a message (ErrorResponse)').toBe('string');
  if (text) {
    const all = [body.message, ...(body.errors ?? []).map((e) => `${e.field ?? ''}: ${e.message}`)].join(' | ');
    expect(all).toContain(text);
  }
  return body;
}

/** Multipart bodies through openapi-fetch: the FormData goes as is (like src/lib/api/clients.ts `multipart`). */
export const multipart = { bodySerializer: (body: unknown) => body as FormData };

export function form(fields: Record<string, string | number | Blob | (string | number | Blob)[] | undefined>): FormData {
  const out = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) out.append(key, item instanceof Blob ? item : String(item));
  }
  return out;
}

export const file = (content: string | Uint8Array, name: string, type = 'application/octet-stream') => new File([content], name, { type });

/** A body typed as the operation expects, built at run time (multipart FormData, deliberately wrong JSON). */
export const loose = (value: unknown) => value as any;

/** One case per operationId: it runs the happy path and at least one bad input of that operation. */
export type CaseFn = (h: Harness) => Promise<void>;
export type CaseTable = Record<string, CaseFn>;
