import { cssVarsPrefix } from '@chakra-ui/react/theme';

/** The CSS variable of a colour token of the theme ('fg.muted', 'orange.700'), for plain elements of hot lists. */
export function colorVar(token: string): string {
  return `var(--${cssVarsPrefix}-colors-${token.replaceAll('.', '-')})`;
}
