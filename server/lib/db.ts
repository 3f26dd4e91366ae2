import { PGlite, types as liteTypes } from '@electric-sql/pglite';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import type { Json } from './spec';

/**
 * The database: embedded PostgreSQL (PGlite, persisted to a directory or in memory) by default, or a PostgreSQL server
 * when a `postgres://` URL is given (DATABASE_URL, DESIGN.md "Reference back end"): the same schema, migrations and SQL
 * on both. Relational tables where the back end needs real lookups (users, tokens, codes, stash, files); JSONB documents
 * for the other entities of the specs.
 */

/** What a query answers on both drivers. */
export interface SqlResult<T> {
  rows: T[];
}

/** A connection that runs SQL: the database itself, or one transaction of it. */
export interface Sql {
  query<T = Json>(sql: string, params?: unknown[]): Promise<SqlResult<T>>;
  /** One or more statements without parameters. */
  exec(sql: string): Promise<unknown>;
}

export interface Driver extends Sql {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction (BEGIN … COMMIT, ROLLBACK when it throws). */
  transaction<R>(fn: (tx: Sql) => Promise<R>): Promise<R>;
  /**
   * Runs `fn` holding a database-wide lock named by `key` (a session advisory lock on a PostgreSQL server, so that
   * processes sharing the database take turns; PGlite has one connection and needs none).
   */
  exclusive<R>(key: number, fn: () => Promise<R>): Promise<R>;
  close(): Promise<void>;
}

/** Advisory lock keys of whole-database work (any other key space: hashtext of a draft hash, see domains/stash.ts). */
export const LOCKS = { migrate: 210_001, seed: 210_002 } as const;

export const isDatabaseUrl = (value: string | null | undefined): value is string => !!value && /^postgres(ql)?:\/\//.test(value);

/**
 * bytea (uploaded files) through Buffer's native hex both ways: PGlite's own makes a string per byte and runs out of
 * heap on a 100 MB file. Bytes come back as a Buffer, as from the PostgreSQL driver.
 */
const PGLITE_BYTEA = {
  serializers: {
    [liteTypes.BYTEA]: (x: unknown) => {
      if (!(x instanceof Uint8Array)) throw new Error('bytea: expected bytes (Uint8Array)');
      return `\\x${Buffer.from(x.buffer, x.byteOffset, x.byteLength).toString('hex')}`;
    },
  },
  parsers: { [liteTypes.BYTEA]: (x: string) => Buffer.from(x.slice(2), 'hex') },
};

function pgliteDriver(db: PGlite): Driver {
  return {
    kind: 'pglite',
    query: <T>(sql: string, params?: unknown[]) => db.query<T>(sql, params),
    exec: (sql: string) => db.exec(sql),
    transaction: <R>(fn: (tx: Sql) => Promise<R>) => db.transaction((tx) => fn({ query: (q, p) => tx.query(q, p), exec: (q) => tx.exec(q) })),
    exclusive: (_key, fn) => fn(),
    close: () => db.close(),
  };
}

/**
 * Values come back as PGlite gives them: int8 as a number (counts, ids and epoch milliseconds here, far below 2^53),
 * so code written against one driver reads the same types from the other.
 */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

