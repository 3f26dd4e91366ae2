/**
 * Full screen on phones, a content-high dialog on wider screens: Chakra's "full" size keeps its full-height minimum
 * at every breakpoint of a responsive size, so a two-line dialog filled the desktop screen.
 */
export const phoneFullDialog = {
  size: { base: 'full', md: 'lg' },
  content: { minH: { base: '100dvh', md: 'auto' }, borderRadius: { base: '0', md: 'l3' } },
} as const;
