import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Ajv2020, { type ValidateFunction, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { HOSTS, loadSpec, type HostName, type Json, type LoadedSpec, type Operation } from './spec';
import { HttpError, JsonReply, RawReply, errorBody } from './http';
import { DEFAULT_HOLD_MS, MALFORMED_BODY, holdUntilClientGone, mutateBody, takeFault, type Fault } from './faults';

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
  for (const host of Object.keys(HOSTS) as HostName[]) {
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
        url: HOSTS[host].prefix + toFastifyPath(op.path),
        handler: async (request, reply) => handle(request, reply, compiled, handler, options),
      });
    }
  }
  return { operations: all };
}

async function handle<User>(
  request: FastifyRequest,
  reply: FastifyReply,
  compiled: CompiledOp,
  handler: Handler<User> | undefined,
  options: RouterOptions<User>,
) {
  const { op } = compiled;
  const fault = takeFault(options.faults, op.operationId, op.method, request.url, bearer(request), () => JSON.stringify(request.body ?? null));
  if (fault?.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
  if (fault?.timeout) {
    await holdUntilClientGone(reply.raw, fault.holdMs ?? DEFAULT_HOLD_MS);
    return reply.code(504).send(errorBody(504, 'Сервер не ответил вовремя (имитация сбоя)'));
  }
  if (fault?.malformed) return reply.code(200).type('application/json').send(MALFORMED_BODY);
  if (fault?.status) return reply.code(fault.status).send(errorBody(fault.status, 'Сервис временно недоступен (имитация сбоя)'));

  try {
    const token = bearer(request);
    const user = await options.authenticate(token, op);
    const params = { ...(request.params as Json) };
    if (!compiled.params(params)) throw new HttpError(400, 'Неверные параметры пути', requestErrors(compiled.params.errors, 'path'));
    const query = { ...(request.query as Json) };
    if (!compiled.query(query)) throw new HttpError(400, 'Неверные параметры запроса', requestErrors(compiled.query.errors, 'query'));

    let body: Json = undefined;
    const files: Record<string, UploadedFile[]> = {};
    const contentType = String(request.headers['content-type'] ?? '');
    if (compiled.multipart && contentType.startsWith('multipart/form-data')) {
      body = {};
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const data = await part.toBuffer();
          (files[part.fieldname] ??= []).push({ fieldName: part.fieldname, fileName: part.filename, mimeType: part.mimetype, data });
          const placeholder = `file:${part.filename}`;
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

    if (!handler) throw new HttpError(500, `Операция ${op.operationId} не реализована эталонным сервером`);
    const origin = `${request.protocol}://${request.headers.host ?? 'localhost'}`;
    const result = await handler({ op, params: params as Record<string, Json>, query: query as Record<string, Json>, body, files, user, token, origin });
    if (fault?.mutate) return sendMutated(reply, compiled, result, fault, options);
    return send(reply, compiled, result, options);
  } catch (error) {
    if (error instanceof HttpError) {
      return send(reply, compiled, new JsonReply(error.status, errorBody(error.status, error.message, error.errors)), options);
    }
    request.log.error(error);
    return send(reply, compiled, new JsonReply(500, errorBody(500, 'Внутренняя ошибка сервера')), options);
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
  if (!header || !header.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
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