function postgresDriver(url: string): Driver {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL ?? 10), types });
  // An idle connection the server drops (a restart, a killed backend) must not take the process down.
  pool.on('error', (error) => console.error('PostgreSQL: соединение пула закрыто', error.message));
  const wrap = (client: pg.Pool | pg.PoolClient): Sql => ({
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await client.query(sql, params as unknown[])).rows as T[] }),
    exec: (sql: string) => client.query(sql),
  });
  const base = wrap(pool);
  return {
    kind: 'postgres',
    ...base,
    async transaction<R>(fn: (tx: Sql) => Promise<R>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async exclusive<R>(key: number, fn: () => Promise<R>) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

const MIGRATIONS: string[] = [
  `CREATE TABLE users (
     id integer PRIMARY KEY,
     data jsonb NOT NULL
   );
   CREATE TABLE auth_codes (
     code text PRIMARY KEY,
     user_id integer NOT NULL REFERENCES users(id),
     created_at bigint NOT NULL,
     used_at bigint
   );
   CREATE TABLE tokens (
     token text PRIMARY KEY,
     user_id integer NOT NULL REFERENCES users(id),
     expires_at bigint NOT NULL,
     renew_token text UNIQUE,
     created_at bigint NOT NULL,
     impersonated_by integer
   );
   CREATE TABLE docs (
     collection text NOT NULL,
     id text NOT NULL,
     data jsonb NOT NULL,
     updated_at bigint NOT NULL DEFAULT 0,
     PRIMARY KEY (collection, id)
   );
   CREATE TABLE counters (
     collection text PRIMARY KEY,
     value bigint NOT NULL
   );
   CREATE TABLE stash (
     hash text NOT NULL,
     field text NOT NULL,
     value jsonb,
     seq bigint,
     op_id text,
     user_id integer NOT NULL,
     updated_at bigint NOT NULL,
     PRIMARY KEY (hash, field)
   );
   CREATE TABLE stash_ops (
     op_id text PRIMARY KEY,
     hash text NOT NULL,
     accepted_at bigint NOT NULL
   );
   CREATE TABLE files (
     id integer PRIMARY KEY,
     name text NOT NULL,
     mime text NOT NULL,
     size integer NOT NULL,
     content bytea NOT NULL,
     created_at bigint NOT NULL
   );`,
  // The task lists filter, count and page in SQL (server/domains/tasks.ts listWhere): what they look at is kept in
  // generated columns of the task documents (NULL for other collections), so a list reads narrow columns and only the
  // page's documents. iso_ms: a deadline as epoch milliseconds, NULL when absent or not a date (like Date.parse's NaN);
  // it runs on writes only.
  `CREATE FUNCTION iso_ms(value text) RETURNS double precision LANGUAGE plpgsql IMMUTABLE AS $$
   BEGIN
     IF value IS NULL OR value = '' THEN RETURN NULL; END IF;
     RETURN extract(epoch FROM value::timestamptz) * 1000;
   EXCEPTION WHEN others THEN RETURN NULL;
   END $$;
   ALTER TABLE docs
     ADD COLUMN t_owner jsonb GENERATED ALWAYS AS (CASE WHEN collection = 'points' THEN data->'ownerId' END) STORED,
     ADD COLUMN t_responsible jsonb GENERATED ALWAYS AS (CASE WHEN collection = 'points' THEN data->'responsibleUserId' END) STORED,
     ADD COLUMN t_viewers jsonb GENERATED ALWAYS AS (CASE WHEN collection = 'points' THEN data->'_viewers' END) STORED,
     ADD COLUMN t_expert boolean GENERATED ALWAYS AS (CASE WHEN collection = 'points' THEN data->>'_kind' IS NOT DISTINCT FROM 'expert' END) STORED,
     ADD COLUMN t_archive boolean GENERATED ALWAYS AS (CASE WHEN collection = 'points' THEN coalesce(data->'archive' = 'true'::jsonb, false) END) STORED,
     ADD COLUMN t_sort text GENERATED ALWAYS AS (CASE WHEN collection = 'points' THEN data->'status'->>'sort' END) STORED,
     ADD COLUMN t_status text GENERATED ALWAYS AS (CASE WHEN collection = 'points' THEN data->'status'->>'code1C' END) STORED,
     ADD COLUMN t_deadline double precision GENERATED ALWAYS AS (CASE WHEN collection = 'points' THEN iso_ms(data->>'deadline') END) STORED,
     ADD COLUMN t_name text GENERATED ALWAYS AS (CASE WHEN collection = 'points' THEN data->>'name' END) STORED,
     ADD COLUMN t_project_name text GENERATED ALWAYS AS (CASE WHEN collection = 'points' THEN data->>'projectName' END) STORED,
     ADD COLUMN t_project jsonb GENERATED ALWAYS AS (CASE WHEN collection = 'points' THEN data->'projectId' END) STORED,
     ADD COLUMN t_template text GENERATED ALWAYS AS (CASE WHEN collection = 'points' THEN data->>'_templateCode' END) STORED;
   CREATE INDEX docs_points_owner ON docs (t_owner) WHERE collection = 'points';
   CREATE INDEX docs_points_responsible ON docs (t_responsible) WHERE collection = 'points';
   CREATE INDEX docs_points_viewers ON docs USING gin (t_viewers) WHERE collection = 'points';
   CREATE INDEX docs_points_status ON docs (t_status) WHERE collection = 'points';`,
];

export interface DbTarget {
  /** PGlite directory; null keeps it in memory. Ignored when `url` is set. */
  dataDir: string | null;
  /** A PostgreSQL server (`postgres://user@host:port/db`). */
  url?: string | null;
}

export class Db {
  private constructor(readonly pg: Driver) {}

  /** Opens the database: a PostgreSQL server for a URL, else PGlite (a directory, or in memory for null). */
  static async open(target: string | null | DbTarget): Promise<Db> {
    const { dataDir, url } = typeof target === 'object' && target !== null ? target : { dataDir: target, url: null };
    let driver: Driver;
    if (isDatabaseUrl(url)) {
      driver = postgresDriver(url);
    } else {
      if (dataDir) mkdirSync(dataDir, { recursive: true });
      const lite = new PGlite({ ...(dataDir ? { dataDir } : {}), ...PGLITE_BYTEA });
      await lite.waitReady;
      driver = pgliteDriver(lite);
    }
    const db = new Db(driver);
    await db.migrate();
    return db;
  }

  get kind() {
    return this.pg.kind;
  }

  /** Versioned migrations, one transaction each; processes starting together on one server take turns. */
  private async migrate() {
    await this.pg.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCKS.migrate]);
      await tx.exec('CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)');
      const { rows } = await tx.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_version');
      const current = rows[0]?.version ?? 0;
      for (let v = current; v < MIGRATIONS.length; v++) {
        await tx.exec(MIGRATIONS[v]!);
        await tx.query('INSERT INTO schema_version (version) VALUES ($1)', [v + 1]);
      }
    });
  }

  /** See Driver.exclusive. */
  exclusive<R>(key: number, fn: () => Promise<R>): Promise<R> {
    return this.pg.exclusive(key, fn);
  }

  async query<T = Json>(sql: string, params: unknown[] = []): Promise<T[]> {
    const result = await this.pg.query<T>(sql, params);
    return result.rows;
  }

  async one<T = Json>(sql: string, params: unknown[] = []): Promise<T | null> {
    return (await this.query<T>(sql, params))[0] ?? null;
  }

  /** Removes every row of every table (demo:reset and test resets), keeping the schema. */
  async truncateAll() {
    await this.pg.exec('TRUNCATE users, auth_codes, tokens, docs, counters, stash, stash_ops, files CASCADE');
  }

  async nextId(collection: string): Promise<number> {
    const row = await this.one<{ value: string }>(
      `INSERT INTO counters (collection, value) VALUES ($1, 1)
       ON CONFLICT (collection) DO UPDATE SET value = counters.value + 1 RETURNING value`,
      [collection],
    );
    return Number(row!.value);
  }

  async close() {
    await this.pg.close();
  }
}

