import { describe, expect, it } from 'vitest';
import { badgeText, formatNotificationDate, newArrivals, systemNotificationText, truncateNotification } from './notification-rules';

describe('truncateNotification (SPEC §9: 100 characters, full text in a tooltip)', () => {
  it.each<[string, string, string, boolean]>([
    ['short text stays', 'Договор подписан', 'Договор подписан', false],
    ['exactly 100', 'а'.repeat(100), 'а'.repeat(100), false],
    ['101 is cut to 100 plus an ellipsis', 'б'.repeat(101), `${'б'.repeat(100)}…`, true],
    ['trailing space before the cut is dropped', `${'в'.repeat(99)} г${'д'.repeat(20)}`, `${'в'.repeat(99)}…`, true],
    ['whitespace is collapsed first', '  Новый   отчёт\nготов  ', 'Новый отчёт готов', false],
    ['emoji are not split', `${'е'.repeat(99)}😀😀`, `${'е'.repeat(99)}😀…`, true],
    ['empty', '', '', false],
  ])('%s', (_name, text, short, truncated) => {
    const result = truncateNotification(text);
    expect(result).toEqual({ short, truncated });
    expect(Array.from(result.short.replace(/…$/, '')).length).toBeLessThanOrEqual(100);
  });
});

describe('badgeText', () => {
  it.each([
    [1, '1'],
    [99, '99'],
    [100, '99+'],
  ])('%i → %s', (count, text) => expect(badgeText(count)).toBe(text));
});

describe('newArrivals', () => {
  it('returns only ids not seen before', () => {
    expect(newArrivals(new Set([1, 2]), [{ id: 3 }, { id: 2 }, { id: 4 }])).toEqual([{ id: 3 }, { id: 4 }]);
    expect(newArrivals(new Set(), [])).toEqual([]);
  });
});

describe('systemNotificationText', () => {
  it('names one notification or counts several', () => {
    expect(systemNotificationText([])).toBeNull();
    expect(systemNotificationText([{ message: 'Отчёт принят' }])).toEqual({ title: 'Новое уведомление', body: 'Отчёт принят' });
    expect(systemNotificationText([{ message: 'А' }, { message: 'Б' }])).toEqual({ title: 'Новых уведомлений: 2', body: 'А' });
    expect(systemNotificationText([{ message: 'ж'.repeat(150) }])!.body).toBe(`${'ж'.repeat(100)}…`);
  });
});

describe('formatNotificationDate', () => {
  it('shows DD.MM.YYYY HH:mm and keeps bad input', () => {
    expect(formatNotificationDate('2025-11-21T09:05:00.000Z')).toMatch(/^\d{2}\.\d{2}\.2025 \d{2}:\d{2}$/);
    expect(formatNotificationDate('вчера')).toBe('вчера');
  });
});
