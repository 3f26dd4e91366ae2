import { DateTime } from 'luxon';
import { MOSCOW_ZONE } from '@/lib/limits';

/**
 * SPEC §9 "task times shown in Moscow time". A date-time with an offset is read as that instant; one without an
 * offset (some back ends drop it) is read as Moscow wall-clock time, never as the browser's zone.
 */
export function parseTaskDate(value: string | null | undefined): DateTime | null {
  if (!value) return null;
  const parsed = DateTime.fromISO(value, { zone: MOSCOW_ZONE });
  return parsed.isValid ? parsed : null;
}

/** DD.MM.YYYY HH:mm in Europe/Moscow, or null for a missing / unreadable value. */
export function formatMoscow(value: string | null | undefined, withTime = true): string | null {
  const parsed = parseTaskDate(value);
  if (!parsed) return null;
  return parsed.setZone(MOSCOW_ZONE).toFormat(withTime ? 'dd.MM.yyyy HH:mm' : 'dd.MM.yyyy');
}
