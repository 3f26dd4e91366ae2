import { useEffect, useRef } from 'react';
import { setBadgeCount } from '@/lib/pwa/badge';
import { newArrivals, systemNotificationText } from './notification-rules';

async function showSystemNotification(title: string, body: string, tag: string): Promise<void> {
  const options: NotificationOptions = { body, tag, lang: 'ru', icon: '/icons/icon-192.png', badge: '/icons/icon-maskable-192.png' };
  // On phones a page cannot construct Notification; the service worker can show it.
  const registration = await navigator.serviceWorker?.getRegistration?.().catch(() => undefined);
  if (registration) await registration.showNotification(title, options);
  else new Notification(title, options);
}

/**
 * Keeps the app badge equal to the unread count and, while the page is hidden, announces notifications that
 * arrived since the previous poll with a system notification — only if the user has allowed notifications.
 */
export function useNotificationAlerts(items: readonly { id: number; message: string }[] | undefined): void {
  const seen = useRef<Set<number> | null>(null);

  useEffect(() => {
    if (!items) return;
    // The unread count on the installed app's icon (Badging API; a no-op where unsupported).
    void setBadgeCount('notifications', items.length);
    const known = seen.current;
    seen.current = new Set(items.map((n) => n.id));
    // The first answer is what the user sees on arrival: nothing to announce.
    if (!known) return;
    const fresh = newArrivals(known, items);
    const text = systemNotificationText(fresh);
    if (!text || document.visibilityState !== 'hidden') return;
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    void showSystemNotification(text.title, text.body, `notification-${fresh[0]!.id}`).catch(() => undefined);
  }, [items]);

  useEffect(
    () => () => {
      void setBadgeCount('notifications', 0);
    },
    [],
  );
}

/** SPEC §9 polling plus "on focus": returning to the window asks at once (visibility is handled by the query). */
export function useRefetchOnFocus(refetch: () => unknown): void {
  const last = useRef(0);
  useEffect(() => {
    const onFocus = () => {
      const now = Date.now();
      if (now - last.current < 5_000) return;
      last.current = now;
      void refetch();
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch]);
}
