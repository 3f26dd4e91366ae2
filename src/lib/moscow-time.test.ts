import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { MOSCOW_ZONE } from './limits';
import { formatMoscowIso as formatMoscow, parseMoscowIso as parseTaskDate } from './moscow-time';

// moscow-time.ts reads ISO values with Intl instead of luxon (first-load budget of the task and competition lists);
// luxon, still used elsewhere, is the reference it must agree with.
const luxonMillis = (value: string) => {
  const parsed = DateTime.fromISO(value, { zone: MOSCOW_ZONE });
  return parsed.isValid ? parsed.toMillis() : null;
};
const luxonFormat = (value: string, withTime: boolean) => {
  const parsed = DateTime.fromISO(value, { zone: MOSCOW_ZONE });
  return parsed.isValid ? parsed.setZone(MOSCOW_ZONE).toFormat(withTime ? 'dd.MM.yyyy HH:mm' : 'dd.MM.yyyy') : null;
};

const values: string[] = [];
for (const date of ['2009-03-29', '2009-10-25', '2010-07-01', '2011-03-27', '2012-12-31', '2014-10-26', '2020-02-29', '2026-01-01', '2026-04-10', '2026-12-31']) {
  for (const time of ['', 'T00', 'T02:30', 'T03:15:59', 'T12:00:00.5', 'T23:59:59.999']) {
    for (const zone of ['', 'Z', '+03:00', '-05:30', '+0400', '+05']) {
      if (!time && zone) continue;
      values.push(`${date}${time}${zone}`);
    }
  }
}
const invalid = ['мусор', '2026-13-01', '2026-04-31T10:00', '2026-04-10T25:00', '2026-04-10T10:60', '2026/04/10', '10.04.2026', '2026-04-10 10:00', ''];

describe('Moscow time without luxon', () => {
  it.each(values)('reads %s as luxon does', (value) => {
    expect(parseTaskDate(value)).toBe(luxonMillis(value));
    expect(formatMoscow(value)).toBe(luxonFormat(value, true));
    expect(formatMoscow(value, false)).toBe(luxonFormat(value, false));
  });

  it.each(invalid)('rejects %j as luxon does', (value) => {
    expect(luxonMillis(value)).toBeNull();
    expect(parseTaskDate(value)).toBeNull();
    expect(formatMoscow(value)).toBeNull();
  });

  it('reads an offset-less value as Moscow wall-clock time', () => {
    expect(parseTaskDate('2026-04-10T12:00:00')).toBe(Date.UTC(2026, 3, 10, 9, 0));
    expect(parseTaskDate('2012-06-01T12:00')).toBe(Date.UTC(2012, 5, 1, 8, 0)); // UTC+4 then
  });
});
