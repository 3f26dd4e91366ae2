import { dropScreenSnapshot, snapshotShown } from './screen-snapshot';

/** At the latest this long after the shell has mounted, its own screen shows even if its content is still loading. */
export const RELEASE_AFTER_MS = 3_000;

/**
 * The app's shell has mounted: its screen replaces the kept picture as soon as its main area has drawn content and
 * nothing in the shell says it is loading — the main area, and what the shell draws around it from the network on
 * every start (the service message's banner, the notification bell): the picture shows them, and the app's screen
 * without them would shift its content when they arrive. Returns a cleanup for the effect that called it.
 */
export function releaseScreenSnapshot(shell: HTMLElement | null): () => void {
  const main = shell?.querySelector('main');
  if (!shell || !main || !snapshotShown()) return () => undefined;
  let frame = 0;
  const settled = () => !!main.firstElementChild && !shell.querySelector('[aria-busy="true"]');
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    cancelAnimationFrame(frame);
  };
  const release = () => (stop(), dropScreenSnapshot());
  // Settled in one frame, and nothing changed by the next: the frame that draws the app's last content (a banner, a
  // count) is not also the frame of the swap, which then costs only the picture's removal.
  const check = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      if (settled()) frame = requestAnimationFrame(() => settled() && release());
    });
  };
  const observer = new MutationObserver(check);
  observer.observe(shell, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
  const timer = setTimeout(release, RELEASE_AFTER_MS);
  check();
  return stop;
}
