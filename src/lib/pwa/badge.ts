/**
 * The unread count on the installed app's icon (Badging API) where the browser supports it; a no-op elsewhere.
 * Called by the notifications feature with the number of unread notifications.
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
