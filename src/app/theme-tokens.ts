import { semanticTokens, tokens } from '@chakra-ui/react/theme';
import type { SystemConfig } from '@chakra-ui/react';

type TokenDefinition = NonNullable<NonNullable<SystemConfig['theme']>['tokens']>;
type SemanticTokenDefinition = NonNullable<NonNullable<SystemConfig['theme']>['semanticTokens']>;

/**
 * The design tokens of the cabinet's Chakra system (theme.ts): Chakra's own, light values only, and the cabinet's.
 *
 * The production build does not ship these definitions: scripts/token-snapshot.mjs makes the system's tokens from
 * this module at build time and puts, in its place, the finished tokens Chakra's token dictionary takes as they are
 * (issue 19: making them in the browser was the largest part of the start-up task that makes the system). Tests and
 * the dev server use this module as it is.
 */
export const chakraTokens: TokenDefinition = tokens;

/**
 * Semantic tokens with their light values only. The cabinet has no dark mode, and Chakra's 115 light/dark pairs made
 * the system build and hold three sets of CSS variables (base, light, dark) instead of one.
 */
export const chakraSemanticTokens: SemanticTokenDefinition = lightOnly(semanticTokens);

/** A deep-blue primary palette ("brand", the default colour palette), Russian-first type, SPEC §9's 32 px radius. */
export const cabinetTokens: TokenDefinition = {
  colors: {
    brand: {
      50: { value: '#eef3fb' },
      100: { value: '#d5e1f5' },
      200: { value: '#abc3eb' },
      300: { value: '#7ea2de' },
      400: { value: '#4f7ecf' },
      500: { value: '#2f62bd' },
      600: { value: '#1f4fa3' },
      700: { value: '#1a4186' },
      800: { value: '#16356b' },
      900: { value: '#112851' },
      950: { value: '#0b1a35' },
    },
  },
  radii: { pill: { value: '32px' } },
  fonts: {
    heading: { value: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
    body: { value: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
  },
};

export const cabinetSemanticTokens: SemanticTokenDefinition = {
  colors: {
    brand: {
      solid: { value: '{colors.brand.600}' },
      contrast: { value: 'white' },
      fg: { value: '{colors.brand.700}' },
      muted: { value: '{colors.brand.100}' },
      subtle: { value: '{colors.brand.50}' },
      emphasized: { value: '{colors.brand.200}' },
      focusRing: { value: '{colors.brand.500}' },
    },
    // Field errors and the required-field star: Chakra's red.500 is 3.8:1 on white, red.600 keeps 4.5:1 (WCAG 1.4.3).
    fg: { error: { value: '{colors.red.600}' } },
  },
};

function lightOnly<T>(tokens: T): T {
  if (!tokens || typeof tokens !== 'object') return tokens;
  if ('value' in tokens) {
    const { value } = tokens as { value: unknown };
    return value && typeof value === 'object' && '_light' in value ? { ...tokens, value: (value as { _light: unknown })._light } : tokens;
  }
  return Object.fromEntries(Object.entries(tokens).map(([key, child]) => [key, lightOnly(child)])) as T;
}
