// @vitest-environment jsdom
import { act, createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withDomRoot } from '@/test-support/dom-root';
import { FourMonthView } from './four-month-view';

const dom = withDomRoot();

/** The view as shown on a given day, starting at that day's month. */
function showOn(now: Date, from: Date = now) {
  vi.setSystemTime(now);
  act(() => dom.root().render(createElement(FourMonthView, { date: from, events: [] })));
}

const todayMarks = () =>
  [...dom.host().querySelectorAll<HTMLElement>('.fmv-today')].map((day) => ({
    month: day.closest('section')?.getAttribute('aria-label'),
    name: day.querySelector('.cab-sr-only')?.textContent,
  }));

describe('four-month view: today', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('is marked once, in its own month, when the next month’s grid also shows it (30 November 2026 opens December’s first week)', () => {
    showOn(new Date(2026, 10, 30, 12));
    expect(todayMarks()).toEqual([{ month: 'ноябрь 2026', name: '30 ноября 2026' }]);
  });

  it('is not marked in the last grid’s closing week when its own month is out of view (1 December 2026, August to November shown)', () => {
    showOn(new Date(2026, 11, 1, 12), new Date(2026, 7, 1, 12));
    expect(todayMarks()).toEqual([]);
  });

  it('a day of another month in a grid is not announced a second time', () => {
    showOn(new Date(2026, 10, 30, 12));
    const december = dom.host().querySelector('section[aria-label="декабрь 2026"]')!;
    const named = [...december.querySelectorAll('.fmv-day')].filter((day) => day.closest('[aria-hidden="true"]') === null);
    expect(named.map((day) => day.querySelector('.cab-sr-only')?.textContent)).toHaveLength(31);
    expect(named[0]!.querySelector('.cab-sr-only')?.textContent).toBe('1 декабря 2026');
  });
});
