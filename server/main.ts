import path from 'node:path';
import { createReferenceServer } from './app';
import { DEMO_ACCOUNTS } from './seed/users';
import { ROLE_NAMES } from './lib/services';
import { HOSTS, ROOT, type HostName } from './lib/spec';
import { demoSignOnRefusal } from './lib/demo-sign-on';
import { isDatabaseUrl } from './lib/db';

const args = new Set(process.argv.slice(2));
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : path.join(ROOT, 'data', 'db');
const memory = process.env.DATA_DIR === ':memory:';
// A PostgreSQL server instead of the embedded database (staging: several processes on one database).
const databaseUrl = isDatabaseUrl(process.env.DATABASE_URL) ? process.env.DATABASE_URL : null;
if (process.env.DATABASE_URL && !databaseUrl) {
  console.error('DATABASE_URL должен начинаться с postgres:// или postgresql://');
  process.exit(1);
}
const where = databaseUrl ? `PostgreSQL ${new URL(databaseUrl).host}${new URL(databaseUrl).pathname}` : memory ? 'памяти' : dataDir;

// The demo sign-on lives on the app's origin, or on the main API host's when the hosts have origins of their own.
const signOnHost = process.env.API_ORIGINS ? hostOrigins(process.env.API_ORIGINS)!.main.replace(/^https?:\/\/|:\d+$/g, '').replace(/^\[|\]$/g, '') : host;
const refusal = args.has('--reset-only') ? null : demoSignOnRefusal(signOnHost, process.env);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}

/**
 * Cross-origin deployment (README «Развёртывание»): API_ORIGINS="main=http://127.0.0.2:8080,contest=…,messages=…,
 * support=…" serves each host on its own origin; APP_ORIGINS (comma-separated) are the origins allowed to call them,
 * by default this server's own. SERVE_APP=0 leaves the built app to a static web server (nginx).
 */
function hostOrigins(value: string | undefined): Record<HostName, string> | undefined {
  if (!value) return undefined;
  const entries = value.split(',').map((pair) => pair.trim().split('='));
  const map = Object.fromEntries(entries.map(([name, origin]) => [name, origin ? new URL(origin).origin : '']));
  const names = Object.keys(HOSTS) as HostName[];
  const bad = names.filter((name) => !map[name]);
  if (bad.length || Object.keys(map).some((name) => !names.includes(name as HostName))) {
    console.error(`API_ORIGINS: нужны адреса всех четырёх хостов (${names.join(', ')}) в виде имя=http://адрес:порт через запятую`);
    process.exit(1);
  }
  return map as Record<HostName, string>;
}
const apiOrigins = hostOrigins(process.env.API_ORIGINS);
const ownOrigin = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
const appOrigins = (process.env.APP_ORIGINS ?? ownOrigin).split(',').map((o) => new URL(o.trim()).origin);

const server = await createReferenceServer({
  dataDir: memory ? null : dataDir,
  databaseUrl,
  reset: args.has('--reset') || args.has('--reset-only'),
  testControl: process.env.TEST_CONTROL === '1',
  serveApp: process.env.SERVE_APP !== '0',
  hostOrigins: apiOrigins,
  appOrigins,
  signingMode: process.env.SIGNING_MODE === 'plugin' ? 'plugin' : 'demo',
  tokenTtlSeconds: process.env.TOKEN_TTL_SECONDS ? Number(process.env.TOKEN_TTL_SECONDS) : undefined,
  logger: process.env.LOG === '1',
});

if (args.has('--reset-only')) {
  console.log(`Демо-данные пересозданы: ${where}`);
  await server.services.db.close();
  process.exit(0);
}

await server.listen(port, host);
console.log(`\nЛичный кабинет запущен: ${ownOrigin} (база данных: ${where})`);
for (const h of server.hosts) console.log(`  API «${h.host}»: ${h.origin} (CORS для ${appOrigins.join(', ')})`);
console.log(`Эталонный сервер: ${server.operationCount} операций OpenAPI, без обработчика: ${server.missing.length}`);
console.log('Демо-пользователи (вход без пароля на странице демо-провайдера):');
for (const a of DEMO_ACCOUNTS) {
  const roles = a.groups.map((g) => `${g} ${ROLE_NAMES[g]}`).join(', ') || 'без роли';
  console.log(`  ${a.lastname} ${a.firstname} ${a.middlename} — ${roles}`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    await server.close();
    await server.services.db.close();
    process.exit(0);
  });
}
