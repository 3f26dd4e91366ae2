import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import Ajv2020, { type ValidateFunction, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { HOSTS, loadSpec, type HostName, type Json, type LoadedSpec, type Operation } from './spec';
import { HttpError, JsonReply, RawReply, errorBody, safeFileName } from './http';
import { DEFAULT_HOLD_MS, MALFORMED_BODY, holdUntilClientGone, mutateBody, slowLine, takeFault, type Fault, type SlowLine } from './faults';

export type { Fault } from './faults';

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  mimeType: string;
  data: Buffer;
}

export interface RequestContext<User = unknown> {
  op: Operation;
  params: Record<string, Json>;
  query: Record<string, Json>;
  body: Json;
  files: Record<string, UploadedFile[]>;
  user: User;
  token: string | null;
  origin: string;
}

export type Handler<User = unknown> = (ctx: RequestContext<User>) => Promise<unknown> | unknown;
export type Handlers<User = unknown> = Record<string, Handler<User>>;

export interface ContractViolation {
  operationId: string;
  status: number;
  direction: 'response';
  errors: string;
}

export interface RouterOptions<User> {
  handlers: Handlers<User>;
  authenticate: (token: string | null, op: Operation) => Promise<User>;
  faults: Fault[];
  violations: ContractViolation[];
  /** Operations without a handler: listed here (the contract test requires none). */
  missing: string[];
  /** The hosts served by this instance (default: all four). */
  hosts?: readonly HostName[];
  /** Path prefix of a host's operations: `/hosts/<name>` on a shared origin (default), '' on a host's own origin. */
  prefix?: (host: HostName) => string;
}

function createAjv(coerce: boolean) {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    allowUnionTypes: true,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: coerce,
    validateFormats: true,
  });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addKeyword({ keyword: 'x-assumed' });
  ajv.addKeyword({ keyword: 'x-assumed-reason' });
  return ajv;
}

/** Local refs of an operation's schema point into the host document registered under `${host}.json`. */
function rebase(schema: Json, host: HostName): Json {
  if (Array.isArray(schema)) return schema.map((s) => rebase(s, host));
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) {
    out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${host}.json${v}` : rebase(v, host);
  }
  return out;
}

function formatErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message}`).join('; ');
}

