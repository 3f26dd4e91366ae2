// @vitest-environment jsdom
import { preventBodyScroll } from '@zag-js/remove-scroll';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepScrollbarWidth } from './scrollbar-width';

const html = document.documentElement;
let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  html.removeAttribute('style');
  vi.restoreAllMocks();
});

/** A page of 1,000 px whose scrollbar takes `scrollbar` px. */
function pageWithScrollbar(scrollbar: number) {
  vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(1000);
  vi.spyOn(html, 'clientWidth', 'get').mockReturnValue(1000 - scrollbar);
}

describe('keepScrollbarWidth (Issue 19: a dialog does not restyle the whole page)', () => {
  it('holds the width zag’s scroll lock would set, so opening and closing a dialog leaves <html> alone', () => {
    pageWithScrollbar(0);
    stop = keepScrollbarWidth();
    expect(html.style.getPropertyValue('--scrollbar-width')).toBe('0px');
    const set = vi.spyOn(html.style, 'setProperty');
    const release = preventBodyScroll(document);
    expect(document.body.hasAttribute('data-scroll-lock')).toBe(true);
    release();
    expect(set.mock.calls.filter(([name]) => name === '--scrollbar-width')).toEqual([]);
    expect(html.style.getPropertyValue('--scrollbar-width')).toBe('0px');
  });

  it('without it, the lock sets the property on <html> and takes it back', () => {
    pageWithScrollbar(0);
    const set = vi.spyOn(html.style, 'setProperty');
    const release = preventBodyScroll(document);
    release();
    expect(set.mock.calls.filter(([name]) => name === '--scrollbar-width').length).toBe(2);
  });
});
