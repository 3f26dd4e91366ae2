import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * A tooltip drawn by CSS alone, for controls repeated in every row of a list (SPEC §3: the task list's go link shows
 * "Редактировать" or "Перейти"). A Chakra tooltip would start one Zag state machine per row on the first render; this
 * costs no script at all. The text comes from the element's `data-hint` (the same words as its aria-label, so a
 * screen reader hears them once, from the label). It shows on hover and on keyboard focus, to the left of the
 * control, so a control at the end of a row keeps it inside the table.
 */
export const cssHint: SystemStyleObject = {
  position: 'relative',
  '&::after': {
    content: 'attr(data-hint)',
    position: 'absolute',
    insetInlineEnd: 'calc(100% + 0.375rem)',
    top: '50%',
    transform: 'translateY(-50%)',
    whiteSpace: 'nowrap',
    bg: 'bg.inverted',
    color: 'fg.inverted',
    textStyle: 'xs',
    fontWeight: 'normal',
    px: '2.5',
    py: '1',
    borderRadius: 'l2',
    boxShadow: 'md',
    pointerEvents: 'none',
    opacity: 0,
    visibility: 'hidden',
    transition: 'opacity 0.1s, visibility 0.1s',
    zIndex: 'tooltip',
  },
  '&:hover::after, &:focus-visible::after': {
    opacity: 1,
    visibility: 'visible',
    transitionDelay: '0.2s',
  },
};
