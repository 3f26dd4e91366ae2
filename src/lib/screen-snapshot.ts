/**
 * Issue 19 ("offline repeat visit"): the last rendered look of each cabinet screen is kept on the device, and
 * boot-frame.js (scripts/boot-preload.mjs) paints it before any of the app's code has run — on a slow phone the app
 * needs about a second to draw its menu and content from the persisted cache, the kept look is there at once. It is a
 * picture: inert and hidden from assistive technology; the app's own screen replaces it as soon as it has drawn its
 * content (screen-snapshot-release.ts). What is copied and when: screen-snapshot-capture.ts. It holds only what the
 * persisted query cache already holds (the same user's lists and details), belongs to the same owner, and goes with
 * it (sign-out, another user's sign-in: lib/session.ts).
 *
 * Not kept: screens with a form (typed values are not part of a page's markup: an empty-looking form must never be
 * shown for a filled one), screens still loading, and screens larger than `MAX_CHARS`.
 */
export const SNAPSHOT_PREFIX = 'cabinet-snapshot:';
export const INDEX_KEY = 'cabinet-snapshot-index';
/** Screens kept at the most (the oldest goes first) and the size of one (markup and style, characters). */
export const MAX_SCREENS = 6;
export const MAX_CHARS = 400_000;

export interface ScreenSnapshot {
  owner: string;
  at: number;
  html: string;
  css: string;
}

/** The storage key of the screen at an address (path and search, as boot-frame.js reads it). */
export const snapshotKey = (address: string) => SNAPSHOT_PREFIX + address;

/** Drops every kept screen (sign-out, another user, a failed write). */
export function forgetScreenSnapshots(storage: Storage = localStorage): void {
  for (let i = storage.length - 1; i >= 0; i--) {
    const key = storage.key(i);
    if (key?.startsWith(SNAPSHOT_PREFIX) || key === INDEX_KEY) storage.removeItem(key);
  }
}

/** Whether boot-frame.js painted a kept screen that the app has not replaced yet. */
export const snapshotShown = (doc: Document = document) => doc.documentElement.getAttribute('data-boot') === 'snapshot';

/** Takes the kept picture away and shows the app's own screen, in the same frame. */
export function dropScreenSnapshot(doc: Document = document): void {
  if (!snapshotShown(doc)) return;
  doc.getElementById('boot-snapshot')?.remove();
  doc.getElementById('boot-snapshot-css')?.remove();
  doc.documentElement.setAttribute('data-boot', 'cabinet');
}

