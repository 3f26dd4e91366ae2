import { PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import type { Json } from './spec';

/**
 * Embedded PostgreSQL (PGlite, persisted to a directory). Relational tables where the back end needs real
 * lookups (users, tokens, codes, stash, files); JSONB documents for the other entities of the specs.
 */
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

export class Db {
  private constructor(readonly pg: PGlite) {}

  static async open(dataDir: string | null): Promise<Db> {
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    const pg = dataDir ? new PGlite(dataDir) : new PGlite();
    await pg.waitReady;
    const db = new Db(pg);
    await db.migrate();
    return db;
  }

  private async migrate() {
    await this.pg.exec('CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)');
    const { rows } = await this.pg.query<{ version: number }>('SELECT max(version) AS version FROM schema_version');
    const current = rows[0]?.version ?? 0;
    for (let v = current; v < MIGRATIONS.length; v++) {
      await this.pg.transaction(async (tx) => {
        await tx.exec(MIGRATIONS[v]!);
        await tx.query('INSERT INTO schema_version (version) VALUES ($1)', [v + 1]);
      });
    }
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
