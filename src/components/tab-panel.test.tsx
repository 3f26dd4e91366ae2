// @vitest-environment jsdom
import { ChakraProvider, Tabs, createSystem, defaultConfig } from '@chakra-ui/react';
import { act, createElement, useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { withDomRoot } from '@/test-support/dom-root';
import { TabPanel, tabPanelLinks } from './tab-panel';


const system = createSystem(defaultConfig);
const links = tabPanelLinks('demo');
const dom = withDomRoot();

function Demo({ panels }: { panels: (selected: string) => ReactNode }) {
  const [selected, setSelected] = useState('list');
  return createElement(
    Tabs.Root,
    { value: selected, onValueChange: (e: { value: string }) => setSelected(e.value), ids: links.ids },
    createElement(
      Tabs.List,
      null,
      createElement(Tabs.Trigger, { value: 'list', ...links.controls('list', selected) }, 'Список'),
      createElement(Tabs.Trigger, { value: 'about', ...links.controls('about', selected) }, 'Сведения'),
    ),
    panels(selected),
  );
}

/** Selects a tab as a person does: a click on it. */
const select = (label: string) =>
  [...dom.host().querySelectorAll<HTMLElement>('[role="tab"]')].find((tab) => tab.textContent === label)!.click();

const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

async function render(panels: (selected: string) => ReactNode) {
  await act(async () => {
    dom.root().render(createElement(ChakraProvider, { value: system, children: createElement(Demo, { panels }) }));
  });
  await act(frames);
}


const listPanel = (selected: string, children: ReactNode) =>
  createElement(TabPanel, { key: 'list', name: 'demo', value: 'list', selected, lazyMount: true }, children);
const aboutPanel = (selected: string, children: ReactNode) =>
  createElement(TabPanel, { key: 'about', name: 'demo', value: 'about', selected, lazyMount: true }, children);
const rows = () => Array.from({ length: 20 }, (_, i) => createElement('a', { key: i, href: `#row-${i}` }, `Задача ${i}`));

describe('TabPanel', () => {
  it('is the panel of its tab for assistive technology: the tab controls it, it is labelled by the tab', async () => {
    await render((selected) => [listPanel(selected, rows()), aboutPanel(selected, 'Текст')]);
    const tab = dom.host().querySelector('[role="tab"][aria-selected="true"]')!;
    const panel = dom.host().querySelector('[role="tabpanel"]:not([hidden])')!;
    expect(tab.textContent).toBe('Список');
    expect(tab.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.getAttribute('aria-labelledby')).toBe(tab.id);
    expect(document.getElementById(tab.getAttribute('aria-controls')!)).toBe(panel);
    // The tab that is not selected names no panel (the other panel is not mounted yet).
    expect(dom.host().querySelector('[role="tab"][aria-selected="false"]')!.hasAttribute('aria-controls')).toBe(false);
    expect(dom.host().querySelectorAll('[role="tabpanel"]')).toHaveLength(1);
  });

  it('the tabs machine reads no element size inside the panel (Issue 19: it was a forced layout of the whole list)', async () => {
    const read: Element[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth')!;
    Object.defineProperty(HTMLElement.prototype, 'offsetWidth', {
      configurable: true,
      get(this: HTMLElement) {
        read.push(this);
        return descriptor.get!.call(this);
      },
    });
    try {
      await render((selected) => [listPanel(selected, rows()), aboutPanel(selected, 'Текст')]);
      await act(async () => select('Сведения'));
      await act(frames);
      await act(async () => select('Список'));
      await act(frames);
    } finally {
      Object.defineProperty(HTMLElement.prototype, 'offsetWidth', descriptor);
    }
    expect(read.filter((el) => el.closest('[role="tabpanel"]'))).toEqual([]);
  });

  it('keeps a visited panel mounted and hidden, and puts a panel with nothing focusable in the tab order', async () => {
    await render((selected) => [listPanel(selected, rows()), aboutPanel(selected, createElement('input', { 'aria-label': 'Поле' }))]);
    await act(async () => select('Сведения'));
    const [list, about] = [...dom.host().querySelectorAll('[role="tabpanel"]')] as [HTMLElement, HTMLElement];
    expect(list.hidden).toBe(true);
    expect(list.querySelectorAll('a')).toHaveLength(20);
    expect(about.hidden).toBe(false);
    expect(about.hasAttribute('tabindex')).toBe(false);

    await render((selected) => [listPanel(selected, rows()), aboutPanel(selected, 'Только текст')]);
    const empty = dom.host().querySelector('[role="tabpanel"]:not([hidden])') as HTMLElement;
    expect(empty.textContent).toBe('Только текст');
    expect(empty.getAttribute('tabindex')).toBe('0');
  });
});
