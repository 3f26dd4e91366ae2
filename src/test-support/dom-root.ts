import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A React root in a fresh element of the jsdom page for each test of the file, unmounted and removed after it. */
export function withDomRoot(): { root: () => Root; host: () => HTMLDivElement } {
  let root: Root | undefined;
  let host: HTMLDivElement | undefined;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    const mounted = root;
    if (mounted) act(() => mounted.unmount());
    host?.remove();
  });
  return { root: () => root!, host: () => host! };
}
