import path from 'node:path';
import { createReferenceServer } from './app';
import { DEMO_ACCOUNTS } from './seed/users';
import { ROLE_NAMES } from './lib/services';
import { ROOT } from './lib/spec';
import { demoSignOnRefusal } from './lib/demo-sign-on';

const args = new Set(process.argv.slice(2));
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : path.join(ROOT, 'data', 'db');
const memory = process.env.DATA_DIR === ':memory:';

const refusal = args.has('--reset-only') ? null : demoSignOnRefusal(host, process.env);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}

const server = await createReferenceServer({
  dataDir: memory ? null : dataDir,
  reset: args.has('--reset') || args.has('--reset-only'),
  testControl: process.env.TEST_CONTROL === '1',
  serveApp: true,
  signingMode: process.env.SIGNING_MODE === 'plugin' ? 'plugin' : 'demo',
  tokenTtlSeconds: process.env.TOKEN_TTL_SECONDS ? Number(process.env.TOKEN_TTL_SECONDS) : undefined,
  logger: process.env.LOG === '1',
});

if (args.has('--reset-only')) {
  console.log(`Демо-данные пересозданы в ${dataDir}`);
  await server.services.db.close();
  process.exit(0);
}

await server.app.listen({ port, host });
const url = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
console.log(`\nЛичный кабинет запущен: ${url}`);
console.log(`Эталонный сервер: ${server.operationCount} операций OpenAPI, без обработчика: ${server.missing.length}`);
console.log('Демо-пользователи (вход без пароля на странице демо-провайдера):');
for (const a of DEMO_ACCOUNTS) {
  const roles = a.groups.map((g) => `${g} ${ROLE_NAMES[g]}`).join(', ') || 'без роли';
  console.log(`  ${a.lastname} ${a.firstname} ${a.middlename} — ${roles}`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    await server.app.close();
    await server.services.db.close();
    process.exit(0);
  });
}
