import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The four hosts of SPEC §7, each served under a same-origin prefix (DESIGN.md "Reference back end"). */
export const HOSTS = {
  main: { file: 'main.yaml', prefix: '/hosts/main' },
  contest: { file: 'contest.yaml', prefix: '/hosts/contest' },
  messages: { file: 'messages.yaml', prefix: '/hosts/messages' },
  support: { file: 'support.yaml', prefix: '/hosts/support' },
} as const;
export type HostName = keyof typeof HOSTS;

export type Json = any;

export interface Operation {
  host: HostName;
  operationId: string;
  method: string;
  path: string;
  parameters: Json[];
  requestBody?: Json;
  responses: Record<string, Json>;
  secured: boolean;
  /** Body limits of the operation (`x-limits` of the spec over the defaults below). */
  limits: BodyLimits;
}

/**
 * How much a request may carry (openapi/README.md "Body limits"): a JSON body, each file part and the number of file
 * parts of a multipart body. Defaults fit ordinary calls and SPEC §9 file fields (100 MB); an operation's `x-limits`
 * (`body`, `file`, `files`) tightens or widens them. Past a limit the server answers 413 before reading on.
 */
export interface BodyLimits {
  body: number;
  file: number;
  files: number;
}

export const DEFAULT_LIMITS: BodyLimits = { body: 2 * 1024 * 1024, file: 104_857_600, files: 20 };

export interface LoadedSpec {
  host: HostName;
  doc: Json;
  operations: Operation[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function loadSpec(host: HostName): LoadedSpec {
  const doc = parse(readFileSync(path.join(ROOT, 'openapi', HOSTS[host].file), 'utf8'));
  const operations: Operation[] = [];
  const topSecurity: Json[] = doc.security ?? [];
  for (const [p, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const security: Json[] = op.security ?? topSecurity;
      operations.push({
        host,
        operationId: op.operationId,
        method: method.toUpperCase(),
        path: p,
        parameters: [...(item.parameters ?? []), ...(op.parameters ?? [])].map((param: Json) => deref(doc, param)),
        requestBody: op.requestBody ? deref(doc, op.requestBody) : undefined,
        responses: Object.fromEntries(Object.entries<Json>(op.responses ?? {}).map(([code, r]) => [code, deref(doc, r)])),
        secured: security.length > 0,
        limits: { ...DEFAULT_LIMITS, ...(op['x-limits'] ?? {}) },
      });
    }
  }
  return { host, doc, operations };
}

/** Resolves a local $ref of a parameter, body or response object (schemas are left to Ajv). */
export function deref(doc: Json, node: Json): Json {
  let current = node;
  for (let i = 0; i < 10 && current && typeof current.$ref === 'string'; i++) {
    const parts = current.$ref.replace(/^#\//, '').split('/');
    current = parts.reduce((acc: Json, key: string) => acc?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return current;
}
