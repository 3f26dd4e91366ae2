import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Db, LOCKS } from './lib/db';
import { HOSTS, ROOT, type HostName, type Operation } from './lib/spec';
import { SECURITY_HEADERS, WIDGET_FRAME_PATH, cspFor, ssoCsp, widgetFrameCspFor } from './lib/csp';
import { registerOpenApi, type ContractViolation, type Fault } from './lib/router';
import { routerHandlers, type OperationHandlers } from './lib/operations';
import { parseFaults, replaceFaults } from './lib/faults';
import { createServices, type Services } from './lib/services';
import { authHandlers, authenticator } from './domains/auth';
import { userHandlers } from './domains/users';
import { serviceMessageHandlers } from './domains/service-message';
import { SSO_CSS, registerSso } from './domains/sso';
import { competitionsHandlers } from './domains/competitions';
import { questionnaireHandlers } from './domains/questionnaire/handlers';
import { tasksHandlers } from './domains/tasks/handlers';
import { signingHandlers } from './domains/signing';
import { projectsHandlers } from './domains/projects/handlers';
import { registerProjectWidget } from './domains/projects/widget';
import { ridHandlers } from './domains/rid';
import { calendarHandlers } from './domains/calendar';
import { messagesHandlers } from './domains/messages';
import { supportHandlers } from './domains/support';
import { stashHandlers } from './domains/stash';
import { contestHandlers } from './domains/contest/handlers';
import { reportsHandlers } from './domains/reports/handlers';
import { projects_v1Handlers } from './domains/projects-v1/handlers';
import { seedAll } from './seed';
import { addTestUser } from './seed/users';
import { seedTaskOwner } from './domains/tasks/seed';
import { applyHostileContent } from './lib/hostile';
import { pickBody, serveAssets, type EncodedBody } from './lib/static-assets';

export interface ServerOptions {
  /** Database directory; null keeps it in memory (tests). */
  dataDir: string | null;
  /** A PostgreSQL server (DATABASE_URL) instead of the embedded database; several processes may share it. */
  databaseUrl?: string | null;
  /** Re-seed the demo data even when the database already has it. */
  reset?: boolean;
  /** Enables /__test/* (fault injection, clock, reset, contract violations). Never on in production. */
  testControl?: boolean;
  /** Serve the built app from dist/. */
  serveApp?: boolean;
  signingMode?: 'plugin' | 'demo';
  tokenTtlSeconds?: number;
  logger?: boolean;
  /** The log (warnings and errors) goes here instead of stdout: a test reads what the server logged. */
  logStream?: { write(line: string): void };
  /**
   * Cross-origin deployment (README «Развёртывание»): each API host on its own origin, at the root of it. Given for all
   * four hosts or none; the main host's origin also serves the demo sign-on and the project widget. Without it every
   * host is served under /hosts/<name> of the app's origin.
   */
  hostOrigins?: Record<HostName, string>;
  /** Origins allowed to call the hosts (CORS) and to receive a sign-on code: the app's own origin(s). */
  appOrigins?: string[];
}

export interface ReferenceServer {
  /** The app's origin: the built app, config.json, test controls (and, same-origin, everything else). */
  app: FastifyInstance;
  /** Cross-origin deployment: one instance per API host (listen on its origin); empty otherwise. */
  hosts: { host: HostName; origin: string; app: FastifyInstance }[];
  /** Starts every listener: the app's on `port`/`host`, each API host on its own origin's host and port. */
  listen(port: number, host: string): Promise<void>;
  close(): Promise<void>;
  services: Services;
  violations: ContractViolation[];
  faults: Fault[];
  missing: string[];
  operationCount: number;
}

/** Content Security Policy of the app with every host under /hosts/* of its own origin (README "Security"). */
export const CSP = cspFor({ apiMain: '/', apiContest: '/', apiMessages: '/', apiSupport: '/', widgetUrl: '/' });

/**
 * CORS of an API host on its own origin, as a real host must answer: the app's origins only (never `*`), no
 * credentials (the token travels in Authorization, no cookies), preflight for Authorization and JSON/multipart bodies,
 * Content-Disposition readable (downloads name their files from it).
 */
