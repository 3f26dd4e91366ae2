import { dropScreenSnapshot, snapshotShown } from './screen-snapshot';

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
