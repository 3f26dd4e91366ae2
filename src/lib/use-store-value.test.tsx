// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { useStoreValue } from './use-store-value';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A tiny store: a value, listeners, and a count of how many are subscribed. */
function makeStore(initial: string) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: string) {
      value = next;
      listeners.forEach((l) => l());
    },
    /** Changes the value without telling anybody (as a change between a render and its commit looks). */
    setQuietly(next: string) {
      value = next;
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listeners,
  };
}

const container = document.createElement('div');
let root = createRoot(container);
afterEach(() => {
  act(() => root.unmount());
  root = createRoot(container);
});

function View({ store, onRender }: { store: ReturnType<typeof makeStore>; onRender?: (value: string) => void }) {
  const value = useStoreValue(store.subscribe, store.get);
  onRender?.(value);
  return createElement('span', null, value);
}

describe('useStoreValue', () => {
  it('shows the value and follows its changes', () => {
    const store = makeStore('Сохранение…');
    act(() => root.render(createElement(View, { store })));
    expect(container.textContent).toBe('Сохранение…');
    act(() => store.set('Все изменения сохранены'));
    expect(container.textContent).toBe('Все изменения сохранены');
  });

  it('does not miss a change made between the render and the commit', () => {
    const store = makeStore('a');
    const seen: string[] = [];
    act(() => root.render(createElement(View, { store, onRender: (value) => {
      seen.push(value);
      if (seen.length === 1) store.setQuietly('b');
    } })));
    expect(container.textContent).toBe('b');
    expect(seen).toEqual(['a', 'b']);
  });

  it('renders again only when the value changed, and lets go of the store on unmount', () => {
    const store = makeStore('a');
    let renders = 0;
    act(() => root.render(createElement(View, { store, onRender: () => renders++ })));
    const after = renders;
    act(() => store.set('a'));
    expect(renders).toBe(after);
    expect(store.listeners.size).toBe(1);
    act(() => root.unmount());
    expect(store.listeners.size).toBe(0);
  });
});