export function corsOptions(appOrigins: string[]) {
  return {
    // "null": the project widget runs in a frame sandboxed to scripts only (opaque origin) and calls the main API with
    // the token it was given (src/features/projects/widget-loader.ts); a bearer token needs no cookie protection.
    origin: [...appOrigins, 'null'],
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    exposedHeaders: ['Content-Disposition'],
    maxAge: 600,
    strictPreflight: true,
  };
}


export async function createReferenceServer(options: ServerOptions): Promise<ReferenceServer> {
  const db = await Db.open({ dataDir: options.dataDir, url: options.databaseUrl });
  const services = createServices(db, { tokenTtlSeconds: options.tokenTtlSeconds ?? 8 * 3600 });
  // Processes starting together on one PostgreSQL server seed the demo data once.
  await db.exclusive(LOCKS.seed, async () => {
    const seeded = await db.one<{ n: string }>('SELECT count(*) AS n FROM users');
    if (options.reset || Number(seeded?.n ?? 0) === 0) await seedAll(services);
  });

  const split = options.hostOrigins ?? null;
  const appOrigins = options.appOrigins ?? [];
  const hostUrl = (host: HostName) => (split ? split[host] : HOSTS[host].prefix);
  const mainOrigin = split ? split.main : '';
  // Runtime config of this deployment (DESIGN.md "Runtime configuration").
  const runtimeConfig = {
    apiMain: hostUrl('main'),
    apiContest: hostUrl('contest'),
    apiMessages: hostUrl('messages'),
    apiSupport: hostUrl('support'),
    authorizeUrl: `${mainOrigin}/sso/authorize`,
    clientId: 'personal-account',
    widgetUrl: `${mainOrigin}/widget/project-widget.js`,
    messagingProject: 'grants-cabinet',
    signingMode: options.signingMode ?? 'demo',
  };
  const appCsp = cspFor(runtimeConfig);
  const frameCsp = widgetFrameCspFor(runtimeConfig);

  /** A Fastify instance with the body parsers and security headers every origin of the back end shares. */
  async function instance(csp: (url: string) => string | null) {
    // Routes of the specs set their own limits (openapi/README.md "Body limits"); this one covers the others.
    const app = Fastify({ logger: options.logStream ? { level: 'warn', stream: options.logStream } : options.logger ? { level: 'warn' } : false, bodyLimit: 1024 * 1024, trustProxy: true });
    await app.register(multipart);
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    app.addHook('onSend', async (request, reply) => {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
      const policy = csp(request.url);
      if (policy) reply.header('Content-Security-Policy', policy);
    });
    return app;
  }

  // Same-origin, the sign-on pages share the app's policy (their form is redirected to the same origin).
  const app = await instance((url) => (url.startsWith('/hosts/') ? null : url.startsWith(WIDGET_FRAME_PATH) ? frameCsp : appCsp));
  // Same-origin, the hosts under /hosts/* still answer the widget's sandboxed frame (Origin: null).
  if (!split) await app.register(cors, corsOptions([]));

  const handlers: OperationHandlers = {
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
  const routerOptions = { handlers: routerHandlers(handlers), authenticate: authenticator(services), faults, violations, missing };
  const operations: Operation[] = [];
  const hosts: ReferenceServer['hosts'] = [];
  const sendConfig = async (_req: unknown, reply: FastifyReply) => reply.header('Cache-Control', 'no-cache').send(runtimeConfig);
  /** The demo sign-on, the project widget and (for the widget) config.json: on the main host's origin when split. */
  const registerExtras = (target: FastifyInstance) => {
    registerSso(target, services, appOrigins);
    registerProjectWidget(target);
    target.get('/sso/style.css', async (_req, reply) => reply.type('text/css').header('Cache-Control', 'max-age=3600').send(SSO_CSS));
  };

  if (split) {
    for (const host of Object.keys(HOSTS) as HostName[]) {
      const hostApp = await instance((url) => (url.startsWith('/sso/') ? ssoCsp(appOrigins) : null));
      await hostApp.register(cors, corsOptions(appOrigins));
      operations.push(...registerOpenApi(hostApp, { ...routerOptions, hosts: [host], prefix: () => '' }).operations);
      if (host === 'main') {
        registerExtras(hostApp);
        hostApp.get('/config.json', sendConfig);
      }
      hosts.push({ host, origin: split[host], app: hostApp });
    }
  } else {
    operations.push(...registerOpenApi(app, routerOptions).operations);
    registerExtras(app);
  }

  app.get('/config.json', sendConfig);

  if (options.testControl) {
    app.get('/__test/violations', async () => violations);
    // Faults: status, delayMs, malformed, timeout (+ holdMs), mutate (+ count), dropAfterHandler, uploadBytesPerSecond,
    // times — see server/lib/faults.ts.
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
    // Users of a test's own. The id is taken before any await, so tests asking at the same time never share a user.
    const testUsers = { 'tasks-owner': 1000, applicant: 3000 };
    const addUserOfTest = async (kind: keyof typeof testUsers) => {
      const userId = ++testUsers[kind];
      return { userId, login: await addTestUser(services, userId, kind) };
    };
    // A grantee with a copy of the demo grantee's tasks (tests/e2e/tasks.spec.ts).
    app.post('/__test/task-owner', async () => {
      const { userId, login } = await addUserOfTest('tasks-owner');
      await seedTaskOwner(services, userId);
      return { ok: true, userId, login };
    });
    // An applicant with no application yet (tests/e2e/keyboard.spec.ts): a retried test starts from an empty form, not
    // from the draft its failed attempt left on the server.
    app.post('/__test/applicant', async () => ({ ok: true, ...(await addUserOfTest('applicant')) }));
    // Security test: every server-provided text gets script, markup and file-name payloads (server/lib/hostile.ts).
    app.post('/__test/hostile', async () => applyHostileContent(services));
  }

  const dist = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(ROOT, 'dist');
  if (options.serveApp && existsSync(path.join(dist, 'index.html'))) {
    // The app shell of every address, compressed like the assets when the browser takes it (as nginx's gzip_static
    // does): index.html carries the theme's style sheet (~60 KB raw, ~10 KB compressed).
    const shellBodies: EncodedBody[] = [
      { encoding: null, body: readFileSync(path.join(dist, 'index.html')) },
      ...(['br', 'gzip'] as const).flatMap((encoding) => {
        const file = path.join(dist, `index.html.${encoding === 'br' ? 'br' : 'gz'}`);
        return existsSync(file) ? [{ encoding, body: readFileSync(file) }] : [];
      }),
    ];
    serveAssets(app, dist);
    await app.register(fastifyStatic, {
      root: dist,
      index: false,
      wildcard: true,
      // .br/.gz files are written beside each text file at build time (scripts/compress-dist.mjs). Files outside
      // assets/ (serveAssets answers those) are checked on every load.
      preCompressed: true,
      setHeaders(res) {
        res.header('Cache-Control', 'no-cache');
      },
    });
    app.setNotFoundHandler((request, reply) => {
      const wantsHtml = request.method === 'GET' && String(request.headers.accept ?? '').includes('text/html');
      if (wantsHtml && !/^\/(hosts|sso|widget|__test)\//.test(request.url)) {
        const shell = pickBody(shellBodies, String(request.headers['accept-encoding'] ?? ''));
        reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
        if (shell.encoding) reply.header('Content-Encoding', shell.encoding);
        return reply.send(shell.body);
      }
      return reply.code(404).send({ name: 'Not Found', message: 'Не найдено', status: 404 });
    });
  }

  const all = [app, ...hosts.map((h) => h.app)];
  return {
    app,
    hosts,
    services,
    violations,
    faults,
    missing,
    operationCount: operations.length,
    async listen(port, host) {
      await app.listen({ port, host });
      for (const h of hosts) {
        const url = new URL(h.origin);
        await h.app.listen({ port: Number(url.port || 80), host: url.hostname });
      }
    },
    async close() {
      for (const a of all) await a.close();
    },
  };
}
