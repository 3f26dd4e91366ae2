import { DateTime } from 'luxon';
import type { components } from '@/lib/api/generated/main';
import { MOSCOW_ZONE } from '@/lib/limits';

export type PlanStage = components['schemas']['PlanStage'];
export type StagePhase = 'past' | 'active' | 'future';

const millis = (iso: string | null | undefined): number | null => {
  if (!iso) return null;
  const date = DateTime.fromISO(iso);
  return date.isValid ? date.toMillis() : null;
};

/** A stage is past once its end has passed, future while its start is ahead, and active in between. */
export function stagePhase(stage: Pick<PlanStage, 'dateFrom' | 'dateTo'>, nowMs: number): StagePhase {
  const from = millis(stage.dateFrom);
  const to = millis(stage.dateTo);
  if (to !== null && to < nowMs) return 'past';
  if (from !== null && from > nowMs) return 'future';
  if (from === null && to === null) return 'future';
  return 'active';
}

/** SPEC §2 Plan tab: "dot colour grey (past), green (future), primary (active)" — Chakra colour tokens. */
export const STAGE_DOT_COLORS: Record<StagePhase, string> = {
  past: 'gray.400',
  future: 'green.500',
  active: 'brand.solid',
};

export const stageDotColor = (stage: Pick<PlanStage, 'dateFrom' | 'dateTo'>, nowMs: number) => STAGE_DOT_COLORS[stagePhase(stage, nowMs)];

/** Stage dates are compared as whole Moscow calendar days: "осталось 5 дней" means five days, not 4.9. */
function dayDiff(iso: string, nowMs: number): { days: number; relative: string } {
  const target = DateTime.fromISO(iso, { zone: MOSCOW_ZONE }).startOf('day');
  const today = DateTime.fromMillis(nowMs, { zone: MOSCOW_ZONE }).startOf('day');
  return { days: Math.round(target.diff(today, 'days').days), relative: target.toRelative({ base: today, locale: 'ru' }) ?? '' };
}

/**
 * SPEC §2 Plan tab relative note, in Russian via luxon: "прошло … назад" (past, counted from the end),
 * "начнется через …" (future, counted to the start), "осталось …" (active, counted to the end).
 * Within the same day the note says so instead of "0 дней".
 */
export function stageNote(stage: Pick<PlanStage, 'dateFrom' | 'dateTo'>, nowMs: number): string {
  const phase = stagePhase(stage, nowMs);
  if (phase === 'past' && stage.dateTo) {
    const { days, relative } = dayDiff(stage.dateTo, nowMs);
    return days === 0 ? 'завершился сегодня' : `прошло ${relative}`;
  }
  if (phase === 'future' && stage.dateFrom) {
    const { days, relative } = dayDiff(stage.dateFrom, nowMs);
    return days === 0 ? 'начнется сегодня' : `начнется ${relative}`;
  }
  if (phase === 'active' && stage.dateTo) {
    const { days, relative } = dayDiff(stage.dateTo, nowMs);
    return days === 0 ? 'последний день' : `осталось ${relative.replace(/^через\s+/, '')}`;
  }
  return '';
}

/** SPEC §9: dates DD.MM.YYYY (Moscow time, as everywhere in the cabinet). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = DateTime.fromISO(iso, { zone: MOSCOW_ZONE });
  return date.isValid ? date.toFormat('dd.MM.yyyy') : '—';
}
