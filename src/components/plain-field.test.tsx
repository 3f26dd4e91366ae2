// @vitest-environment jsdom
import { Field } from '@ark-ui/react/field';
import { act, createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withDomRoot } from '@/test-support/dom-root';


const dom = withDomRoot();
const observed: Element[] = [];
beforeEach(() => {
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
  vi.unstubAllGlobals();
  vi.resetModules();
});

async function renderArea(supportsFieldSizing: boolean) {
  vi.stubGlobal('CSS', { supports: (property: string, value: string) => supportsFieldSizing && property === 'field-sizing' && value === 'content' });
  const { PlainField } = await import('./plain-field');
  await act(async () => {
    dom.root().render(createElement(Field.Root, null, createElement(PlainField.Textarea, { autoresize: true, defaultValue: 'Текст' })));
  });
  return dom.host().querySelector('textarea')!;
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
