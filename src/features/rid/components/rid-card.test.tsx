// @vitest-environment jsdom
import { ChakraProvider, createSystem, defaultConfig } from '@chakra-ui/react';
import { act, createElement, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { withDomRoot } from '@/test-support/dom-root';
import type { Rid } from '../rid-rules';

const notes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../rid-rules', async (importOriginal) => {
  const rules = await importOriginal<typeof import('../rid-rules')>();
  return {
    ...rules,
    plannedNote: (...args: Parameters<typeof rules.plannedNote>) => {
      notes.count++;
      return rules.plannedNote(...args);
    },
  };
});

const { RidCard } = await import('./rid-card');

const dom = withDomRoot();
const system = createSystem(defaultConfig);
const rid: Rid = { id: 1, title: 'Способ очистки', status: 'pending', source: 'planned', plannedAt: Date.UTC(2026, 0, 10) };
const onSubmit = () => undefined;
const onUpdate = () => undefined;

describe('RidCard (issue 19)', () => {
  it('is not drawn again when the tab around it re-renders with the same props, and is when its own props change', () => {
    let rerender!: (compact: boolean) => void;
    function Tab() {
      const [state, setState] = useState({ compact: true, tick: 0 });
      rerender = (compact) => setState((s) => ({ compact, tick: s.tick + 1 }));
      return createElement(RidCard, { rid, compact: state.compact, now: Date.UTC(2026, 0, 1), canAct: true, onSubmit, onUpdate });
    }
    act(() => dom.root().render(createElement(ChakraProvider, { value: system, children: createElement(Tab) })));
    expect(dom.host().textContent).toContain('Способ очистки');
    const drawn = notes.count;
    expect(drawn).toBeGreaterThan(0);

    // The tab re-renders (a request's state changed): the card's props are the same, it is not drawn again.
    act(() => rerender(true));
    act(() => rerender(true));
    expect(notes.count).toBe(drawn);

    // The mode changes: the card is drawn again, now with the details the compact mode leaves out.
    act(() => rerender(false));
    expect(notes.count).toBeGreaterThan(drawn);
    expect(dom.host().textContent).toContain('Авторы: не указаны');
  });
});
