import { dropScreenSnapshot, snapshotShown } from './screen-snapshot';

/** At the latest this long after the shell has mounted, its own screen shows even if its content is still loading. */
export const RELEASE_AFTER_MS = 3_000;

/** What a person does just before acting on what the picture shows: the pointer moves or touches, a key goes down. */
const PERSON_INPUTS = ['pointermove', 'pointerdown', 'keydown'] as const;

/**
 * The app's shell has mounted: its screen replaces the kept picture as soon as its main area has drawn content and
 * nothing in the shell says it is loading — the main area, and what the shell draws around it from the network on
 * every start (the service message's banner, the notification bell): the picture shows them, and the app's screen
 * without them would shift its content when they arrive. Returns a cleanup for the effect that called it.
 *
 * A person who acts first gets the app's screen at once, once it is settled: the picture is inert and the app's screen
 * is clipped away behind it, so a click there went to nothing (a filter clicked right after a reload stayed unset, in
 * the frames between the screen's last content and the swap: 150–280 ms on a desktop, longer on a phone). The pointer
 * moving there or a finger touching takes the picture away before the press, so the press lands on the app's control
 * (a tap's click is aimed when the finger lifts).
 */
export function releaseScreenSnapshot(shell: HTMLElement | null): () => void {
  const main = shell?.querySelector('main');
  if (!shell || !main || !snapshotShown()) return () => undefined;
  let frame = 0;
  const settled = () => !!main.firstElementChild && !shell.querySelector('[aria-busy="true"]');
  const early = () => settled() && release();
  // Capture: before any handler of the app's screen.
  const listen = (add: boolean) => {
    for (const type of PERSON_INPUTS) window[add ? 'addEventListener' : 'removeEventListener'](type, early, true);
  };
  const stop = () => {
    listen(false);
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
  listen(true);
  check();
  return stop;
}
