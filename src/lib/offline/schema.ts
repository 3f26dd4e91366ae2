import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';

/**
 * IndexedDB schema of the offline layer (DESIGN.md "Offline drafts"): the local mirror of the stash, the durable
 * outbox (one row per draft and field) and a few counters. Versioned: every version adds one upgrade step, so a
 * browser that skipped releases replays all missing steps in order.
 */
export const OFFLINE_DB_NAME = 'cabinet-offline';

/** Outbox slot of a "clear the whole draft" operation (field names are never empty). */
export const CLEAR_FIELD = '';

export type OutboxKind = 'set' | 'delete' | 'clear';
/** pending → in-flight → acknowledged (then removed); or rejected (a 4xx answer, shown at the field). */
export type OutboxState = 'pending' | 'in-flight' | 'acknowledged' | 'rejected';

export interface OutboxRow {
  hash: string;
  /** Field code; CLEAR_FIELD for a clear. */
  field: string;
  userId: number;
  kind: OutboxKind;
  value: unknown;
  /** Client operation id: a repeat of it is idempotent on the server. */
  opId: string;
  /** Monotonic per device: the server refuses a write whose seq is not newer than what it stores. */
  seq: number;
  state: OutboxState;
  /** Answers of the server that refused the row (5xx and the like); connection losses do not count. */
  attempts: number;
  /** This row's own back-off after the server refused it: other rows and drafts go on meanwhile (0 or absent: now). */
  nextAttemptAt?: number;
  /** The server's message when rejected. */
  error: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface MirrorRow {
  hash: string;
  field: string;
  userId: number;
  value: unknown;
  /** Seq of the operation that produced this value (server or local), when known. */
  seq: number | null;
  updatedAt: number;
}

export interface DraftRow {
  hash: string;
  userId: number;
  /** Last time the mirror was merged with the server stash. */
  syncedAt: number | null;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

/** A screen's data kept for offline use (a task's definition, values, attachments list): one row per user and query. */
export interface DocumentRow {
  /** `${userId}|${JSON of the query key}`. */
  key: string;
  userId: number;
  data: unknown;
  savedAt: number;
}

export interface OfflineDbSchema extends DBSchema {
  outbox: {
    key: [string, string];
    value: OutboxRow;
    indexes: { bySeq: number; byHash: string; byUser: number };
  };
  mirror: {
    key: [string, string];
    value: MirrorRow;
    indexes: { byHash: string; byUser: number };
  };
  meta: { key: string; value: MetaRow };
  drafts: { key: string; value: DraftRow; indexes: { byUser: number } };
  documents: { key: string; value: DocumentRow; indexes: { byUser: number } };
}

export type OfflineDb = IDBPDatabase<OfflineDbSchema>;
type UpgradeTx = IDBPTransaction<OfflineDbSchema, StoreNames<OfflineDbSchema>[], 'versionchange'>;

/** Upgrade steps: MIGRATIONS[n] takes the database from version n to n + 1. Never edit a released step. */
export const MIGRATIONS: ((db: OfflineDb, tx: UpgradeTx) => void)[] = [
  // 1: mirror, outbox and counters.
  (db) => {
    const outbox = db.createObjectStore('outbox', { keyPath: ['hash', 'field'] });
    outbox.createIndex('bySeq', 'seq');
    outbox.createIndex('byHash', 'hash');
    const mirror = db.createObjectStore('mirror', { keyPath: ['hash', 'field'] });
    mirror.createIndex('byHash', 'hash');
    db.createObjectStore('meta', { keyPath: 'key' });
  },
  // 2: drafts scoped per user (sign-out purges one user's drafts; counts are per user) and a per-draft sync record.
  (db, tx) => {
    tx.objectStore('outbox').createIndex('byUser', 'userId');
    tx.objectStore('mirror').createIndex('byUser', 'userId');
    const drafts = db.createObjectStore('drafts', { keyPath: 'hash' });
    drafts.createIndex('byUser', 'userId');
  },
  // 3: what a task or questionnaire needs to open offline (definition, values, attachments list), beside the mirror.
  (db) => {
    const documents = db.createObjectStore('documents', { keyPath: 'key' });
    documents.createIndex('byUser', 'userId');
  },
];

export const OFFLINE_DB_VERSION = MIGRATIONS.length;

export interface OpenOptions {
  name?: string;
  /** For upgrade tests: open at an older version. */
  version?: number;
  /** Another tab opened a newer version: this connection must let go. */
  onVersionChange?: () => void;
  /** The browser closed this connection on its own (iOS under memory pressure, storage cleared): reopen on next use. */
  onTerminated?: (db: OfflineDb) => void;
}

export function openOfflineDb(options: OpenOptions = {}): Promise<OfflineDb> {
  const version = options.version ?? OFFLINE_DB_VERSION;
  const opened: Promise<OfflineDb> = openDB<OfflineDbSchema>(options.name ?? OFFLINE_DB_NAME, version, {
    upgrade(db, oldVersion, newVersion, tx) {
      for (let step = oldVersion; step < (newVersion ?? version); step++) MIGRATIONS[step]!(db, tx);
    },
    blocking() {
      options.onVersionChange?.();
    },
    terminated() {
      void opened.then((db) => options.onTerminated?.(db));
    },
  });
  return opened;
}

/** SPEC §3: the draft key starts with the user id ("{userId}questionnaire{code1C or id}"). */
export function userIdOfHash(hash: string): number | null {
  const match = /^(\d+)questionnaire/.exec(hash);
  return match ? Number(match[1]) : null;
}
