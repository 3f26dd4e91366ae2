// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { preventBodyScroll } from '@zag-js/remove-scroll';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Issue 19: a Chakra dialog locks the page's scrolling (zag's remove-scroll), which sets `--scrollbar-width` on <html>
 * as the dialog opens and puts it back as it closes. A custom property set on the root restyles every element of the
 * page: 6.6 ms at full speed on START-2026's form, each way, inside the frame that shows the dialog (a phone is several
 * times slower; a 300-field form has many more elements). zag leaves the property alone when the root already holds
 * the value it would set, and a phone's scrollbar takes no room: index.html gives <html> that value, 0px. A desktop
 * scrollbar that takes room still gets its width set, as before.
 */
const html = document.documentElement;
const indexHtml = readFileSync('index.html', 'utf8');

afterEach(() => {
  html.removeAttribute('style');
  document.body.removeAttribute('style');
  vi.restoreAllMocks();
});

/** A window of 1,000 px whose scrollbar takes `scrollbar` px (0 on a phone: the scrollbar is drawn over the page). */
function scrollbarTakes(scrollbar: number) {
  vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(1000);
  vi.spyOn(html, 'clientWidth', 'get').mockReturnValue(1000 - scrollbar);
}

/** The property writes to <html> while a dialog opens and closes. */
function writesOfOneDialog(): unknown[][] {
  const set = vi.spyOn(html.style, 'setProperty');
  const release = preventBodyScroll(document);
  expect(document.body.hasAttribute('data-scroll-lock')).toBe(true);
  release();
  expect(document.body.hasAttribute('data-scroll-lock')).toBe(false);
  return set.mock.calls.filter(([name]) => name === '--scrollbar-width');
}

describe('a dialog on a phone does not restyle the whole page (Issue 19)', () => {
  it('index.html gives <html> the width the lock sets on a phone, and the lock then leaves <html> alone', () => {
    const style = /<html\b[^>]*\sstyle="([^"]*)"/.exec(indexHtml)?.[1];
    expect(style).toBeDefined();
    html.setAttribute('style', style!);
    scrollbarTakes(0);
    expect(writesOfOneDialog()).toEqual([]);
    expect(html.style.getPropertyValue('--scrollbar-width')).toBe('0px');
  });

  it('without it, the lock sets the property on <html> and takes it back: two restyles of the page', () => {
    scrollbarTakes(0);
    expect(writesOfOneDialog()).toHaveLength(2);
  });

  it('a desktop scrollbar that takes room still gets its width while the dialog is open', () => {
    html.setAttribute('style', '--scrollbar-width: 0px');
    scrollbarTakes(15);
    const writes = writesOfOneDialog();
    expect(writes[0]).toEqual(['--scrollbar-width', '15px']);
    expect(html.style.getPropertyValue('--scrollbar-width')).toBe('0px');
  });
});
