import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import type { paths } from './generated/main';
import { api, formData, multipart } from './clients';
import { unwrap } from './transport';
import { keyedMutation } from './keyed-mutation';
import { PAGE_SIZE } from '../limits';

/**
 * The shape that the main API's record collections share (SPEC §7: consortiums, employees, grantee contacts, Center
 * NTI): POST /v1/<name> creates, PUT and DELETE /v1/<name>/{id} update and delete, and GET …/template, GET …/export and
 * POST …/import (multipart) carry the Excel side. A feature names its collection once; the request and answer types
 * still come from the spec through the collection's path.
 */

type Operation<P, M extends 'get' | 'post' | 'put' | 'delete'> = P extends keyof paths ? NonNullable<paths[P][M]> : never;
type Json<R> = R extends { content: { 'application/json': infer T } } ? T : never;
type JsonBody<O> = O extends { requestBody: { content: { 'application/json': infer T } } } ? T : never;
type JsonAnswer<O> = O extends { responses: { 200: infer R } } ? Json<R> : O extends { responses: { 201: infer R } } ? Json<R> : never;
type Query<O> = O extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** A collection that can be created and deleted: '/v1/<name>' with POST, '/v1/<name>/{id}' with DELETE. */
export type RecordCollection = {
  [P in keyof paths]: paths[P] extends { post: object } ? (`${P}/{id}` extends keyof paths ? (paths[`${P}/{id}`] extends { delete: object } ? P : never) : never) : never;
}[keyof paths];

/** A collection with the Excel side: GET …/template, GET …/export and POST …/import. */
export type SpreadsheetCollection = {
  [P in RecordCollection]: `${P}/template` extends keyof paths ? (`${P}/import` extends keyof paths ? (`${P}/export` extends keyof paths ? P : never) : never) : never;
}[RecordCollection];

type Init = { params?: { path?: { id: number }; query?: object }; body?: unknown; parseAs?: 'blob' } & Partial<typeof multipart>;
type LooseCall = (path: string, init?: Init) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** The main client called with a path built from the collection's name; the types above keep the calls to the spec. */
const main = () => api().main as unknown as Record<'GET' | 'POST' | 'PUT' | 'DELETE', LooseCall>;

export type RecordInput<C extends RecordCollection> = JsonBody<Operation<C, 'post'>>;
export type RecordOf<C extends RecordCollection> = JsonAnswer<Operation<C, 'post'>>;

/** Create, update and delete of one collection. */
export function recordRequests<C extends RecordCollection>(collection: C) {
  const item = `${collection}/{id}`;
  return {
    create: (input: RecordInput<C>) => unwrap(main().POST(collection, { body: input })) as Promise<RecordOf<C>>,
    update: ({ id, input }: { id: number; input: JsonBody<Operation<`${C}/{id}`, 'put'>> }) =>
      unwrap(main().PUT(item, { params: { path: { id } }, body: input })) as Promise<JsonAnswer<Operation<`${C}/{id}`, 'put'>>>,
    remove: (id: number) => unwrap(main().DELETE(item, { params: { path: { id } } })) as Promise<JsonAnswer<Operation<`${C}/{id}`, 'delete'>>>,
  };
}

/** A collection that is listed (GET '/v1/<name>') and read one by one (GET '/v1/<name>/{id}'). */
export type ReadableCollection = {
  [P in RecordCollection]: paths[P] extends { get: object } ? (paths[`${P}/{id}`] extends { get: object } ? P : never) : never;
}[RecordCollection];

/** What a collection's list is narrowed by: its GET query without the paging. */
export type RecordFilter<C extends ReadableCollection> = Omit<Query<Operation<C, 'get'>>, 'page' | 'pageSize'>;

/** The query keys of a listed and read collection (one factory per domain, DESIGN.md convention 4). */
export function recordKeys<Filter, const Domain extends string = string>(domain: Domain) {
  const all = [domain] as const;
  const lists = () => [...all, 'list'] as const;
  return {
    all,
    lists,
    list: (filter: Filter, page: number, pageSize: number) => [...lists(), filter, page, pageSize] as const,
    detail: (id: number) => [...all, 'detail', id] as const,
  };
}

