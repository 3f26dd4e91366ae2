// @vitest-environment jsdom
import { ChakraProvider, createSystem, defaultConfig } from '@chakra-ui/react';
import { act, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { withDomRoot } from '@/test-support/dom-root';
import { DeferredMount } from '@/components/deferred-mount';
import type { DraftStore, DraftSyncState } from '@/lib/offline/draft-types';
import { RejectedEdits, SaveStateIndicator } from './save-state-views';

const system = createSystem(defaultConfig);
const dom = withDomRoot();

/** A draft store whose queue is read while the form is being drawn: «Сохранение…» becomes «Все изменения сохранены». */
function storeReadLate() {
  const listeners = new Set<() => void>();
  let state: DraftSyncState = { status: 'saving', pending: 0, rejected: [], failing: [], online: true, ready: false, paused: null, storageError: null };
  const store = {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as DraftStore;
  const becomeReady = () => {
    state = { ...state, status: 'saved', ready: true };
    listeners.forEach((l) => l());
  };
  return { store, becomeReady };
}

describe('the save state inside a form drawn in the background (Issue 19)', () => {
  it('a store that changes during the background render does not make React draw the form again in one piece', async () => {
    const { store, becomeReady } = storeReadLate();
    let fieldRenders = 0;
    // A field of the form: the store finishes reading its queue while the form's first render is under way.
    function Field() {
      fieldRenders += 1;
      if (fieldRenders === 1) becomeReady();
      return createElement('input', { 'aria-label': 'Название проекта' });
    }
    await act(async () => {
      dom.root().render(
        createElement(ChakraProvider, {
          value: system,
          children: createElement(DeferredMount, {
            fallback: createElement('p', null, 'Загрузка'),
            children: [
              createElement(SaveStateIndicator, { key: 'state', hash: 'h', store }),
              createElement(RejectedEdits, { key: 'rejected', hash: 'h', store }),
              createElement(Field, { key: 'field' }),
            ],
          }),
        }),
      );
    });
    // Drawn once: before, React found the store changed under its background render and drew everything again.
    expect(fieldRenders).toBe(1);
    // And the state on screen is the store's, read at once.
    expect(dom.host().querySelector('[data-testid="save-state"]')?.textContent).toBe('Все изменения сохранены');
    expect(dom.host().querySelector('input')).not.toBeNull();
  });
});
