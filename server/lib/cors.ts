import type { FastifyInstance } from 'fastify';

/**
 * Cross-origin answers of the hosts (no cookies are ever used: the `Authorization` header carries the token, so
 * `Access-Control-Allow-Credentials` is never sent and the allowed origin is echoed, never `*`).
 *
 * The reference deployment allows the origin `null` by default: the project widget runs in a frame sandboxed to
 * scripts only (src/features/projects/widget-loader.ts), whose requests say `Origin: null`. Granting `null` gives
 * nothing a bearer token does not already give.
 */
export const DEFAULT_CORS_ORIGINS = ['null'];

export function registerCors(app: FastifyInstance, origins: readonly string[] = DEFAULT_CORS_ORIGINS): void {
  const allowed = new Set(origins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Vary', 'Origin');
    reply.header('Access-Control-Expose-Headers', 'Content-Disposition');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
      reply.header('Access-Control-Allow-Headers', 'Authorization, Content-Type');
      reply.header('Access-Control-Max-Age', '600');
      return reply.code(204).send();
    }
  });
}
