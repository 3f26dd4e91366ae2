/**
 * The one interface through which the questionnaire engine writes its draft (SPEC §2 "data is auto-saved per field
 * as a draft"; DESIGN.md "Offline drafts"). The offline layer (IndexedDB mirror + outbox + replay) implements it;
 * the engine never calls the stash endpoints itself.
 */
export type DraftValue = unknown;

/**
 * saved: "Все изменения сохранены"; saving: "Сохранение…"; pending: "N изменений ожидают отправки";
 * offline: "Нет соединения — изменения сохранены на устройстве" (texts in save-state.ts).
 */
export type DraftSyncStatus = 'saved' | 'saving' | 'pending' | 'offline';

export interface RejectedEdit {
  field: string;
  /** The server's message, shown at the field. */
  message: string;
  /** The draft the field belongs to. */
  hash?: string;
}

/** An edit the server keeps refusing (5xx): still kept and retried, shown at its field with «Повторить». */
export interface FailingEdit {
  hash: string;
  field: string;
  attempts: number;
}

export interface DraftSyncState {
  status: DraftSyncStatus;
  /** Unsent edits: of the draft when getState(hash) is given a hash, else across all drafts of the user. */
  pending: number;
  /** Files kept on the device and not yet listed by the server (same scope as pending). */
  files?: number;
  /** Files the server refused (shown at their fields with «Повторить» and «Удалить»). */
  rejectedFiles?: number;
  rejected: RejectedEdit[];
  /** Edits the server refused several times in a row (FAILING_AFTER_ATTEMPTS); absent in the online-only store. */
  failing?: FailingEdit[];
  /** False once the app proved there is no network. */
  online?: boolean;
  /** False until the outbox was read once after start. */
  ready?: boolean;
  /** 'auth': a 401 paused the replay until the user signs in again. */
  paused?: 'auth' | null;
  /** IndexedDB refused writes: edits are sent directly and are not kept on the device. */
  storageError?: string | null;
}

/** One field changed elsewhere (another tab, or the server after a stale write). */
export interface DraftChange {
  field: string;
  value?: DraftValue;
  removed?: boolean;
}

export interface DraftStore {
  /** Server stash merged with unsent local edits (local wins); offline: the local mirror. */
  load(hash: string): Promise<Record<string, DraftValue>>;
  /** Records a field edit; persisted locally first, sent when possible. */
  set(hash: string, field: string, value: DraftValue): void;
  /** A field is being typed (the form holds the edit for a typing pause): counted as unsent until set() records it. */
  typing?(hash: string, field: string): void;
  /** Removes one field (also used for every field of a removed group). */
  remove(hash: string, field: string): void;
  /** Clears the whole draft (after creation or save, SPEC §2); resolves once recorded on the device. */
  clear(hash: string): Promise<void>;
  getState(hash?: string): DraftSyncState;
  subscribe(listener: () => void): () => void;
  /** Values of this draft changed in another tab: keep the open form in step. */
  onRemoteChange?(hash: string, listener: RemoteChangeListener): () => void;
  /** Sends an edit the server keeps refusing again now («Повторить»). */
  retryNow?(hash: string, field: string): Promise<void>;
  /** Gives up a rejected edit of a field (the server's value comes back on next open). */
  dismissRejected?(hash: string, field: string): Promise<void>;
}

/** Values of a draft changed elsewhere (another tab, or the server after a stale write). */
export type RemoteChangeListener = (change: { cleared: boolean; changes: DraftChange[] }) => void;