/** Russian message for a request that fails the contract (shown to users only through bugs; tests read it). */
function requestErrors(errors: ErrorObject[] | null | undefined, where: string) {
  return (errors ?? []).slice(0, 10).map((e) => {
    const field = (e.params as { missingProperty?: string }).missingProperty ?? e.instancePath.replace(/^\//, '').split('/')[0] ?? '';
    return { field: field || where, message: `Неверное значение (${where}${e.instancePath}): ${e.message}` };
  });
}

interface CompiledOp {
  op: Operation;
  params: ValidateFunction;
  query: ValidateFunction;
  json?: ValidateFunction;
  multipart?: ValidateFunction;
  multipartFileKeys: Set<string>;
  responses: Map<string, { json?: ValidateFunction; types: string[] }>;
}

function paramsSchema(op: Operation, where: 'path' | 'query'): Json {
  const list = op.parameters.filter((p) => p.in === where);
  return {
    type: 'object',
    properties: Object.fromEntries(list.map((p) => [p.name, p.schema ?? {}])),
    required: list.filter((p) => p.required || where === 'path').map((p) => p.name),
  };
}

function compile(spec: LoadedSpec, strictAjv: ReturnType<typeof createAjv>, coerceAjv: ReturnType<typeof createAjv>): CompiledOp[] {
  const host = spec.host;
  return spec.operations.map((op) => {
    const content = op.requestBody?.content ?? {};
    const jsonSchema = content['application/json']?.schema;
    const multipartSchema = content['multipart/form-data']?.schema;
    const multipartFileKeys = new Set<string>();
    if (multipartSchema) {
      const resolved = multipartSchema.$ref ? resolveRef(spec.doc, multipartSchema.$ref) : multipartSchema;
      for (const [k, v] of Object.entries<Json>(resolved?.properties ?? {})) {
        if (v.format === 'binary' || v.items?.format === 'binary') multipartFileKeys.add(k);
      }
    }
    const responses = new Map<string, { json?: ValidateFunction; types: string[] }>();
    for (const [code, response] of Object.entries<Json>(op.responses)) {
      const types = Object.keys(response?.content ?? {});
      const schema = response?.content?.['application/json']?.schema;
      responses.set(code, { types, json: schema ? strictAjv.compile(rebase(schema, host)) : undefined });
    }
    return {
      op,
      params: coerceAjv.compile(rebase(paramsSchema(op, 'path'), host)),
      query: coerceAjv.compile(rebase(paramsSchema(op, 'query'), host)),
      json: jsonSchema ? strictAjv.compile(rebase(jsonSchema, host)) : undefined,
      multipart: multipartSchema ? coerceAjv.compile(rebase(multipartSchema, host)) : undefined,
      multipartFileKeys,
      responses,
    };
  });
}

function resolveRef(doc: Json, ref: string): Json {
  return ref.replace(/^#\//, '').split('/').reduce((acc: Json, key: string) => acc?.[key], doc);
}

function findResponse(compiled: CompiledOp, status: number) {
  return compiled.responses.get(String(status)) ?? compiled.responses.get(`${String(status)[0]}XX`) ?? compiled.responses.get('default');
}

function toFastifyPath(p: string): string {
  return p.replace(/\{([^}]+)\}/g, ':$1');
}

/** Registers every operation of the four specs, validating requests and responses against them. */
export function registerOpenApi<User>(app: FastifyInstance, options: RouterOptions<User>): { operations: Operation[] } {
  const all: Operation[] = [];
  for (const host of options.hosts ?? (Object.keys(HOSTS) as HostName[])) {
    const prefix = options.prefix ? options.prefix(host) : HOSTS[host].prefix;
    const spec = loadSpec(host);
    const strictAjv = createAjv(false);
    const coerceAjv = createAjv(true);
    strictAjv.addSchema({ $id: `${host}.json`, components: spec.doc.components ?? {} });
    coerceAjv.addSchema({ $id: `${host}.json`, components: spec.doc.components ?? {} });
    for (const compiled of compile(spec, strictAjv, coerceAjv)) {
      const { op } = compiled;
      all.push(op);
      const handler = options.handlers[op.operationId];
      if (!handler) options.missing.push(op.operationId);
      app.route({
        method: op.method as 'GET',
        url: prefix + toFastifyPath(op.path),
        // A JSON body past the operation's limit is refused (413) from its Content-Length, before it is read.
        bodyLimit: op.limits.body,
        config: { compiled },
        // The token is checked before the body is read or parsed: an anonymous client cannot make the server buffer it.
        onRequest: async (request, reply) => {
          // Test faults act as the request arrives, before the token check (a delayed call meets a revoked token).
          const fault = takeFault(options.faults, op.operationId, op.method, request.url, bearer(request));
          if (fault) faultOf.set(request, fault);
          if (fault?.unreachable) return drop(reply);
          if (fault?.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
          if (fault?.timeout) {
            await holdUntilClientGone(reply.raw, fault.holdMs ?? DEFAULT_HOLD_MS);
            return reply.code(504).send(errorBody(504, 'Сервер не ответил вовремя (имитация сбоя)'));
          }
          if (fault?.malformed) return reply.code(200).type('application/json').send(MALFORMED_BODY);
          if (fault?.status) return reply.code(fault.status).send(errorBody(fault.status, 'Сервис временно недоступен (имитация сбоя)'));
          try {
            const token = bearer(request);
            signedIn.set(request, { user: await options.authenticate(token, op), token });
          } catch (error) {
            return failed(request, reply, compiled, error, options);
          }
        },
        handler: async (request, reply) => handle(request, reply, compiled, handler, options),
      });
    }
  }
  // Errors raised before the handler (body too large, broken JSON, unknown content type) answer in the error shape
  // of the specs, in Russian, and are checked against the operation's documented responses like any other answer.
  app.setErrorHandler((error, request, reply) => {
    const compiled = (request.routeOptions.config as { compiled?: CompiledOp }).compiled;
    if (compiled) return failed(request, reply, compiled, error, options);
    const refused = transportError(error);
    if (refused) return reply.code(refused.status).send(errorBody(refused.status, refused.message));
    request.log.error(error);
    return reply.code(500).send(errorBody(500, 'Внутренняя ошибка сервера'));
  });
  return { operations: all };
}

const signedIn = new WeakMap<FastifyRequest, { user: unknown; token: string | null }>();
const faultOf = new WeakMap<FastifyRequest, Fault>();

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/**
 * A request refused by the transport (Fastify's body parsers, @fastify/multipart) as an HttpError with a Russian
 * message; null for anything else (a real fault: 500).
 */
function transportError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  const e = error as { code?: string; statusCode?: number; message?: string };
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(413, 'Запрос слишком большой: сервер принимает меньше данных в этом вызове');
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, 'Файл слишком большой для этого вызова');
    case 'FST_FILES_LIMIT':
      return new HttpError(413, 'Слишком много файлов в одном запросе');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, 'Слишком много полей формы в одном запросе');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(400, 'Неподдерживаемый тип данных запроса (Content-Type)');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new HttpError(400, 'Пустое тело запроса с типом application/json');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new HttpError(400, 'Тело запроса повреждено или не является JSON');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PROTO_VIOLATION':
      return new HttpError(400, 'Повреждённые данные формы (multipart/form-data)');
  }
  if (error instanceof SyntaxError || e.code === 'FST_ERR_CTP_INVALID_JSON') return new HttpError(400, 'Тело запроса повреждено или не является JSON');
  // busboy: a body that ends early, a missing or broken boundary, a malformed part header.
  if (/unexpected end of (form|multipart data)|Malformed part header|Boundary not found|Unsupported Content-Type|Boundary required|Header size limit/i.test(e.message ?? '')) {
    return new HttpError(400, 'Повреждённые данные формы (multipart/form-data)');
  }
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) return new HttpError(400, 'Неверный запрос');
  return null;
}

