import { formatMoscowIso, parseMoscowIso } from '@/lib/moscow-time';

/**
 * SPEC §9 "task times shown in Moscow time". A date-time with an offset is read as that instant; one without an
 * offset (some back ends drop it) is read as Moscow wall-clock time, never as the browser's zone. Returns epoch ms.
 */
export function parseTaskDate(value: string | null | undefined): number | null {
  return parseMoscowIso(value);
}

/** DD.MM.YYYY HH:mm in Europe/Moscow, or null for a missing / unreadable value. */
export function formatMoscow(value: string | null | undefined, withTime = true): string | null {
  return formatMoscowIso(value, withTime);
}
