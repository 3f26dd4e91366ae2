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

/** A file kept on the device until the server lists it (DESIGN.md "Attachments offline"). */
export type UploadState = 'pending' | 'in-flight' | 'rejected' | 'uploaded' | 'cancelled';

/** What the server keeps of an uploaded file (the AttachedFile of the API, the fields the form needs). */
export interface UploadedFileRef {
  id: number;
  fileName: string;
  originalFileName?: string | null;
  attachCode?: string | null;
  valueIndex?: number | null;
  isApproved?: boolean;
  managerComment?: string | null;
  [key: string]: unknown;
}

/**
 * Where an uploaded file goes in the form:
 * - slot: a file field's value (draft key `code|group|index`); `replaces` is the file it takes the place of («Заменить файл»);
 * - list: an attachment of a new application, whose files the draft holds as a list (`@attach:code`);
 * - server: an attachment of a point, listed by the server alone (list-attach);
 * - recognition: a parcelable attachment, recognised (parce-file) rather than uploaded, while the person is on the form.
 */
export type UploadPlace =
  | { kind: 'slot'; key: string; replaces?: { key: string; fileId: number } | null }
  | { kind: 'list'; key: string }
  | { kind: 'server' }
  | { kind: 'recognition' };

export interface UploadRow {
  id: string;
  userId: number;
  /** The draft the file belongs to (SPEC §3 key: user + "questionnaire" + code1C or point id). */
  hash: string;
  /** The point it is uploaded to; null for a new application (linked when the point is created). */
  pointId: number | null;
  attachCode: string;
  valueIndex: number;
  place: UploadPlace;
  /** Query key of the kept copy of the server's file list to add the file to (a point's attachments), if any. */
  listQueryKey: readonly unknown[] | null;
  /** The file's identity as picked. */
  name: string;
  size: number;
  lastModified: number;
  type: string;
  /** Where the bytes are: the uploadBlobs store, or the Origin Private File System (a large Blob refused by IndexedDB). */
  storage: 'idb' | 'opfs';
  state: UploadState;
  /** Answers of the server that refused the upload (5xx and the like); connection losses do not count. */
  attempts: number;
  nextAttemptAt: number;
  /** The server's message when rejected. */
  error: string | null;
  /** Ids the server listed for this attachCode before the first send (a point's upload): what is new after is ours. */
  knownIds: number[] | null;
  /** A send whose outcome is unknown (the connection died after the body went, a tab closed mid-upload). */
  uncertain: boolean;
  /** The server's record once it has the file, until the draft and the form have taken it. */
  uploaded: UploadedFileRef | null;
  seq: number;
  createdAt: number;
  updatedAt: number;
}

export interface UploadBlobRow {
  id: string;
  blob: Blob;
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
  uploads: { key: string; value: UploadRow; indexes: { byUser: number; byHash: string; bySeq: number } };
  uploadBlobs: { key: string; value: UploadBlobRow };
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
  // 4: files kept on the device until uploaded (DESIGN.md "Attachments offline"): metadata apart from the bytes, so
  // reading the queue or changing a row's state never touches a 100 MB Blob.
  (db) => {
    const uploads = db.createObjectStore('uploads', { keyPath: 'id' });
    uploads.createIndex('byUser', 'userId');
    uploads.createIndex('byHash', 'hash');
    uploads.createIndex('bySeq', 'seq');
    db.createObjectStore('uploadBlobs', { keyPath: 'id' });
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

/** Key of a kept screen document (documents store): one per user and query. */
export const documentKey = (userId: number, queryKey: readonly unknown[]) => `${userId}|${JSON.stringify(queryKey)}`;

/** SPEC §3: the draft key starts with the user id ("{userId}questionnaire{code1C or id}"). */
export function userIdOfHash(hash: string): number | null {
  const match = /^(\d+)questionnaire/.exec(hash);
  return match ? Number(match[1]) : null;
}
