import { Global } from '@emotion/react';
import type { SystemStyleObject } from '@chakra-ui/react';
import { system } from './theme';
import { hotStyles } from './hot-styles';

// Resolved once, when the cabinet layout's code loads, selector by selector (the system's css() reads the keys of one
// style object as conditions); in the base layer, as the theme's own global styles are.
const styles = system.layers.wrap(
  'base',
  Object.fromEntries(Object.entries(hotStyles).map(([selector, style]) => [selector, system.css(style as SystemStyleObject)])),
);

/** The classes of the elements repeated in long lists (hot-styles.ts), for the signed-in screens. */
export function HotStyles() {
  return <Global styles={styles} />;
}
