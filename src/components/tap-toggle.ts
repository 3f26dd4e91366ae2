import type { KeyboardEvent } from 'react';

/**
 * Props that make a cut text open in full on a tap, a click, Enter or Space, and close on the next: a tooltip alone
 * needs hover, which a finger cannot do. The element shows a pointer cursor of its own (a class or a style prop).
 */
export function tapToggleProps(expanded: boolean, toggle: () => void) {
  return {
    role: 'button',
    tabIndex: 0,
    'aria-expanded': expanded,
    onClick: toggle,
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      e.preventDefault();
      toggle();
    },
  } as const;
}
