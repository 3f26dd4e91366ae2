// @vitest-environment jsdom
import { ChakraProvider, createSystem, defaultConfig } from '@chakra-ui/react';
import { act, createElement } from 'react';
import { expect, it } from 'vitest';
import { withDomRoot } from '@/test-support/dom-root';
import type { FieldDef } from '../../model/definition';
import { ComboboxInput, searchCollatorMade } from './combobox-input';

// jsdom has no ResizeObserver; the open list's positioning watches sizes with it (nothing is laid out here anyway).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
// Nor CSS.escape, which the list uses to find the highlighted option when typing highlights one (values here are digits).
globalThis.CSS ??= { escape: (value: string) => value.replace(/["\\]/g, '\\$&') } as unknown as typeof CSS;

const system = createSystem(defaultConfig);
const regions = [...Array.from({ length: 85 }, (_, i) => ({ id: i + 1, name: `Регион ${i + 1}` })), { id: 86, name: 'Ёлкино' }];
const field = {
  code: 'region',
  name: 'Регион реализации проекта',
  dataType: 'string',
  typeId: 1,
  paramName: null,
  required: false,
  readOnly: false,
  approved: false,
  managerComment: null,
  description: null,
  note: null,
  defaultValue: null,
  options: regions,
  rules: [],
  multiValue: false,
  multiple: false,
  addButton: true,
  signable: false,
  groupCode: null,
  formatHint: null,
  synthetic: false,
  validator: null,
} as unknown as FieldDef;

const dom = withDomRoot();

it('the list is drawn without a collator; the first typed letter makes it, and the search ignores case and «ё»', async () => {
  await act(async () => {
    dom.root().render(
      createElement(ChakraProvider, {
        value: system,
        children: createElement(ComboboxInput, { field, value: '', readOnly: false, invalid: false, onChange: () => {}, onBlur: () => {} }),
      }),
    );
  });
  // Issue 19: the first Intl.Collator of a page loads ICU's collation data, in the form's first render before.
  expect(searchCollatorMade()).toBe(false);
  const input = document.querySelector('input') as HTMLInputElement;
  const type = async (text: string) =>
    act(async () => {
      input.focus();
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setValue.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  await type('ЕЛК');
  // The list highlights the first match and scrolls to it (a mutation observer's callback: the stub above is used).
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
  expect(searchCollatorMade()).toBe(true);
  expect([...document.querySelectorAll('[role="option"]')].map((o) => o.textContent)).toEqual(['Ёлкино']);
  await type('регион 8');
  expect([...document.querySelectorAll('[role="option"]')].map((o) => o.textContent)).toEqual(['Регион 8', 'Регион 80', 'Регион 81', 'Регион 82', 'Регион 83', 'Регион 84', 'Регион 85']);
});

it('a closed searchable list has none of its options in the page (Issue 19); opened, it lists them all', async () => {
  const chosen: unknown[] = [];
  await act(async () => {
    dom.root().render(
      createElement(ChakraProvider, {
        value: system,
        children: createElement(ComboboxInput, { field, value: '', readOnly: false, invalid: false, onChange: (v) => chosen.push(v), onBlur: () => {} }),
      }),
    );
  });
  await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  // Before: 85 hidden options in a portal per field, and a forced layout of the form on mount to scroll them to the top.
  expect(document.querySelectorAll('[role="option"]')).toHaveLength(0);

  await act(async () => (document.querySelector('button[aria-label="Открыть список"]') as HTMLElement).click());
  expect(document.querySelectorAll('[role="option"]')).toHaveLength(86);
  await act(async () => ([...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === 'Регион 7')!).click());
  expect(chosen).toEqual(['7']);
});
