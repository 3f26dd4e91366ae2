import { createSystem, defineConfig, mergeConfigs, type SystemContext, type SystemStyleObject } from '@chakra-ui/react';
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import {
  alertSlotRecipe,
  animationStyles,
  breakpoints,
  buttonRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  headingRecipe,
  iconRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  semanticTokens,
  spinnerRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';
import type { RecipeDefinition, SlotRecipeConfig } from '@chakra-ui/react';

/**
 * Cabinet theme: a deep-blue primary palette ("brand", used as the default colour palette), Russian-first type,
 * and the sign-in button radius of SPEC §9 (32 px) as the `pill` radius token.
 */
const config = defineConfig({
  globalCss: {
    html: { colorPalette: 'brand' },
    body: { bg: 'bg.subtle', color: 'fg' },
    ':focus-visible': { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
    // Server texts may hold words longer than the screen (a 400-character name): they break instead of widening
    // flex rows and tables past the viewport ("anywhere" also lowers the min-content width, "break-word" does not).
    'p, h1, h2, h3, h4, h5, h6, a, dd, dt, li, td, th, label': { overflowWrap: 'anywhere' },
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
        // Field errors and the required-field star: Chakra's red.500 is 3.8:1 on white, red.600 keeps 4.5:1 (WCAG 1.4.3).
        fg: { error: { value: '{colors.red.600}' } },
      },
    },
  },
});

/**
 * Chakra's default theme without the recipes of components the cabinet never renders (DESIGN.md budgets: first-load
 * JavaScript): the full `defaultConfig` carries ~75 recipes (~24 KiB gzip). The system starts with the recipes of the
 * screens outside the signed-in layout (login, callback, errors, status dock, toasts); the recipes of the cabinet
 * screens come in a chunk of their own (theme-cabinet.ts) that the router waits for before it renders a cabinet
 * route (router.tsx). A component whose recipe is missing renders unstyled: theme.test.tsx checks both lists against
 * the components imported from '@chakra-ui/react' in src/.
 */
export const baseRecipes: Record<string, RecipeDefinition> = {
  button: buttonRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  link: linkRecipe,
  spinner: spinnerRecipe,
};

export const baseSlotRecipes: Record<string, SlotRecipeConfig> = {
  alert: alertSlotRecipe,
  list: listSlotRecipe,
  toast: toastSlotRecipe,
};

/**
 * Chakra's global styles with its custom properties declared once on the root instead of on every element (`*`).
 * Chakra sets 27 of them on `*` (rings, filters, backdrop filters, the global font and border colour): each element
 * then holds a map of its own, and every style recalculation of a cabinet screen paid for it. The ring and filter ones
 * serve Chakra utilities the app never uses (ring, filter and backdropFilter "auto"); the global font and border
 * colour are inherited from the root with the same value.
 */
const { '*': everyElement = {}, html: htmlStyles = {}, ...otherGlobalCss } = globalCss as Record<string, SystemStyleObject>;
const leanGlobalCss: Record<string, SystemStyleObject> = {
  ...otherGlobalCss,
  '*': { fontFeatureSettings: everyElement.fontFeatureSettings },
  html: { ...htmlStyles, ...Object.fromEntries(Object.entries(everyElement).filter(([key]) => key.startsWith('--global-'))) },
};

/**
 * Semantic tokens with their light values only. The cabinet has no dark mode, and Chakra's 115 light/dark pairs made
 * the system build and hold three sets of CSS variables (base, light, dark) instead of one: part of the ~90 ms at
 * CPU 4× it takes to make the system before the first screen.
 */
function lightOnly<T>(tokens: T): T {
  if (!tokens || typeof tokens !== 'object') return tokens;
  if ('value' in tokens) {
    const { value } = tokens as { value: unknown };
    return value && typeof value === 'object' && '_light' in value ? { ...tokens, value: (value as { _light: unknown })._light } : tokens;
  }
  return Object.fromEntries(Object.entries(tokens).map(([key, child]) => [key, lightOnly(child)])) as T;
}

const leanDefaultConfig = () =>
  mergeConfigs(
    defaultBaseConfig,
    defineConfig({
      preflight: true,
      cssVarsPrefix,
      cssVarsRoot,
      globalCss: leanGlobalCss,
      theme: {
        breakpoints,
        keyframes,
        tokens,
        semanticTokens: lightOnly(semanticTokens),
        recipes: { ...baseRecipes },
        slotRecipes: { ...baseSlotRecipes },
        textStyles,
        layerStyles,
        animationStyles,
      },
    }),
  );

let created: SystemContext | undefined;

/**
 * The app's Chakra system, made on first use. Making it resolves ~600 tokens into CSS variables (~90 ms at CPU 4×):
 * main.tsx runs it in a task of its own while the config request is in flight, not inside the evaluation of the
 * startup chunk (`npm run bench`, "blocking").
 */
export function getSystem(): SystemContext {
  return (created ??= createSystem(leanDefaultConfig(), config));
}

let rendered: SystemContext | undefined;

/**
 * The system as the app hands it to Chakra's provider: without its global styles (reset, base, tokens), which are in
 * index.html already, resolved from this same module at build time (scripts/system-css.mjs); the provider would
 * otherwise serialise and insert them again in the first render.
 */
export function renderedSystem(): SystemContext {
  // Copied by property descriptors: the build makes Chakra's `_global` a getter (scripts/lazy-system-globals.mjs),
  // and spreading the system would read it and work that CSS out after all.
  return (rendered ??= Object.defineProperties({}, { ...Object.getOwnPropertyDescriptors(getSystem()), _global: { value: [], enumerable: true } }) as SystemContext);
}

/** Adds recipes to the running system; Chakra reads `theme.recipes` when a component first asks for its key. */
export function addRecipes(recipes: Record<string, RecipeDefinition>, slotRecipes: Record<string, SlotRecipeConfig>): void {
  const theme = getSystem()._config.theme ?? {};
  Object.assign((theme.recipes ??= {}), recipes);
  Object.assign((theme.slotRecipes ??= {}), slotRecipes);
}

let cabinetRecipes: Promise<void> | null = null;
let cabinetState: 'idle' | 'loading' | 'ready' | 'failed' = 'idle';

/**
 * Loads the cabinet screens' recipes once. A failed load (offline without the service worker) settles too — the
 * screens render unstyled rather than not at all — and the next navigation tries again.
 */
export function loadCabinetRecipes(): Promise<void> {
  if (!cabinetRecipes || cabinetState === 'failed') {
    cabinetState = 'loading';
    cabinetRecipes = import('./theme-cabinet').then(
      (m) => {
        addRecipes(m.cabinetRecipes, m.cabinetSlotRecipes);
        cabinetState = 'ready';
      },
      () => {
        cabinetState = 'failed';
      },
    );
  }
  return cabinetRecipes;
}

export function cabinetRecipesSettled(): boolean {
  return cabinetState === 'ready' || cabinetState === 'failed';
}