/** A JSONB document collection with numeric ids. */
export class Collection<T extends { id?: Json }> {
  constructor(
    private readonly db: Db,
    readonly name: string,
  ) {}

  async get(id: number | string): Promise<T | null> {
    const row = await this.db.one<{ data: T }>('SELECT data FROM docs WHERE collection = $1 AND id = $2', [this.name, String(id)]);
    return row?.data ?? null;
  }

  async all(): Promise<T[]> {
    const rows = await this.db.query<{ data: T }>(
      'SELECT data FROM docs WHERE collection = $1 ORDER BY (CASE WHEN id ~ \'^[0-9]+$\' THEN id::bigint END), id',
      [this.name],
    );
    return rows.map((r) => r.data);
  }

  /** Documents whose JSON contains `match` (JSONB containment, uses @>). */
  async where(match: Record<string, unknown>): Promise<T[]> {
    const rows = await this.db.query<{ data: T }>(
      'SELECT data FROM docs WHERE collection = $1 AND data @> $2::jsonb ORDER BY (CASE WHEN id ~ \'^[0-9]+$\' THEN id::bigint END), id',
      [this.name, JSON.stringify(match)],
    );
    return rows.map((r) => r.data);
  }

  async insert(data: Omit<T, 'id'> & { id?: T['id'] }): Promise<T> {
    const id = data.id ?? (await this.db.nextId(this.name));
    const doc = { ...data, id } as T;
    await this.db.query('INSERT INTO docs (collection, id, data, updated_at) VALUES ($1, $2, $3::jsonb, $4)', [
      this.name,
      String(id),
      JSON.stringify(doc),
      Date.now(),
    ]);
    if (typeof id === 'number') {
      await this.db.query(
        `INSERT INTO counters (collection, value) VALUES ($1, $2)
         ON CONFLICT (collection) DO UPDATE SET value = GREATEST(counters.value, EXCLUDED.value)`,
        [this.name, id],
      );
    }
    return doc;
  }

  async put(doc: T): Promise<T> {
    await this.db.query(
      `INSERT INTO docs (collection, id, data, updated_at) VALUES ($1, $2, $3::jsonb, $4)
       ON CONFLICT (collection, id) DO UPDATE SET data = EXCLUDED.data, updated_at = EXCLUDED.updated_at`,
      [this.name, String(doc.id), JSON.stringify(doc), Date.now()],
    );
    return doc;
  }

  async patch(id: number | string, patch: Partial<T>): Promise<T | null> {
    const current = await this.get(id);
    if (!current) return null;
    return this.put({ ...current, ...patch, id: current.id });
  }

  async delete(id: number | string): Promise<boolean> {
    const rows = await this.db.query('DELETE FROM docs WHERE collection = $1 AND id = $2 RETURNING id', [this.name, String(id)]);
    return rows.length > 0;
  }
}
