/**
 * Typed handlers: every operation of the four specs (openapi/*.yaml) with the request and response types generated
 * from them (`npm run gen:api`, src/lib/api/generated). A handler declared here gets `params`, `query`, `body` and its
 * answer checked against its operation; the router still validates every request and response at run time.
 */
import type { components as MainComponents, operations as MainOperations } from '../../src/lib/api/generated/main';
import type { components as ContestComponents, operations as ContestOperations } from '../../src/lib/api/generated/contest';
import type { operations as MessagesOperations } from '../../src/lib/api/generated/messages';
import type { operations as SupportOperations } from '../../src/lib/api/generated/support';
import type { JsonReply, RawReply } from './http';
import type { Handlers, RequestContext } from './router';
import type { AuthUser } from './services';
import type { HostName } from './spec';

/** The operations of each host (HOSTS in ./spec); operationIds are unique across the four specs. */
export interface HostOperations {
  main: MainOperations;
  contest: ContestOperations;
  messages: MessagesOperations;
  support: SupportOperations;
}
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
export type Operations = UnionToIntersection<HostOperations[HostName]>;
export type OperationId = keyof Operations;

/**
 * Operations open without a token (`security: []` in the spec); every other one requires a live token, so its handler
 * always has a user (the router's `authenticate` answers 401 before the handler otherwise). server/lib/operations.test.ts
 * keeps this list equal to the specs.
 */
export const PUBLIC_OPERATIONS = ['authSetCode', 'authRenewToken'] as const satisfies readonly OperationId[];
export type PublicOperationId = (typeof PUBLIC_OPERATIONS)[number];

/** A schema of the main or contest spec, for serializers that turn loosely typed stored data into an answer. */
export type MainSchema<Name extends keyof MainComponents['schemas']> = MainComponents['schemas'][Name];
export type ContestSchema<Name extends keyof ContestComponents['schemas']> = ContestComponents['schemas'][Name];

type Or<T, Default> = [T] extends [never] ? Default : T;
type Part<O, K extends string> = O extends { parameters: { [P in K]?: infer V } } ? Or<NonNullable<V>, Record<string, never>> : Record<string, never>;
type RequestBodyOf<O> = O extends { requestBody?: infer B } ? B : undefined;
type ContentOf<B> = B extends { content: infer C } ? C[keyof C] : never;
/** The request body of an operation: JSON or multipart fields (files arrive as `file:<name>` placeholders); undefined if optional. */
export type BodyOf<O> = Or<ContentOf<NonNullable<RequestBodyOf<O>>>, undefined> | (undefined extends RequestBodyOf<O> ? undefined : never);

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : never;
type ResponsesOf<O> = O extends { responses: infer R } ? R : never;
type SuccessOf<O> = ResponsesOf<O> extends { 200: infer R } ? JsonOf<R> : never;
/** What a handler may answer: the JSON of its 200 response, or a JsonReply / RawReply for other statuses and types. */
export type ResultOf<O> = Or<SuccessOf<O>, undefined> | JsonReply | RawReply;

export interface OperationContext<O, User = AuthUser> extends Omit<RequestContext<User>, 'params' | 'query' | 'body'> {
  params: Part<O, 'path'>;
  query: Part<O, 'query'>;
  body: BodyOf<O>;
}

export type UserOf<Id extends OperationId> = Id extends PublicOperationId ? AuthUser | null : AuthUser;
export type ContextOf<Id extends OperationId> = OperationContext<Operations[Id], UserOf<Id>>;
export type ResultOfId<Id extends OperationId> = ResultOf<Operations[Id]>;
export type OperationHandler<Id extends OperationId> = (ctx: ContextOf<Id>) => Promise<ResultOfId<Id>> | ResultOfId<Id>;

/** Handlers of some operations, each typed from its operation. */
export type OperationHandlers = { [Id in OperationId]?: OperationHandler<Id> };

/**
 * The router's view of typed handlers: one map by operationId taking the validated request. The cast is sound because
 * the router calls each handler only for its own operation, after checking the request against that operation's schema
 * (and, for a secured operation, after `authenticate` found a user).
 */
export const routerHandlers = (handlers: OperationHandlers) => handlers as unknown as Handlers<AuthUser | null>;
