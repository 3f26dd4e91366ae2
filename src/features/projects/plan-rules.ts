import type { components } from '@/lib/api/generated/main';
import { formatMoscowIso, parseMoscowIso } from '@/lib/moscow-time';
import { fromToday } from '@/lib/relative-days';

export type PlanStage = components['schemas']['PlanStage'];
export type StagePhase = 'past' | 'active' | 'future';

/** A stage is past once its end has passed, future while its start is ahead, and active in between. */
export function stagePhase(stage: Pick<PlanStage, 'dateFrom' | 'dateTo'>, nowMs: number): StagePhase {
  const from = parseMoscowIso(stage.dateFrom);
  const to = parseMoscowIso(stage.dateTo);
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
  const at = parseMoscowIso(iso);
  return (at === null ? null : fromToday(at, nowMs)) ?? { days: Number.NaN, relative: '' };
}

/**
 * SPEC §2 Plan tab relative note, in Russian (lib/relative-days.ts): "прошло … назад" (past, counted from the end),
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
  return formatMoscowIso(iso, false) ?? '—';
}