/** Answers an error of a request to an operation: a known refusal as its 4xx, anything else as 500. */
function failed<User>(request: FastifyRequest, reply: FastifyReply, compiled: CompiledOp, error: unknown, options: RouterOptions<User>) {
  const refused = transportError(error);
  if (refused) {
    const message = refused.status === 413 ? `${refused.message} (${limitText(compiled.op, error)})` : refused.message;
    return send(reply, compiled, new JsonReply(refused.status, errorBody(refused.status, message, refused.errors)), options);
  }
  request.log.error(error);
  return send(reply, compiled, new JsonReply(500, errorBody(500, 'Внутренняя ошибка сервера')), options);
}

function limitText(op: Operation, error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return `не более ${mb(op.limits.file)} МБ на файл`;
  if (code === 'FST_FILES_LIMIT') return `не более ${op.limits.files}`;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return `не более ${mb(op.limits.body)} МБ`;
  return 'превышен предел';
}

async function handle<User>(
  request: FastifyRequest,
  reply: FastifyReply,
  compiled: CompiledOp,
  handler: Handler<User> | undefined,
  options: RouterOptions<User>,
) {
  const { op } = compiled;
  // A fault for one value (bodyIncludes) is known only once the JSON body is read; the others acted on arrival.
  const bodyFault = request.body === undefined ? undefined : takeFault(options.faults, op.operationId, op.method, request.url, bearer(request), () => JSON.stringify(request.body));
  if (bodyFault?.status) return reply.code(bodyFault.status).send(errorBody(bodyFault.status, 'Сервис временно недоступен (имитация сбоя)'));
  const fault = faultOf.get(request) ?? bodyFault;

  try {
    const { user, token } = signedIn.get(request) as { user: User; token: string | null };
    const params = { ...(request.params as Json) };
    if (!compiled.params(params)) throw new HttpError(400, 'Неверные параметры пути', requestErrors(compiled.params.errors, 'path'));
    const query = { ...(request.query as Json) };
    if (!compiled.query(query)) throw new HttpError(400, 'Неверные параметры запроса', requestErrors(compiled.query.errors, 'query'));
    assertPlainText(params, 'path');
    assertPlainText(query, 'query');

    let body: Json = undefined;
    const files: Record<string, UploadedFile[]> = {};
    const contentType = String(request.headers['content-type'] ?? '');
    if (compiled.multipart && contentType.startsWith('multipart/form-data')) {
      body = {};
      const limits = { fileSize: op.limits.file, files: op.limits.files, fields: 200, parts: 200 + op.limits.files };
      const line = fault?.uploadBytesPerSecond ? slowLine(fault.uploadBytesPerSecond) : null;
      for await (const part of request.parts({ limits })) {
        if (part.type === 'file') {
          const data = line ? await readSlowly(part, line) : await part.toBuffer();
          // Stored, listed, zipped and downloaded under the cleaned name only (src/lib/file-name.ts).
          const fileName = safeFileName(part.filename ?? '');
          (files[part.fieldname] ??= []).push({ fieldName: part.fieldname, fileName, mimeType: part.mimetype, data });
          const placeholder = `file:${fileName}`;
          addField(body, part.fieldname, placeholder, compiled.multipartFileKeys, op);
        } else {
          addField(body, part.fieldname, String(part.value), compiled.multipartFileKeys, op);
        }
      }
      if (!compiled.multipart(body)) throw new HttpError(422, 'Неверные данные формы', requestErrors(compiled.multipart.errors, 'body'));
    } else if (compiled.json) {
      body = request.body;
      if (body === undefined || body === null) {
        if (op.requestBody?.required) throw new HttpError(400, 'Тело запроса обязательно');
      } else if (!compiled.json(body)) {
        throw new HttpError(422, 'Неверные данные запроса', requestErrors(compiled.json.errors, 'body'));
      }
    } else if (compiled.multipart) {
      throw new HttpError(400, 'Ожидается multipart/form-data');
    }

    assertPlainText(body, 'body');
    if (!handler) throw new HttpError(500, `Операция ${op.operationId} не реализована эталонным сервером`);
    const origin = `${request.protocol}://${request.headers.host ?? 'localhost'}`;
    const result = await handler({ op, params: params as Record<string, Json>, query: query as Record<string, Json>, body, files, user, token, origin });
    if (fault?.dropAfterHandler) return drop(reply);
    if (fault?.mutate) return sendMutated(reply, compiled, result, fault, options);
    return send(reply, compiled, result, options);
  } catch (error) {
    // A client that left mid-body (closed, aborted) is owed no answer: nothing was handled and nothing failed here.
    if (clientGone(request)) return drop(reply);
    if (fault?.dropAfterHandler) return drop(reply);
    return failed(request, reply, compiled, error, options);
  }
}

