import { useSyncExternalStore } from 'react';
import { pluralRu } from '../plural';
import { getDraftStore, type DraftStore, type DraftSyncState } from './draft-store';

/** "N изменений ожидают отправки" with the plural forms of both words. */
export function pendingText(count: number): string {
  const noun = pluralRu(count, 'изменение', 'изменения', 'изменений');
  const verb = pluralRu(count, 'ожидает', 'ожидают', 'ожидают');
  return `${count} ${noun} ${verb} отправки`;
}

export const SAVE_STATE_TEXT = {
  saved: 'Все изменения сохранены',
  saving: 'Сохранение…',
  offline: 'Нет соединения — изменения сохранены на устройстве',
} as const;

/** The save-state line of a questionnaire (DESIGN.md "Offline drafts": the user always sees the state). */
export function saveStateText(state: Pick<DraftSyncState, 'status' | 'pending'>): string {
  if (state.status === 'pending') return pendingText(state.pending);
  return SAVE_STATE_TEXT[state.status];
}

/**
 * React hook: the sync state of one draft (or of all drafts of the user), the same in every tab. Through
 * `useSyncExternalStore`, whose store changes render at once: «Все изменения сохранены» must never stay on screen a
 * moment after a new edit (a lagging subscription did, in a chaos run). The store hands out the same object while
 * nothing of the draft changed, so a change elsewhere does not re-render it.
 */
export function useDraftSyncState(hash?: string, store: DraftStore = getDraftStore()): DraftSyncState {
  return useSyncExternalStore(
    (listener) => store.subscribe(listener),
    () => store.getState(hash),
    () => store.getState(hash),
  );
}
