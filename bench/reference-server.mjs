import { spawn } from 'node:child_process';

/**
 * Starts the reference back end of a checkout (in-memory database, demo data) on loopback for a load benchmark and
 * resolves once it says it is up. `root` may be another checkout: figures before and after a change in one run.
 */
export async function startReferenceServer(root, port) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: ':memory:' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => server.stdout.on('data', (d) => String(d).includes('запущен') && resolve()));
  return server;
}
