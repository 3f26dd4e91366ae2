import { useOnline } from '@/lib/offline/connectivity';
import { OFFLINE_BANNER_TEXT } from './offline-banner-text';

/**
 * The global offline banner: shown while the network is proved absent, as a strip in the page's flow under the header
 * (beside the service message), so it covers neither the page title nor the service message nor any button. Styled by
 * a class of index.html's sheet (app/hot-styles.ts), which a kept picture of the screen has too: boot-frame.js puts the
 * same strip into the picture when the device is offline (and takes it out when not), so the app's screen, which shows
 * it from its first render then, does not move the picture's content at the swap.
 */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" aria-live="polite" data-testid="offline-banner" className="cab-offline-bar">
      {OFFLINE_BANNER_TEXT}
    </div>
  );
}
