import { openOfflineDb, type OfflineDb } from './schema';

/** IndexedDB refused a write for lack of space (QuotaExceededError; legacy code 22). */
export function isQuotaError(error: unknown): boolean {
  const e = error as { name?: unknown; code?: unknown } | null;
  return !!e && (e.name === 'QuotaExceededError' || e.code === 22);
}

/**
 * The connection is gone: closed by the browser (iOS under memory pressure, storage cleared) or closing — IndexedDB
 * answers InvalidStateError (its wording differs by browser). The database is opened again and the work tried once more.
 */
export function isClosedConnectionError(error: unknown): boolean {
  const e = error as { name?: unknown } | null;
  return !!e && e.name === 'InvalidStateError';
}

/**
 * The offline layer's IndexedDB connection: opened on first use, opened again when the browser closed it, released
 * when a newer version of the app upgrades the schema. Writes keep their call order.
 */
export class OfflineDatabase {
  private dbPromise: Promise<OfflineDb> | null = null;
  private instance: OfflineDb | null = null;
  private writes: Promise<unknown> = Promise.resolve();

  constructor(private readonly openDb?: () => Promise<OfflineDb>) {}

  db(): Promise<OfflineDb> {
    const open = this.openDb ?? (() => openOfflineDb({ onVersionChange: () => this.release(), onTerminated: (db) => this.onTerminated(db) }));
    this.dbPromise ??= open().then(
      (db) => {
        this.instance = db;
        return db;
      },
      (error: unknown) => {
        this.dbPromise = null;
        throw error;
      },
    );
    return this.dbPromise;
  }

  /**
   * Runs work on the open database; a connection the browser closed meanwhile (InvalidStateError) is opened again and
   * the work tried once more. While open, the work starts synchronously (transactions keep their call order).
   */
  run<T>(work: (db: OfflineDb) => Promise<T>): Promise<T> {
    const attempt = (db: OfflineDb) =>
      work(db).catch(async (error: unknown) => {
        if (!isClosedConnectionError(error)) throw error;
        if (this.instance === db) this.release();
        return work(await this.db());
      });
    return this.instance ? attempt(this.instance) : this.db().then(attempt);
  }

  /**
   * A write: once the database is open its transaction is created synchronously, in call order — IndexedDB applies
   * the edits in the order they were typed, and a page closed right after an edit still commits it.
   */
  write<T>(work: (db: OfflineDb) => Promise<T>): Promise<T> {
    const run = this.run(work);
    this.writes = this.writes.then(
      () => run,
      () => run,
    ).catch(() => undefined);
    return run;
  }

  /** Resolves when every write handed over so far has settled. */
  async written(): Promise<void> {
    await this.writes;
  }

  /** The browser closed a connection: let go of it if it is still the current one (a fresh one may be open already). */
  onTerminated(db: OfflineDb) {
    if (this.instance === db) this.release();
  }

  /** Lets go of the current connection only if it is the closed one. */
  releaseIfClosed() {
    const db = this.instance;
    if (!db) return;
    try {
      void db.transaction('meta').done.catch(() => undefined);
    } catch (error) {
      if (isClosedConnectionError(error)) this.release();
    }
  }

  /** A newer version of the app upgrades the schema: this connection closes and reopens on next use. */
  release() {
    const current = this.dbPromise;
    this.dbPromise = null;
    this.instance = null;
    void current?.then((db) => db.close());
  }

  close() {
    void this.dbPromise?.then((db) => db.close());
  }
}
