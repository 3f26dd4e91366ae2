import { api } from '../api/clients';
import { unwrap } from '../api/transport';
import { hasUsableSession } from '../session';
import { Connectivity, setSharedConnectivity } from './connectivity';
import { OfflineDraftStore, CHANNEL_NAME } from './offline-draft-store';
import { browserLocks } from './replayer';
import { apiStashTransport } from './transport';
import { apiFileTransport } from './file-transport';
import { safeFileName } from '../file-name';

export type { DraftChange, DraftStore, DraftSyncState, DraftSyncStatus, DraftValue, FailingEdit, RejectedEdit, RemoteChangeListener } from './draft-types';
import type { DraftStore, DraftSyncState } from './draft-types';

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
    files: apiFileTransport(),
    cleanFileName: safeFileName,
    estimateStorage: async () => (typeof navigator === 'undefined' ? undefined : navigator.storage?.estimate?.()),
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
