/**
 * Issue 19 ("offline repeat visit"): the last rendered look of each cabinet screen is kept on the device, and
 * boot-frame.js (scripts/boot-preload.mjs) paints it before any of the app's code has run — on a slow phone the app
 * needs about a second to draw its menu and content from the persisted cache, the kept look is there at once. It is a
 * picture: inert and hidden from assistive technology; the app's own screen replaces it as soon as it has drawn its
 * content (`releaseScreenSnapshot`). It holds only what the persisted query cache already holds (the same user's lists
 * and details), belongs to the same owner, and goes with it (sign-out, another user's sign-in: lib/session.ts).
 *
 * Not kept: screens with a form (typed values are not part of a page's markup: an empty-looking form must never be
 * shown for a filled one), screens still loading, and screens larger than `MAX_CHARS`.
 */
export const SNAPSHOT_PREFIX = 'cabinet-snapshot:';
export const INDEX_KEY = 'cabinet-snapshot-index';
/** Written by lib/session.ts beside the persisted query cache: the user the cache and the snapshots belong to. */
export const OWNER_KEY = 'cabinet-query-cache-owner';
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

export function readIndex(storage: Storage): { address: string; at: number }[] {
  try {
    const list = JSON.parse(storage.getItem(INDEX_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((entry): entry is { address: string; at: number } => typeof entry?.address === 'string') : [];
  } catch {
    return [];
  }
}

/** Drops every kept screen (sign-out, another user, a failed write). */
export function forgetScreenSnapshots(storage: Storage = localStorage): void {
  for (const entry of readIndex(storage)) storage.removeItem(snapshotKey(entry.address));
  storage.removeItem(INDEX_KEY);
  for (let i = storage.length - 1; i >= 0; i--) {
    const key = storage.key(i);
    if (key?.startsWith(SNAPSHOT_PREFIX)) storage.removeItem(key);
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

/** At the latest this long after the shell has mounted, its own screen shows even if its content is still loading. */
export const RELEASE_AFTER_MS = 3_000;

/**
 * The app's shell has mounted: its screen replaces the kept picture as soon as its main area has drawn content and
 * nothing in it says it is loading. Returns a cleanup for the effect that called it.
 */
export function releaseScreenSnapshot(main: HTMLElement | null, doc: Document = document): () => void {
  if (!main || !snapshotShown(doc)) return () => undefined;
  let frame = 0;
  const settled = () => !!main.firstElementChild && !main.querySelector('[aria-busy="true"]');
  const release = () => {
    observer.disconnect();
    clearTimeout(timer);
    cancelAnimationFrame(frame);
    dropScreenSnapshot(doc);
  };
  const check = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => settled() && release());
  };
  const observer = new MutationObserver(check);
  observer.observe(main, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
  const timer = setTimeout(release, RELEASE_AFTER_MS);
  check();
  return () => {
    observer.disconnect();
    clearTimeout(timer);
    cancelAnimationFrame(frame);
  };
}

/**
 * After a screen has rendered and settled, and when the page is hidden, the screen on display is kept. The code that
 * copies a screen is fetched once the first screen has settled (it is not part of any first load); a page hidden
 * before that keeps nothing.
 */
export function keepScreenSnapshots(subscribeRendered: (listener: () => void) => () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let capture: (() => boolean) | null = null;
  let loading: Promise<unknown> | null = null;
  const load = () =>
    (loading ??= import('./screen-snapshot-capture').then(
      (m) => (capture = () => m.captureScreen()),
      () => (loading = null),
    ));
  const now = () => {
    clearTimeout(timer);
    try {
      capture?.();
    } catch (error) {
      console.warn('screen not kept', error);
    }
  };
  const later = () => {
    clearTimeout(timer);
    // A screen's data often arrives just after it renders: kept once it has had a moment to settle, when idle.
    timer = setTimeout(() => void load().then(() => ('requestIdleCallback' in window ? requestIdleCallback(now, { timeout: 2_000 }) : now())), 1_500);
  };
  const hidden = () => document.visibilityState === 'hidden' && now();
  const stop = subscribeRendered(later);
  document.addEventListener('visibilitychange', hidden);
  window.addEventListener('pagehide', now);
  return () => {
    stop();
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', hidden);
    window.removeEventListener('pagehide', now);
  };
}
