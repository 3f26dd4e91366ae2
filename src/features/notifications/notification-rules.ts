import { NOTIFICATION_TRUNCATE } from '@/lib/limits';

/**
 * SPEC §2/§9: a notification in the bell popup is cut to 100 characters; the full text goes to a tooltip.
 * Characters are counted as the user sees them (code points), so an emoji is never split in half.
 */
export function truncateNotification(text: string, limit = NOTIFICATION_TRUNCATE): { short: string; truncated: boolean } {
  const normalised = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(normalised);
  if (chars.length <= limit) return { short: normalised, truncated: false };
  return { short: `${chars.slice(0, limit).join('').trimEnd()}…`, truncated: true };
}

/** The badge text on the bell: the count, capped so it fits the icon. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/** Notifications that were not in the previous poll (they trigger the system notification when hidden). */
export function newArrivals<T extends { id: number }>(seen: ReadonlySet<number>, items: readonly T[]): T[] {
  return items.filter((item) => !seen.has(item.id));
}

/** Title and body of the system notification shown while the app is in the background. */
export function systemNotificationText(items: readonly { message: string }[]): { title: string; body: string } | null {
  if (items.length === 0) return null;
  if (items.length === 1) return { title: 'Новое уведомление', body: truncateNotification(items[0]!.message).short };
  return { title: `Новых уведомлений: ${items.length}`, body: truncateNotification(items[0]!.message).short };
}

/**
 * Made when the popup first shows a date, not when the bell's module loads with every cabinet screen: a page's first
 * Intl.DateTimeFormat loads ICU's locale data (25–40 ms at full speed, 4× that on a phone).
 */
let dateFormat: Intl.DateTimeFormat | undefined;

/** DD.MM.YYYY HH:mm in the user's time zone; the raw value when it is not a date. */
export function formatNotificationDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  dateFormat ??= new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  return dateFormat.format(date).replace(',', '');
}