/** The connection is gone before the whole request arrived (a cut-off upload). */
function clientGone(request: FastifyRequest): boolean {
  return !request.raw.complete && (request.raw.destroyed || !!request.raw.socket?.destroyed);
}

/** No answer at all (fault dropAfterHandler, a client gone): Fastify lets go of the reply and the connection is closed. */
function drop(reply: FastifyReply) {
  reply.hijack();
  reply.raw.destroy();
  return reply;
}

/** Fault `uploadBytesPerSecond`: a file part read through the slow line, refused past its limit as toBuffer() does. */
async function readSlowly(part: MultipartFile, line: SlowLine): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let truncated = false;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    // busboy stops the part at the operation's file limit and discards the rest: nothing more to wait for.
    truncated ||= part.file.truncated;
    if (truncated) continue;
    chunks.push(chunk);
    await line.take(chunk.length);
  }
  if (truncated) throw Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
  return Buffer.concat(chunks);
}

/** JSON nested deeper than this is refused (drafts, reports and forms need a handful of levels). */
export const MAX_JSON_DEPTH = 32;

/**
 * Refuses (400) what no text column or jsonb value can hold and what no form produces: a NUL character, a lone UTF-16
 * surrogate (in keys and values), an integer beyond 2^53 and nesting deeper than MAX_JSON_DEPTH. Walks without recursion, so a body nested
 * 10,000 levels deep cannot exhaust the stack.
 */
