/**
 * The count on the installed app's icon (Badging API) where the browser supports it; a no-op elsewhere: what waits for
 * the person — unread notifications — plus what waits on the device for the server (unsent edits and kept files).
 */
type BadgingNavigator = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

export function supportsAppBadge(nav: Navigator | undefined = typeof navigator === 'undefined' ? undefined : navigator): boolean {
  return !!nav && typeof (nav as BadgingNavigator).setAppBadge === 'function';
}

export async function setAppBadge(
  count: number,
  nav: Navigator | undefined = typeof navigator === 'undefined' ? undefined : navigator,
): Promise<boolean> {
  const badging = nav as BadgingNavigator | undefined;
  if (!badging?.setAppBadge) return false;
  try {
    if (count > 0) await badging.setAppBadge(Math.floor(count));
    else await (badging.clearAppBadge ? badging.clearAppBadge() : badging.setAppBadge(0));
    return true;
  } catch {
    // Not allowed (e.g. not installed on some platforms): the count stays in the bell only.
    return false;
  }
}

/** What the badge counts: each source sets its own count, the icon shows their sum. */
export type BadgeSource = 'notifications' | 'outbox';
const counts: Record<BadgeSource, number> = { notifications: 0, outbox: 0 };

const notificationListeners = new Set<(count: number) => void>();

/** The unread count as the page last set it: the service worker's badge adds its own count to it. */
export function onBadgeCount(listener: (notifications: number) => void): () => void {
  notificationListeners.add(listener);
  listener(counts.notifications);
  return () => notificationListeners.delete(listener);
}

export function setBadgeCount(
  source: BadgeSource,
  count: number,
  nav: Navigator | undefined = typeof navigator === 'undefined' ? undefined : navigator,
): Promise<boolean> {
  const next = Math.max(0, Math.floor(count));
  if (counts[source] === next) return Promise.resolve(false);
  counts[source] = next;
  if (source === 'notifications') notificationListeners.forEach((l) => l(next));
  return setAppBadge(counts.notifications + counts.outbox, nav);
}
