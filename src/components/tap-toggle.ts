import type { KeyboardEvent } from 'react';

/**
 * Props that make a cut text open in full on a tap, a click, Enter or Space, and close on the next: a tooltip alone
 * needs hover, which a finger cannot do.
 */
export function tapToggleProps(expanded: boolean, toggle: () => void) {
  return {
    role: 'button',
    tabIndex: 0,
    cursor: 'pointer',
    'aria-expanded': expanded,
    onClick: toggle,
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      e.preventDefault();
      toggle();
    },
  } as const;
}
