// @vitest-environment jsdom
import { act, createElement, useRef } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { withDomRoot } from '@/test-support/dom-root';
import { TOAST_OFFSET_VAR, toastLayer, useToastClearance } from './use-toast-clearance';


const dom = withDomRoot();
beforeEach(() => {
  // Reports at once, as the browser does after its layout.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: () => void) {}
      observe() {
        this.report();
      }
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function Bar() {
  const ref = useRef<HTMLDivElement>(null);
  useToastClearance(ref);
  return <div ref={ref} />;
}

it('keeps toasts above the bar with an offset set where only the toasts inherit it, not on the page root (Issue 19)', async () => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ height: 72, width: 375 } as DOMRect);
  await act(async () => dom.root().render(createElement(Bar)));
  expect(toastLayer().style.getPropertyValue(TOAST_OFFSET_VAR)).toBe('88px');
  // A custom property changed on the root restyles every element of the page.
  expect(document.documentElement.style.getPropertyValue(TOAST_OFFSET_VAR)).toBe('');
  await act(async () => dom.root().unmount());
  expect(toastLayer().style.getPropertyValue(TOAST_OFFSET_VAR)).toBe('');
});
