import { describe, expect, it } from 'vitest';
import { formatDate, stageDotColor, stageNote, stagePhase } from './plan-rules';

const NOW = Date.UTC(2026, 5, 15, 9, 0, 0);
const at = (days: number) => new Date(NOW + days * 86_400_000).toISOString();
const stage = (from: number | null, to: number | null) => ({ dateFrom: from === null ? null : at(from), dateTo: to === null ? null : at(to) });

describe('plan stages (SPEC §2 Plan tab)', () => {
  it.each([
    { name: 'finished long ago', s: stage(-200, -95), phase: 'past', color: 'gray.400', note: 'завершился 3 месяца назад' },
    { name: 'finished yesterday', s: stage(-30, -1), phase: 'past', color: 'gray.400', note: 'завершился вчера' },
    { name: 'starts in two weeks', s: stage(14, 60), phase: 'future', color: 'green.500', note: 'начнется через 14 дней' },
    { name: 'starts next year', s: stage(400, 500), phase: 'future', color: 'green.500', note: 'начнется через 1 год' },
    { name: 'active, 5 days left', s: stage(-10, 5), phase: 'active', color: 'brand.solid', note: 'осталось 5 дней' },
    { name: 'active, 2 months left', s: stage(-10, 61), phase: 'active', color: 'brand.solid', note: 'осталось 2 месяца' },
    { name: 'open start, ends ahead', s: stage(null, 3), phase: 'active', color: 'brand.solid', note: 'осталось 3 дня' },
    { name: 'started, no end', s: stage(-3, null), phase: 'active', color: 'brand.solid', note: '' },
    { name: 'no dates at all', s: stage(null, null), phase: 'future', color: 'green.500', note: '' },
    { name: 'ends later today', s: stage(-10, 0.25), phase: 'active', color: 'brand.solid', note: 'последний день' },
    { name: 'ended earlier today', s: stage(-10, -0.2), phase: 'past', color: 'gray.400', note: 'завершился сегодня' },
    { name: 'starts later today', s: stage(0.25, 9), phase: 'future', color: 'green.500', note: 'начнется сегодня' },
    { name: 'ends in 4.9 days: 5 calendar days', s: stage(-1, 4.9), phase: 'active', color: 'brand.solid', note: 'осталось 5 дней' },
  ])('$name → $phase, $color, "$note"', ({ s, phase, color, note }) => {
    expect(stagePhase(s, NOW)).toBe(phase);
    expect(stageDotColor(s, NOW)).toBe(color);
    expect(stageNote(s, NOW)).toBe(note);
  });

  // Issue 50: months were floored («осталось 1 месяц» with 59 days left) and the past said «прошло … назад».
  it.each([
    { days: 59, phase: 'active', note: 'осталось 2 месяца' },
    { days: 60, phase: 'future', note: 'начнется через 2 месяца' },
    { days: -151, phase: 'past', note: 'завершился 5 месяцев назад' },
    { days: 1, phase: 'active', note: 'остался 1 день' },
    { days: 1, phase: 'future', note: 'начнется завтра' },
    { days: 2, phase: 'future', note: 'начнется через 2 дня' },
    { days: -2, phase: 'past', note: 'завершился 2 дня назад' },
    { days: 11, phase: 'active', note: 'осталось 11 дней' },
    { days: 21, phase: 'active', note: 'остался 21 день' },
    { days: 29, phase: 'active', note: 'осталось 29 дней' },
    { days: 30, phase: 'active', note: 'остался 1 месяц' },
    { days: 45, phase: 'future', note: 'начнется через 1 месяц' },
    { days: 46, phase: 'future', note: 'начнется через 2 месяца' },
    { days: -45, phase: 'past', note: 'завершился 1 месяц назад' },
    { days: -46, phase: 'past', note: 'завершился 2 месяца назад' },
    { days: 334, phase: 'active', note: 'осталось 11 месяцев' },
    { days: 350, phase: 'active', note: 'остался 1 год' },
    { days: 730, phase: 'future', note: 'начнется через 2 года' },
    { days: -1900, phase: 'past', note: 'завершился 5 лет назад' },
  ])('$days days, $phase → "$note"', ({ days, phase, note }) => {
    const s = phase === 'past' ? stage(days - 30, days) : phase === 'future' ? stage(days, days + 30) : stage(-10, days);
    expect(stagePhase(s, NOW)).toBe(phase);
    expect(stageNote(s, NOW)).toBe(note);
  });

  it.each([
    { iso: '2026-03-01T21:30:00.000Z', expected: '02.03.2026' },
    { iso: '2026-12-31T06:00:00.000Z', expected: '31.12.2026' },
    { iso: null, expected: '—' },
    { iso: 'вчера', expected: '—' },
  ])('formats $iso as $expected (Moscow time)', ({ iso, expected }) => {
    expect(formatDate(iso)).toBe(expected);
  });
});
