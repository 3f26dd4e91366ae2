import { Global } from '@emotion/react';
import type { SystemStyleObject } from '@chakra-ui/react';
import { getSystem } from './theme';
import { hotStyles } from './hot-styles';

let styles: ReturnType<typeof resolve> | undefined;

// Resolved once, at the cabinet layout's first render, selector by selector (the system's css() reads the keys of one
// style object as conditions); in the base layer, as the theme's own global styles are.
function resolve() {
  const system = getSystem();
  return system.layers.wrap(
    'base',
    Object.fromEntries(Object.entries(hotStyles).map(([selector, style]) => [selector, system.css(style as SystemStyleObject)])),
  );
}

/** The classes of the elements repeated in long lists (hot-styles.ts), for the signed-in screens. */
export function HotStyles() {
  return <Global styles={(styles ??= resolve())} />;
}
