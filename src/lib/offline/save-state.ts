import { useSyncExternalStore } from 'react';
import { pluralRu } from '../plural';
import { getDraftStore, type DraftStore, type DraftSyncState } from './draft-store';

/**
 * "N изменений ожидают отправки", "1 файл ожидает отправки", "2 изменения и 1 файл ожидают отправки": the plural forms
 * of every word; two subjects take the plural verb.
 */
export function pendingText(count: number, files = 0): string {
  const edits = count > 0 ? `${count} ${pluralRu(count, 'изменение', 'изменения', 'изменений')}` : '';
  const kept = files > 0 ? `${files} ${pluralRu(files, 'файл', 'файла', 'файлов')}` : '';
  const verb = edits && kept ? 'ожидают' : pluralRu(count || files, 'ожидает', 'ожидают', 'ожидают');
  return `${[edits, kept].filter(Boolean).join(' и ')} ${verb} отправки`;
}

export const SAVE_STATE_TEXT = {
  saved: 'Все изменения сохранены',
  saving: 'Сохранение…',
  offline: 'Нет соединения — изменения сохранены на устройстве',
} as const;

/** The save-state line of a questionnaire (DESIGN.md "Offline drafts": the user always sees the state). */
export function saveStateText(state: Pick<DraftSyncState, 'status' | 'pending' | 'files'>): string {
  if (state.status === 'pending') return pendingText(state.pending, state.files ?? 0);
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
