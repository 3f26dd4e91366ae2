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

describe('PlainField.Choice (Issue 19: the browser’s own radios and checkboxes)', () => {
  async function renderChoice(props: Record<string, unknown>) {
    const { PlainField } = await import('./plain-field');
    const ticked: boolean[] = [];
    const onChange = vi.fn((e: { target: HTMLInputElement }) => ticked.push(e.target.checked));
    await act(async () => {
      dom
        .root()
        .render(
          createElement(
            Field.Root,
            { invalid: true },
            createElement(PlainField.Choice, { type: 'checkbox', label: 'Экологичность', checked: false, onChange, ...props }),
            createElement(Field.ErrorText, null, 'Заполните поле'),
          ),
        );
    });
    return { input: dom.host().querySelector('input')!, onChange, ticked };
  }

  it('is ticked by a click on its label, says its state for the recipe and is described by the field’s messages', async () => {
    const { input, onChange, ticked } = await renderChoice({ invalid: true });
    expect(input.type).toBe('checkbox');
    expect(input.dataset.state).toBe('unchecked');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(dom.host().querySelector('[data-part="error-text"]')!.id);
    await act(async () => dom.host().querySelector('label')!.click());
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(ticked).toEqual([true]);
  });

  it('read-only: keeps its focus and value, says so, and a click changes nothing', async () => {
    const { input, onChange } = await renderChoice({ readOnly: true });
    expect(input.getAttribute('aria-readonly')).toBe('true');
    expect(input.disabled).toBe(false);
    await act(async () => input.click());
    await act(async () => dom.host().querySelector('label')!.click());
    expect(onChange).not.toHaveBeenCalled();
    expect(input.checked).toBe(false);
    expect(input.dataset.state).toBe('unchecked');
  });

  it('a radio carries no aria-readonly of its own (its group does) and mirrors its checked state', async () => {
    const { input } = await renderChoice({ type: 'radio', name: 'trl', readOnly: true, checked: true });
    expect(input.type).toBe('radio');
    expect(input.hasAttribute('aria-readonly')).toBe(false);
    expect(input.checked).toBe(true);
    expect(input.dataset.state).toBe('checked');
  });

  it('read-only radios: a click on another option leaves the chosen one chosen', async () => {
    const { PlainField } = await import('./plain-field');
    const onChange = vi.fn();
    const radio = (value: string) => createElement(PlainField.Choice, { key: value, type: 'radio', name: 'trl', value, label: value, checked: value === 'Идея', readOnly: true, onChange });
    await act(async () => {
      dom.root().render(createElement('div', { role: 'radiogroup' }, radio('Идея'), radio('Готовый продукт')));
    });
    const [first, second] = [...dom.host().querySelectorAll('input')];
    await act(async () => second!.click());
    expect(onChange).not.toHaveBeenCalled();
    expect([first!.checked, second!.checked]).toEqual([true, false]);
  });
});

describe('PlainField.Root (issue 50: no nameless group per field)', () => {
  it('is no group, and still binds its label, help and error text to the input', async () => {
    const { PlainField } = await import('./plain-field');
    await act(async () => {
      dom
        .root()
        .render(
          createElement(
            PlainField.Root,
            { invalid: true, required: true, 'data-slot': 'ST_BUDGET|0|0' } as never,
            createElement(PlainField.Label, null, 'Запрашиваемая сумма гранта'),
            createElement(PlainField.Input, { defaultValue: '5000000' }),
            createElement(PlainField.HelperText, null, 'Не более 4 000 000 рублей'),
            createElement(PlainField.ErrorText, null, 'Значение не может быть больше 4 000 000'),
          ),
        );
    });
    const root = dom.host().querySelector<HTMLElement>('[data-slot]')!;
    const input = root.querySelector('input')!;
    expect(root.hasAttribute('role')).toBe(false);
    expect(root.classList.contains('cab-field')).toBe(true);
    expect(root.dataset.invalid).toBe('');
    expect(root.querySelector('label')!.htmlFor).toBe(input.id);
    // Ark UI 5.40: an invalid field's input is described by its error text, then its help (no aria-errormessage, which
    // several screen readers do not read).
    expect(input.getAttribute('aria-describedby')).toBe(`${root.querySelector('[data-part="error-text"]')!.id} ${root.querySelector('[data-part="helper-text"]')!.id}`);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.required).toBe(true);
  });
});