/**
 * The paged list (with the collection's filter, all of whose fields are optional) and one record; a list shows the
 * page it has while the next one loads.
 */
export function recordQueries<C extends ReadableCollection, Filter extends object>(collection: C, keys: ReturnType<typeof recordKeys<Filter>>) {
  return {
    list: (filter: Filter = {} as Filter, page = 1, pageSize = PAGE_SIZE) =>
      queryOptions({
        queryKey: keys.list(filter, page, pageSize),
        queryFn: () => unwrap(main().GET(collection, { params: { query: { ...filter, page, pageSize } } })) as Promise<JsonAnswer<Operation<C, 'get'>>>,
        placeholderData: keepPreviousData,
      }),
    detail: (id: number) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: () => unwrap(main().GET(`${collection}/{id}`, { params: { path: { id } } })) as Promise<JsonAnswer<Operation<`${C}/{id}`, 'get'>>>,
      }),
  };
}

export type ImportOutcome<C extends SpreadsheetCollection> = JsonAnswer<Operation<`${C}/import`, 'post'>>;

/** The import template and the export (.xlsx as Blob), and the import of a filled template (.xlsx or .csv). */
export function spreadsheetRequests<C extends SpreadsheetCollection, Fields extends Record<string, number | undefined>>(collection: C) {
  return {
    /** GET …/template — the import template (.xlsx, header row plus an example). */
    template: (): Promise<Blob> => unwrap(main().GET(`${collection}/template`, { parseAs: 'blob' })) as Promise<Blob>,
    /** GET …/export — the records of the filter as .xlsx. */
    export: (filter?: Query<Operation<`${C}/export`, 'get'>>): Promise<Blob> =>
      unwrap(main().GET(`${collection}/export`, { params: { query: filter ?? {} }, parseAs: 'blob' })) as Promise<Blob>,
    /** POST …/import (multipart) — answers {success, imported, skipped, errors[{row, field, message}]}. */
    import: ({ file, ...fields }: { file: Blob } & Fields) =>
      unwrap(main().POST(`${collection}/import`, { body: formData({ file, ...fields }), ...multipart })) as Promise<ImportOutcome<C>>,
  };
}

/** The query keys a record collection's mutations refresh (DESIGN.md convention 4). */
export interface RecordKeys {
  all: QueryKey;
  lists: () => QueryKey;
  detail?: (id: number) => QueryKey;
}

/** Create: the lists are asked again. */
export const createMutation = <I, R>(keys: RecordKeys, mutationFn: (input: I) => Promise<R>) =>
  keyedMutation(keys.all, 'create', mutationFn, (client) => client.invalidateQueries({ queryKey: keys.lists() }));

/** Update: the record's own entry takes the answer, the lists are asked again. */
export const updateMutation = <I, R extends { id: number }>(keys: Required<RecordKeys>, mutationFn: (input: I) => Promise<R>) =>
  keyedMutation(keys.all, 'update', mutationFn, async (client, record) => {
    client.setQueryData(keys.detail(record.id), record);
    await client.invalidateQueries({ queryKey: keys.lists() });
  });

/** Delete: the record's own entry (where the collection has one) is dropped, the lists are asked again. */
export const deleteMutation = <R>(keys: RecordKeys, mutationFn: (id: number) => Promise<R>) =>
  keyedMutation(keys.all, 'delete', mutationFn, async (client, _answer, id) => {
    if (keys.detail) client.removeQueries({ queryKey: keys.detail(id) });
    await client.invalidateQueries({ queryKey: keys.lists() });
  });

/** Import: the lists are asked again. */
export const importMutation = <I, R>(keys: RecordKeys, mutationFn: (input: I) => Promise<R>) =>
  keyedMutation(keys.all, 'import', mutationFn, (client) => client.invalidateQueries({ queryKey: keys.lists() }));
