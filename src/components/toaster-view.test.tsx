// @vitest-environment jsdom
import { act, createElement } from 'react';
import { expect, it, vi } from 'vitest';
import { withDomRoot } from '@/test-support/dom-root';
import type { ToastOptions } from './toast-options';

const dom = withDomRoot();

/** Mounts a fresh toast region (its store is the module's: a new module per test) and returns its `create`. */
async function mount(): Promise<(options: ToastOptions) => void> {
  vi.resetModules();
  const { ChakraProvider, createSystem, defaultConfig } = await import('@chakra-ui/react');
  const { default: ToasterView } = await import('./toaster-view');
  let create: ((options: ToastOptions) => void) | undefined;
  await act(async () => {
    dom.root().render(createElement(ChakraProvider, { value: createSystem(defaultConfig), children: createElement(ToasterView, { onReady: (c) => (create = c) }) }));
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  expect(create).toBeDefined();
  return create!;
}

const titles = () => [...document.querySelectorAll('[data-part="title"]')].map((e) => e.textContent);

it('shows a message asked for again while it is on screen once, and every undo toast on its own', async () => {
  const create = await mount();
  const invalid: ToastOptions = { type: 'error', title: 'Проверьте анкету: 2 поля требуют исправления', closable: true, duration: 8000 };
  await act(async () => {
    for (let i = 0; i < 5; i++) create(invalid);
  });
  expect(titles()).toEqual([invalid.title]);
  await act(async () => {
    create({ type: 'success', title: 'Проверьте анкету: 2 поля требуют исправления' });
    create({ type: 'info', title: 'Задача перенесена в архив', action: { label: 'Отменить', onClick: () => {} } });
    create({ type: 'info', title: 'Задача перенесена в архив', action: { label: 'Отменить', onClick: () => {} } });
  });
  // Another kind of message with the same words is another message; two undos take back two things.
  expect(titles().sort()).toEqual([invalid.title, invalid.title, 'Задача перенесена в архив', 'Задача перенесена в архив'].sort());
  await act(async () => dom.root().unmount());
});

it('shows the message again when its toast is already closing', async () => {
  const create = await mount();
  const saved: ToastOptions = { type: 'success', title: 'Профиль сохранён', closable: true, duration: 4000 };
  // Toasts on screen with these words (a closing one stays in the page, closed, until it is removed).
  const shown = () => [...document.querySelectorAll('[data-part="root"][data-state="open"]')].filter((e) => e.textContent?.includes(saved.title));
  await act(async () => create(saved));
  expect(shown()).toHaveLength(1);
  // The person closes it; while it leaves, the same words are asked for again.
  const root = [...document.querySelectorAll('[data-part="root"]')].find((e) => e.textContent?.includes(saved.title))!;
  await act(async () => (root.querySelector('[data-part="close-trigger"]') as HTMLElement).click());
  await act(async () => create(saved));
  await act(() => new Promise((resolve) => setTimeout(resolve, 1_000)));
  expect(shown()).toHaveLength(1);
  await act(async () => dom.root().unmount());
});

it('names its region in Russian (zag says «Notifications, bottom-end (alt+T)»)', async () => {
  await mount();
  expect(document.querySelector('[data-part="group"]')?.getAttribute('aria-label')).toBe('Всплывающие сообщения (Alt+T)');
  await act(async () => dom.root().unmount());
});
