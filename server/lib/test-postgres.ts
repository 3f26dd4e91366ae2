import { freePort } from './free-port';
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A throw-away PostgreSQL server for tests: Debian's `postgresql` binaries, a cluster made by initdb in a temporary
 * directory, listening on loopback only (TCP, no socket file), trust authentication. PostgreSQL refuses to run as
 * root, so as root the cluster belongs to the `postgres` user the Debian package creates.
 */

/** The directory of initdb/pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/<version>/bin, else `pg_config --bindir`. */
export function postgresBinDir(): string | null {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    for (const v of readdirSync(debian).sort((a, b) => Number(b) - Number(a))) candidates.push(path.join(debian, v, 'bin'));
  }
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {
    // no pg_config on PATH
  }
  return candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) ?? null;
}

/** Why PostgreSQL tests cannot run here, or null when they can. */
export function postgresMissing(): string | null {
  if (!postgresBinDir()) return 'PostgreSQL server binaries (initdb, pg_ctl) not found: install Debian\'s "postgresql" package (apt-get install -y postgresql) or set PG_BIN';
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) return 'running as root and there is no "postgres" user to own the cluster';
  return null;
}


export interface TestPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(postgresMissing()!);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cabinet-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  // As root: run the server binaries as the postgres user, who must own the directory.
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]] : [path.join(bin, cmd), args];
    const result = spawnSync(file, argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${cmd} failed (${result.status}): ${result.stderr || result.stdout}`);
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  // fsync off: a test cluster is thrown away, durability costs time only.
  const options = `-h 127.0.0.1 -p ${port} -c unix_socket_directories= -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`;
  run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // A test run that ends without its afterAll (a time-out, an interrupted worker) still leaves no server behind.
  process.once('exit', () => {
    try {
      stopNow();
    } catch {
      // already gone
    }
  });
  return {
    url,
    async createDatabase(name: string) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(name)}`;
    },
    async stop() {
      stopNow();
    },
  };
}
