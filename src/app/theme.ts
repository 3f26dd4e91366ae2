import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * Cabinet theme: a deep-blue primary palette ("brand", used as the default colour palette), Russian-first type,
 * and the sign-in button radius of SPEC §9 (32 px) as the `pill` radius token.
 */
const config = defineConfig({
  globalCss: {
    html: { colorPalette: 'brand' },
    body: { bg: 'bg.subtle', color: 'fg' },
    ':focus-visible': { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
  },
  theme: {
    tokens: {
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
    },
    semanticTokens: {
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
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
