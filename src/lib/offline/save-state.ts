import { useCallback } from 'react';
import { pluralRu } from '../plural';
import { useStoreValue } from '../use-store-value';
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
 * React hook: the sync state of one draft (or of all drafts of the user), the same in every tab. Followed without
 * React's tearing guard (use-store-value.ts): the state changes while a form's first render runs in the background.
 */
export function useDraftSyncState(hash?: string, store: DraftStore = getDraftStore()): DraftSyncState {
  const subscribe = useCallback((listener: () => void) => store.subscribe(listener), [store]);
  const getSnapshot = useCallback(() => store.getState(hash), [store, hash]);
  return useStoreValue(subscribe, getSnapshot);
}
