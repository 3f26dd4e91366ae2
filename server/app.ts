import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { registerCors } from './lib/cors';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Db } from './lib/db';
import { ROOT } from './lib/spec';
import { registerOpenApi, type ContractViolation, type Fault, type Handlers } from './lib/router';
import { parseFaults, replaceFaults } from './lib/faults';
import { createServices, type AuthUser, type Services } from './lib/services';
import { authHandlers, authenticator } from './domains/auth';
import { userHandlers } from './domains/users';
import { serviceMessageHandlers } from './domains/service-message';
import { SSO_CSS, registerSso } from './domains/sso';
import { competitionsHandlers } from './domains/competitions';
import { questionnaireHandlers } from './domains/questionnaire';
import { tasksHandlers } from './domains/tasks';
import { signingHandlers } from './domains/signing';
import { projectsHandlers, registerProjectWidget } from './domains/projects';
import { ridHandlers } from './domains/rid';
import { calendarHandlers } from './domains/calendar';
import { messagesHandlers } from './domains/messages';
import { supportHandlers } from './domains/support';
import { stashHandlers } from './domains/stash';
import { contestHandlers } from './domains/contest';
import { reportsHandlers } from './domains/reports';
import { projects_v1Handlers } from './domains/projects-v1';
import { seedAll } from './seed';
import { applyHostileContent } from './lib/hostile';

export interface ServerOptions {
  /** Database directory; null keeps it in memory (tests). */
  dataDir: string | null;
  /** Re-seed the demo data even when the database already has it. */
  reset?: boolean;
  /** Enables /__test/* (fault injection, clock, reset, contract violations). Never on in production. */
  testControl?: boolean;
  /** Serve the built app from dist/. */
  serveApp?: boolean;
  signingMode?: 'plugin' | 'demo';
  tokenTtlSeconds?: number;
  logger?: boolean;
}

export interface ReferenceServer {
  app: FastifyInstance;
  services: Services;
  violations: ContractViolation[];
  faults: Fault[];
  missing: string[];
  operationCount: number;
}

/** Content Security Policy of the app (documented in README "Security"): no inline or foreign scripts. */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Chakra UI (emotion) injects <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/**
 * The project widget's frame (public/widget/frame.html): the same policy, but it may be framed by the app itself.
 * A widget on another origin adds that origin to script-src and connect-src here only — never to the app's CSP.
 */
export const WIDGET_FRAME_CSP = CSP.replace("frame-ancestors 'none'", "frame-ancestors 'self'");

export async function createReferenceServer(options: ServerOptions): Promise<ReferenceServer> {
  const db = await Db.open(options.dataDir);
  const services = createServices(db, { tokenTtlSeconds: options.tokenTtlSeconds ?? 8 * 3600 });
  const seeded = await db.one<{ n: string }>('SELECT count(*) AS n FROM users');
  if (options.reset || Number(seeded?.n ?? 0) === 0) await seedAll(services);

  // Routes of the specs set their own limits (openapi/README.md "Body limits"); this one covers the others.
  const app = Fastify({ logger: options.logger ? { level: 'warn' } : false, bodyLimit: 1024 * 1024, trustProxy: true });
  await app.register(multipart);
  registerCors(app);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    if (request.url.startsWith('/widget/frame.html')) reply.header('Content-Security-Policy', WIDGET_FRAME_CSP);
    else if (!request.url.startsWith('/hosts/')) reply.header('Content-Security-Policy', CSP);
  });

  const handlers: Handlers<AuthUser | null> = {
    ...authHandlers(services),
    ...userHandlers(services),
    ...serviceMessageHandlers(services),
    ...competitionsHandlers(services),
    ...questionnaireHandlers(services),
    ...tasksHandlers(services),
    ...signingHandlers(services),
    ...projectsHandlers(services),
    ...ridHandlers(services),
    ...calendarHandlers(services),
    ...messagesHandlers(services),
    ...supportHandlers(services),
    ...contestHandlers(services),
    ...stashHandlers(services),
    ...reportsHandlers(services),
    ...projects_v1Handlers(services),
  };
  const violations: ContractViolation[] = [];
  const faults: Fault[] = [];
  const missing: string[] = [];
  const { operations } = registerOpenApi(app, { handlers, authenticate: authenticator(services), faults, violations, missing });

  registerSso(app, services);
  registerProjectWidget(app);
  app.get('/sso/style.css', async (_req, reply) => reply.type('text/css').header('Cache-Control', 'max-age=3600').send(SSO_CSS));

  // Runtime config of this deployment (DESIGN.md "Runtime configuration"): same-origin hosts.
  app.get('/config.json', async (_req, reply) =>
    reply.header('Cache-Control', 'no-cache').send({
      apiMain: '/hosts/main',
      apiContest: '/hosts/contest',
      apiMessages: '/hosts/messages',
      apiSupport: '/hosts/support',
      authorizeUrl: '/sso/authorize',
      clientId: 'personal-account',
      widgetUrl: '/widget/project-widget.js',
      messagingProject: 'grants-cabinet',
      signingMode: options.signingMode ?? 'demo',
    }),
  );

  if (options.testControl) {
    app.get('/__test/violations', async () => violations);
    // Faults: status, delayMs, malformed, timeout (+ holdMs), mutate (+ count), times — see server/lib/faults.ts.
    // ?token=… scopes them to one test's sign-in; without it they apply to every request.
    const scopeOf = (request: { query: unknown }) => {
      const token = (request.query as { token?: unknown }).token;
      return typeof token === 'string' && token ? token : undefined;
    };
    app.post('/__test/faults', async (request, reply) => {
      let next: Fault[];
      try {
        next = parseFaults(request.body);
      } catch (error) {
        return reply.code(400).send({ ok: false, message: (error as Error).message });
      }
      replaceFaults(faults, next, scopeOf(request));
      return { ok: true, faults: faults.length };
    });
    app.delete('/__test/faults', async (request) => {
      replaceFaults(faults, [], scopeOf(request));
      return { ok: true };
    });
    app.post('/__test/clock', async (request) => {
      services.clock.offsetMs = Number((request.body as { offsetMs?: number })?.offsetMs ?? 0);
      return { ok: true, now: services.clock.now() };
    });
    app.post('/__test/reset', async () => {
      await seedAll(services);
      violations.splice(0);
      faults.splice(0);
      services.clock.offsetMs = 0;
      return { ok: true };
    });
    // Security test: every server-provided text gets script, markup and file-name payloads (server/lib/hostile.ts).
    app.post('/__test/hostile', async () => applyHostileContent(services));
  }

  const dist = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(ROOT, 'dist');
  if (options.serveApp && existsSync(path.join(dist, 'index.html'))) {
    const indexHtml = readFileSync(path.join(dist, 'index.html'));
    await app.register(fastifyStatic, {
      root: dist,
      index: false,
      wildcard: true,
      // .br/.gz files are written beside each asset at build time (scripts/compress-dist.mjs).
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else res.header('Cache-Control', 'no-cache');
      },
    });
    app.setNotFoundHandler((request, reply) => {
      const wantsHtml = request.method === 'GET' && String(request.headers.accept ?? '').includes('text/html');
      if (wantsHtml && !/^\/(hosts|sso|widget|__test)\//.test(request.url)) {
        return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
      }
      return reply.code(404).send({ name: 'Not Found', message: 'Не найдено', status: 404 });
    });
  }

  return { app, services, violations, faults, missing, operationCount: operations.length };
}
