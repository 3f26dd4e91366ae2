import { DEADLINE_WARNING_HOURS, FINISHED_STATUS_SORT } from '@/lib/limits';
import { parseMoscowIso } from '@/lib/moscow-time';

export type DeadlineColor = 'grey' | 'orange' | 'green' | 'red';

export interface DeadlineInput {
  startDate?: string | null;
  deadline?: string | null;
  status: { sort: number };
}

/**
 * SPEC §2 "Deadline colour": grey when there are no dates, the task has not started, or the status sort is 1000 or
 * more (SPEC §4: finished); orange when less than 24 hours remain; green while inside the window; red when past the
 * deadline. Instants are compared, so the browser's zone and its DST never change the answer.
 * Readings: "no dates" means neither a start nor a deadline; with only a start the window is open-ended (green once
 * started); with only a deadline the task counts as started.
 */
export function deadlineColor(point: DeadlineInput, now: { toMillis(): number } | Date | number): DeadlineColor {
  if (point.status.sort >= FINISHED_STATUS_SORT) return 'grey';
  const start = parseMoscowIso(point.startDate);
  const deadline = parseMoscowIso(point.deadline);
  if (start === null && deadline === null) return 'grey';
  const at = typeof now === 'number' ? now : now instanceof Date ? now.getTime() : now.toMillis();
  if (start !== null && start > at) return 'grey';
  if (deadline === null) return 'green';
  const left = deadline - at;
  if (left < 0) return 'red';
  if (left < DEADLINE_WARNING_HOURS * 3_600_000) return 'orange';
  return 'green';
}

/**
 * Chakra colour tokens of the deadline text: the darker shade of each hue, so the text keeps 4.5:1 against the card
 * and the page background (WCAG 1.4.3; checked by src/app/theme-contrast.test.ts).
 */
export const DEADLINE_TOKENS: Record<DeadlineColor, string> = {
  grey: 'fg.muted',
  orange: 'orange.700',
  green: 'green.700',
  red: 'red.600',
};

/** The deadline dot beside the text keeps the bright shade: a graphical mark needs 3:1 (WCAG 1.4.11). */
export const DEADLINE_DOT_TOKENS: Record<DeadlineColor, string> = {
  grey: 'fg.muted',
  orange: 'orange.600',
  green: 'green.600',
  red: 'red.600',
};

export const DEADLINE_LABELS: Record<DeadlineColor, string> = {
  grey: 'срок не наступил или задача завершена',
  orange: 'до окончания срока меньше суток',
  green: 'срок идёт',
  red: 'срок истёк',
};

/** Deadline colours of an open list move on with the clock: the list's idea of "now" is refreshed this often. */
export const DEADLINE_CLOCK_MS = 60_000;
