// @vitest-environment jsdom
import { ChakraProvider, createSystem, defaultConfig } from '@chakra-ui/react';
import { act, createElement } from 'react';
import { expect, it } from 'vitest';
import { withDomRoot } from '@/test-support/dom-root';
import type { ToastOptions } from './toast-options';
import ToasterView from './toaster-view';

const system = createSystem(defaultConfig);
const dom = withDomRoot();

const titles = () => [...document.querySelectorAll('[data-part="title"]')].map((e) => e.textContent);

it('shows a message asked for again while it is on screen once, and every undo toast on its own', async () => {
  let create: ((options: ToastOptions) => void) | undefined;
  await act(async () => {
    dom.root().render(createElement(ChakraProvider, { value: system, children: createElement(ToasterView, { onReady: (c) => (create = c) }) }));
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  expect(create).toBeDefined();
  const invalid: ToastOptions = { type: 'error', title: 'Проверьте анкету: 2 поля требуют исправления', closable: true, duration: 8000 };
  await act(async () => {
    for (let i = 0; i < 5; i++) create!(invalid);
  });
  expect(titles()).toEqual([invalid.title]);
  await act(async () => {
    create!({ type: 'success', title: 'Проверьте анкету: 2 поля требуют исправления' });
    create!({ type: 'info', title: 'Задача перенесена в архив', action: { label: 'Отменить', onClick: () => {} } });
    create!({ type: 'info', title: 'Задача перенесена в архив', action: { label: 'Отменить', onClick: () => {} } });
  });
  // Another kind of message with the same words is another message; two undos take back two things.
  expect(titles().sort()).toEqual([invalid.title, invalid.title, 'Задача перенесена в архив', 'Задача перенесена в архив'].sort());
  await act(async () => dom.root().unmount());
});
