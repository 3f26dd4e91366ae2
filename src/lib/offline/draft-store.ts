import { api } from '../api/clients';
import { unwrap } from '../api/transport';

/**
 * The one interface through which the questionnaire engine writes its draft (SPEC §2 "data is auto-saved per field
 * as a draft"; DESIGN.md "Offline drafts"). The offline layer (IndexedDB mirror + outbox + replay) implements it;
 * the engine never calls the stash endpoints itself.
 */
export type DraftValue = unknown;

export type DraftSyncStatus = 'saved' | 'saving' | 'pending' | 'offline';

export interface RejectedEdit {
  field: string;
  message: string;
}

export interface DraftSyncState {
  status: DraftSyncStatus;
  /** Unsent edits across all drafts of the user. */
  pending: number;
  rejected: RejectedEdit[];
}

export interface DraftStore {
  /** Server stash merged with unsent local edits (local wins). */
  load(hash: string): Promise<Record<string, DraftValue>>;
  /** Records a field edit; persisted locally first, sent when possible. */
  set(hash: string, field: string, value: DraftValue): void;
  /** Removes one field (also used for every field of a removed group). */
  remove(hash: string, field: string): void;
  /** Clears the whole draft (after creation or save, SPEC §2). */
  clear(hash: string): Promise<void>;
  getState(hash?: string): DraftSyncState;
  subscribe(listener: () => void): () => void;
}

/** SPEC §3: the draft store key is user id + "questionnaire" + code1C or id. */
export function draftHash(userId: number, codeOrId: string | number): string {
  return `${userId}questionnaire${codeOrId}`;
}

/** Online-only implementation: writes go straight to the stash. Replaced by the offline store (IndexedDB). */
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

let store: DraftStore | null = null;

export function getDraftStore(): DraftStore {
  store ??= createOnlineDraftStore();
  return store;
}

export function setDraftStore(next: DraftStore): void {
  store = next;
}