// eslint-disable-next-line no-control-regex -- the NUL character is exactly what is refused
const LONE_SURROGATE_OR_NUL = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function assertPlainText(value: Json, where: 'path' | 'query' | 'body') {
  const stack: { value: Json; depth: number }[] = [{ value, depth: 0 }];
  const bad = (text: string) => LONE_SURROGATE_OR_NUL.test(text);
  while (stack.length) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (bad(current)) throw new HttpError(400, `Недопустимый символ в данных запроса (${where}): нулевой символ или неполная суррогатная пара`);
      continue;
    }
    // 2^63 or 1e300 pass "type: integer" but fit no integer column and lose precision in JavaScript.
    if (typeof current === 'number' && Number.isInteger(current) && !Number.isSafeInteger(current)) {
      throw new HttpError(400, `Число вне допустимого диапазона в данных запроса (${where})`);
    }
    if (!current || typeof current !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) throw new HttpError(400, `Слишком глубокая вложенность данных запроса: не более ${MAX_JSON_DEPTH} уровней`);
    for (const [key, item] of Object.entries(current)) {
      if (bad(key)) throw new HttpError(400, `Недопустимый символ в имени поля запроса (${where}): нулевой символ или неполная суррогатная пара`);
      stack.push({ value: item, depth: depth + 1 });
    }
  }
}

function addField(body: Json, key: string, value: string, fileKeys: Set<string>, op: Operation) {
  const schema = op.requestBody?.content?.['multipart/form-data']?.schema;
  const isArray = fileKeys.has(key) ? Array.isArray(body[key]) || key.endsWith('[]') || isArrayProp(schema, key) : isArrayProp(schema, key);
  if (isArray) (body[key] ??= []).push(value);
  else body[key] = value;
}

function isArrayProp(schema: Json, key: string): boolean {
  return schema?.properties?.[key]?.type === 'array';
}

function send<User>(reply: FastifyReply, compiled: CompiledOp, result: unknown, options: RouterOptions<User>) {
  const { op } = compiled;
  if (result instanceof RawReply) {
    const documented = findResponse(compiled, result.status);
    const base = result.contentType.split(';')[0]!.trim();
    if (!documented || !documented.types.some((t) => t === base || t === '*/*' || (t.endsWith('/*') && base.startsWith(t.slice(0, -1))))) {
      return violation(reply, options, op, result.status, `content type ${base} is not documented for ${result.status}`);
    }
    reply.code(result.status).type(result.contentType);
    for (const [k, v] of Object.entries(result.headers)) reply.header(k, v);
    return reply.send(result.body);
  }
  const status = result instanceof JsonReply ? result.status : 200;
  const body = result instanceof JsonReply ? result.body : result;
  const documented = findResponse(compiled, status);
  if (!documented) {
    if (status >= 500) return reply.code(status).send(body); // an undocumented crash still reaches the client as 500
    return violation(reply, options, op, status, `status ${status} is not documented`);
  }
  if (documented.json && !documented.json(body)) {
    return violation(reply, options, op, status, formatErrors(documented.json.errors));
  }
  if (!documented.json && documented.types.length === 0) return reply.code(status).send();
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

function violation<User>(reply: FastifyReply, options: RouterOptions<User>, op: Operation, status: number, errors: string) {
  options.violations.push({ operationId: op.operationId, status, direction: 'response', errors });
  reply.log.error({ operationId: op.operationId, status, errors }, 'response violates the OpenAPI contract');
  return reply
    .code(500)
    .header('x-contract-violation', op.operationId)
    .send(errorBody(500, `Ответ сервера не соответствует спецификации (${op.operationId}): ${errors}`));
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  // RFC 7235: the scheme name is case-insensitive ("bearer", "BEARER").
  const match = /^bearer +(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * A damaged answer (fault `mutate`): the handler's successful JSON body is changed on purpose and is therefore not
 * validated — it must not count as a contract violation. Errors and non-JSON answers go out as usual.
 */
function sendMutated<User>(reply: FastifyReply, compiled: CompiledOp, result: unknown, fault: Fault, options: RouterOptions<User>) {
  const status = result instanceof JsonReply ? result.status : 200;
  if (result instanceof RawReply || status >= 300) return send(reply, compiled, result, options);
  const body = result instanceof JsonReply ? result.body : result;
  const mutated = mutateBody(body, fault.mutate!, fault.count);
  return reply.code(status).header('x-fault', fault.mutate!).type('application/json; charset=utf-8').send(JSON.stringify(mutated));
}
