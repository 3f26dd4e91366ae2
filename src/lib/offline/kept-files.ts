import { useSyncExternalStore } from 'react';
import { getOfflineDraftStore } from './draft-store';
import type { UploadProgress } from './file-queue';
import type { UploadRow } from './schema';

/**
 * React hooks over the device's file queue (DESIGN.md "Attachments offline"): the files a field or attachment keeps
 * on the device, and how far the one on its way is — the same in every tab.
 */
const NONE: UploadRow[] = [];
const noop = () => () => undefined;

/** Kept files of one field or attachment of a draft (an empty list where the browser keeps no files). */
export function useKeptFiles(hash: string | null, attachCode: string): UploadRow[] {
  const store = getOfflineDraftStore();
  return useSyncExternalStore(
    store && hash ? (listener) => store.subscribe(listener) : noop,
    () => (store && hash ? store.keptFiles(hash, attachCode) : NONE),
    () => NONE,
  );
}

/** The progress of one kept file's upload (null while it waits). */
export function useUploadProgress(id: string): UploadProgress | null {
  const store = getOfflineDraftStore();
  return useSyncExternalStore(
    store ? (listener) => store.subscribeUploadProgress(listener) : noop,
    () => store?.uploadProgress(id) ?? null,
    () => null,
  );
}

/** Whether picked files are kept on this device (IndexedDB present and an upload transport configured). */
export function keepsFiles(): boolean {
  return !!getOfflineDraftStore()?.files;
}
