// @vitest-environment jsdom
import { Field } from '@ark-ui/react/field';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLDivElement;
const observed: Element[] = [];
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  observed.length = 0;
  // The autoresize script watches each area's size; noting what it watches tells whether it is attached.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe(el: Element) {
        observed.push(el);
      }
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
  vi.resetModules();
});

async function renderArea(supportsFieldSizing: boolean) {
  vi.stubGlobal('CSS', { supports: (property: string, value: string) => supportsFieldSizing && property === 'field-sizing' && value === 'content' });
  const { PlainField } = await import('./plain-field');
  await act(async () => {
    root.render(createElement(Field.Root, null, createElement(PlainField.Textarea, { autoresize: true, defaultValue: 'Текст' })));
  });
  return host.querySelector('textarea')!;
}

describe('PlainField.Textarea with autoresize', () => {
  it('is sized by the browser where it can (field-sizing): no script reads its height (Issue 19)', async () => {
    const area = await renderArea(true);
    expect(area.classList.contains('cab-textarea-grow')).toBe(true);
    expect(observed).toEqual([]);
  });

  it('keeps the autoresize script where the browser cannot size it', async () => {
    const area = await renderArea(false);
    expect(area.classList.contains('cab-textarea-grow')).toBe(false);
    expect(observed).toEqual([area]);
    expect(area.style.resize).toBe('none');
  });
});
