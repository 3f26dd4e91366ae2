import { api } from '../api/clients';
import { unwrap } from '../api/transport';
import { hasUsableSession } from '../session';
import { Connectivity, setSharedConnectivity } from './connectivity';
import { OfflineDraftStore, CHANNEL_NAME, type RemoteChangeListener } from './offline-draft-store';
import { browserLocks } from './replayer';
import { apiStashTransport } from './transport';

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

/** SPEC §3: the draft store key is user id + "questionnaire" + code1C or id. */
export function draftHash(userId: number, codeOrId: string | number): string {
  return `${userId}questionnaire${codeOrId}`;
}

/** Online-only implementation: used only where IndexedDB does not exist (writes go straight to the stash). */
export function createOnlineDraftStore(): DraftStore {
  const listeners = new Set<() => void>();
  let state: DraftSyncState = { status: 'saved', pending: 0, rejected: [] };
  let inFlight = 0;
  const emit = () => listeners.forEach((l) => l());
  const track = async (work: Promise<unknown>, field?: string) => {
    inFlight++;
    state = { ...state, status: 'saving', pending: inFlight };
    emit();
    try {
      await work;
      if (field) state = { ...state, rejected: state.rejected.filter((r) => r.field !== field) };
    } catch (error) {
      if (field) state = { ...state, rejected: [...state.rejected.filter((r) => r.field !== field), { field, message: String((error as Error).message) }] };
    } finally {
      inFlight--;
      state = { ...state, status: inFlight ? 'saving' : 'saved', pending: inFlight };
      emit();
    }
  };
  return {
    async load(hash) {
      const stash = await unwrap(api().main.GET('/v2/stash', { params: { query: { hash } } }));
      return stash.values ?? {};
    },
    set(hash, field, value) {
      void track(unwrap(api().main.POST('/v2/stash', { body: { hash, field, value: value as never } })), field);
    },
    remove(hash, field) {
      void track(unwrap(api().main.DELETE('/v2/stash/field', { params: { query: { hash, field } } })), field);
    },
    async clear(hash) {
      await unwrap(api().main.POST('/v2/stash/clear', { body: { hash } }));
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The browser's offline store: IndexedDB, Web Locks, BroadcastChannel, the main API client. */
export function createBrowserOfflineDraftStore(): OfflineDraftStore {
  const transport = apiStashTransport();
  const connectivity = new Connectivity({
    whoAmI: (signal) => transport.whoAmI(signal),
    browserOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
    canProbe: () => hasUsableSession(),
  });
  setSharedConnectivity(connectivity);
  return new OfflineDraftStore({
    transport,
    connectivity,
    locks: browserLocks(),
    // An expired token with a renew token still sends: the API client renews before the call.
    hasToken: () => hasUsableSession(),
    channel: () => (typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME)),
    storage: typeof localStorage === 'undefined' ? null : localStorage,
    journal: typeof localStorage === 'undefined' ? null : localStorage,
    requestPersistence: async () => {
      const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
      if (!storage?.persist) return false;
      return (await storage.persisted?.()) || storage.persist();
    },
  });
}

let store: DraftStore | null = null;

export function getDraftStore(): DraftStore {
  store ??= typeof indexedDB === 'undefined' ? createOnlineDraftStore() : createBrowserOfflineDraftStore();
  return store;
}

/** The offline store when the app runs with one (null in environments without IndexedDB). */
export function getOfflineDraftStore(): OfflineDraftStore | null {
  const current = getDraftStore();
  return current instanceof OfflineDraftStore ? current : null;
}

export function setDraftStore(next: DraftStore): void {
  store = next;
}

const handovers = new Set<() => void>();

/**
 * An open form registers how to hand over edits still inside its typing pause. Sign-out asks for them first, so an
 * edit typed a moment before is counted (and sent or warned about) instead of being written after the purge.
 */
export function onPendingEditsRequested(handOver: () => void): () => void {
  handovers.add(handOver);
  return () => handovers.delete(handOver);
}

/** Every open form writes its pending edits to the draft store now. */
export function handOverPendingEdits(): void {
  for (const handOver of [...handovers]) handOver();
}

/** Sign-out: are there edits of this user that the server has not confirmed? Warn ("есть неотправленные изменения"). */
export async function hasUnsentEdits(userId: number): Promise<boolean> {
  const offline = getOfflineDraftStore();
  if (offline) return offline.hasUnsentEdits(userId);
  return getDraftStore().getState().pending > 0;
}

/** Sign-out, after the warning: removes this user's local drafts (other users' drafts on the device stay). */
export async function purgeUserDrafts(userId: number): Promise<void> {
  await getOfflineDraftStore()?.purgeUserDrafts(userId);
}
