import type { components } from '@/lib/api/generated/main';
import { formatMoscowIso, parseMoscowIso } from '@/lib/moscow-time';
import { countWords, distanceFromToday, type DistanceUnit } from '@/lib/relative-days';

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
function distance(iso: string, nowMs: number) {
  const at = parseMoscowIso(iso);
  return at === null ? null : distanceFromToday(at, nowMs);
}

/** «остался 1 день», «остался 21 день», «осталось 2 месяца»: the verb agrees with the count. */
const left = (count: number, unit: DistanceUnit) => `${count % 10 === 1 && count % 100 !== 11 ? 'остался' : 'осталось'} ${countWords(count, unit)}`;

/**
 * SPEC §2 Plan tab relative note, in Russian: counted from the end for a past stage («завершился 5 месяцев назад»;
 * the SPEC's "прошло … назад" is not Russian), to the start for a future one («начнется через 2 месяца»), to the end
 * for an active one («осталось 2 месяца»). Months are rounded as a person rounds them (lib/relative-days.ts); today,
 * yesterday and tomorrow are said in words.
 */
export function stageNote(stage: Pick<PlanStage, 'dateFrom' | 'dateTo'>, nowMs: number): string {
  const phase = stagePhase(stage, nowMs);
  const iso = phase === 'future' ? stage.dateFrom : stage.dateTo;
  const d = iso ? distance(iso, nowMs) : null;
  if (!d) return '';
  const words = countWords(d.count, d.unit);
  if (phase === 'past') return d.days === 0 ? 'завершился сегодня' : d.days === -1 ? 'завершился вчера' : `завершился ${words} назад`;
  if (phase === 'future') return d.days === 0 ? 'начнется сегодня' : d.days === 1 ? 'начнется завтра' : `начнется через ${words}`;
  return d.days === 0 ? 'последний день' : left(d.count, d.unit);
}

/** SPEC §9: dates DD.MM.YYYY (Moscow time, as everywhere in the cabinet). */
export function formatDate(iso: string | null | undefined): string {
  return formatMoscowIso(iso, false) ?? '—';
}
