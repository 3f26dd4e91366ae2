import { createSystem, defineConfig, type SystemContext, type SystemStyleObject } from '@chakra-ui/react';
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
  spinnerRecipe,
  textStyles,
  toastSlotRecipe,
} from '@chakra-ui/react/theme';
import { cabinetSemanticTokens, cabinetTokens, chakraSemanticTokens, chakraTokens } from './theme-tokens';
import type { RecipeDefinition, SlotRecipeConfig } from '@chakra-ui/react';

/** Cabinet theme: its global styles, and its tokens (theme-tokens.ts: the brand palette, type, SPEC §9's radius). */
const config = defineConfig({
  globalCss: {
    html: { colorPalette: 'brand' },
    body: { bg: 'bg.subtle', color: 'fg' },
    ':focus-visible': { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
    // Server texts may hold words longer than the screen (a 400-character name): they break instead of widening
    // flex rows and tables past the viewport ("anywhere" also lowers the min-content width, "break-word" does not).
    'p, h1, h2, h3, h4, h5, h6, a, dd, dt, li, td, th, label': { overflowWrap: 'anywhere' },
  },
  theme: { tokens: cabinetTokens, semanticTokens: cabinetSemanticTokens },
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

/** Chakra's default theme without the recipes the first screens do not use, its tokens light only (theme-tokens.ts). */
const leanDefaults = () =>
  defineConfig({
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss: leanGlobalCss,
    theme: {
      breakpoints,
      keyframes,
      tokens: chakraTokens,
      semanticTokens: chakraSemanticTokens,
      recipes: { ...baseRecipes },
      slotRecipes: { ...baseSlotRecipes },
      textStyles,
      layerStyles,
      animationStyles,
    },
  });

/** The three configs the app's system is made of, in the order Chakra merges them (also used by the build's proofs). */
export const systemConfigs = () => [defaultBaseConfig, leanDefaults(), config] as const;

let created: SystemContext | undefined;

/**
 * The app's Chakra system, made on first use: main.tsx runs it in a task of its own while the config request is in
 * flight, not inside the evaluation of the startup chunk (`npm run bench`, "blocking"). One merge of the three
 * configs: Chakra copies every config it merges, and the base config's utilities are most of that copy (issue 19).
 */
export function getSystem(): SystemContext {
  return (created ??= createSystem(...systemConfigs()));
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
