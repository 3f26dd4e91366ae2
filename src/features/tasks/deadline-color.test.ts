import { afterEach, describe, expect, it } from 'vitest';
import { DateTime, Settings } from 'luxon';
import { deadlineColor, type DeadlineInput } from './deadline-color';
import { formatMoscowIso } from '@/lib/moscow-time';

const open = { sort: 10 };
const finished = { sort: 1000 };
// 10 April 2026, 12:00 Moscow = 09:00 UTC.
const NOW = Date.UTC(2026, 3, 10, 9, 0);

describe('deadline colour (SPEC §2)', () => {
  afterEach(() => {
    Settings.defaultZone = 'system';
  });

  const cases: [string, DeadlineInput, string][] = [
    ['no dates', { status: open }, 'grey'],
    ['null dates', { startDate: null, deadline: null, status: open }, 'grey'],
    ['not started yet', { startDate: '2026-04-11T09:00:00Z', deadline: '2026-05-01T09:00:00Z', status: open }, 'grey'],
    ['finished (sort 1000)', { startDate: '2026-04-01T09:00:00Z', deadline: '2026-04-09T09:00:00Z', status: finished }, 'grey'],
    ['finished (sort 1100) with an hour left', { deadline: '2026-04-10T10:00:00Z', status: { sort: 1100 } }, 'grey'],
    ['inside the window', { startDate: '2026-04-01T09:00:00Z', deadline: '2026-04-20T09:00:00Z', status: open }, 'green'],
    ['exactly 24 h left', { startDate: '2026-04-01T09:00:00Z', deadline: '2026-04-11T09:00:00Z', status: open }, 'green'],
    ['23 h 59 min left', { startDate: '2026-04-01T09:00:00Z', deadline: '2026-04-11T08:59:00Z', status: open }, 'orange'],
    ['one minute left', { deadline: '2026-04-10T09:01:00Z', status: open }, 'orange'],
    ['exactly at the deadline', { deadline: '2026-04-10T09:00:00Z', status: open }, 'orange'],
    ['one minute past', { deadline: '2026-04-10T08:59:00Z', status: open }, 'red'],
    ['long past', { startDate: '2026-01-01T00:00:00Z', deadline: '2026-02-01T00:00:00Z', status: { sort: 999 } }, 'red'],
    ['only a start, started', { startDate: '2026-04-01T09:00:00Z', status: open }, 'green'],
    ['only a start, not started', { startDate: '2026-04-12T09:00:00Z', status: open }, 'grey'],
    ['offset-less value read as Moscow time (12:30 MSK = 09:30 UTC)', { deadline: '2026-04-10T12:30:00', status: open }, 'orange'],
    ['offset-less value in the past (11:59 MSK)', { deadline: '2026-04-10T11:59:00', status: open }, 'red'],
    ['+03:00 offset', { deadline: '2026-04-11T12:00:00+03:00', status: open }, 'green'],
    ['unreadable deadline counts as missing', { deadline: 'завтра', status: open }, 'grey'],
  ];

  for (const zone of ['UTC', 'Europe/Moscow', 'America/New_York', 'Asia/Vladivostok', 'Europe/Berlin']) {
    it.each(cases)(`${zone}: %s`, (_name, input, expected) => {
      Settings.defaultZone = zone;
      expect(deadlineColor(input, NOW)).toBe(expected);
    });
  }

  it('does not move across a DST change of the browser zone (Moscow has none)', () => {
    Settings.defaultZone = 'Europe/Berlin';
    // 29 March 2026 is the EU switch to summer time; Moscow stays UTC+3.
    const now = DateTime.fromISO('2026-03-29T01:30:00Z');
    expect(deadlineColor({ deadline: '2026-03-30T04:29:00', status: open }, now)).toBe('orange');
    expect(deadlineColor({ deadline: '2026-03-30T04:31:00', status: open }, now)).toBe('green');
  });

  it('shows times in Moscow whatever the browser zone', () => {
    Settings.defaultZone = 'America/New_York';
    expect(formatMoscowIso('2026-04-10T09:00:00Z')).toBe('10.04.2026 12:00');
    expect(formatMoscowIso('2026-04-10T12:00:00')).toBe('10.04.2026 12:00');
    expect(formatMoscowIso('2026-03-29T22:30:00Z', false)).toBe('30.03.2026');
    expect(formatMoscowIso(null)).toBeNull();
    expect(formatMoscowIso('мусор')).toBeNull();
  });
});
