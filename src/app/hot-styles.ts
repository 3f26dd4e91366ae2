import type { SystemContext, SystemStyleObject } from '@chakra-ui/react';
import {
  avatarSlotRecipe,
  badgeRecipe,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  fieldSlotRecipe,
  inputRecipe,
  linkRecipe,
  nativeSelectSlotRecipe,
  radioGroupSlotRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  textareaRecipe,
} from '@chakra-ui/react/theme';
import chakraPackage from '@chakra-ui/react/package.json';
// Relative: this module is also read at build time (scripts/system-css.mjs), where the `@/` alias is not known.
import { cssHint } from '../components/css-hint';
import { DRAWER_WIDTH } from '../lib/limits';

/**
 * Issue 19: styles of the elements repeated in long lists (task rows, competition rows, RID cards, status chips).
 * Chakra resolves the style props of each component instance on every render (recipe lookup, css() call, emotion
 * serialisation and insertion): in a 20-row table that is hundreds of instances and most of the first render on a
 * phone. These elements are plain HTML with the class names below instead, resolved by the theme's system at build
 * time into index.html's style sheet (scripts/system-css.mjs, in the base layer like the theme's `globalCss`), so
 * tokens and the colour palette stay the single source. Interactive parts (dialogs, menus, selects) stay Chakra
 * components.
 */
const palettes = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink'] as const;

const chipPalettes: Record<string, SystemStyleObject> = Object.fromEntries(
  palettes.map((p) => [`&[data-palette="${p}"]`, { bg: `${p}.subtle`, color: `${p}.fg`, '--chip-border': `colors.${p}.border` }]),
);

/**
 * An item of a long list away from the screen is not styled, laid out or painted until it comes near (as the groups of
 * a long questionnaire, features/questionnaire/components/section-view.tsx), keeping roughly its height (then the one
 * it last had). It stays in the page and in the accessibility tree: focus, find in page and links to it reach it.
 * Measured on a phone-sized first visit (CPU 1×, 9 loads each): the largest style recalculation of /tasks 28 → 15 ms,
 * its largest layout 33 → 25 ms.
 */
const skippedAway = (height: string): SystemStyleObject => ({ contentVisibility: 'auto', containIntrinsicSize: `auto ${height}` });

/** Read by a screen reader, not drawn. */
const visuallyHidden: SystemStyleObject = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: '0',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  borderWidth: '0',
};

export const hotStyles: Record<string, SystemStyleObject> = {
  /** Chakra's `Table` size "sm", variant "line", stacked as cards below 48em (no duplicate DOM for phones). */
  '.cab-table': {
    width: 'full',
    borderCollapse: 'collapse',
    textAlign: 'start',
    verticalAlign: 'top',
    textStyle: 'sm',
    fontVariantNumeric: 'lining-nums tabular-nums',
    '& th': { fontWeight: 'medium', textAlign: 'start', color: 'fg', px: '2', py: '2', borderBottomWidth: '1px' },
    '& td': { textAlign: 'start', verticalAlign: 'top', px: '2', py: '2', borderBottomWidth: '1px' },
    '& tr': { bg: 'bg' },
    '@media (max-width: 47.99em)': {
      // Off the screen but not out of the page: a screen reader still names each cell by its column (issue 50).
      '& thead': visuallyHidden,
      '& tbody, & tr, & td': { display: 'block', width: '100%' },
      // A table row cannot skip its layout (rows of a table are laid out together): only the stacked cards do.
      '& tr': { borderBottomWidth: '1px', paddingBlock: '0.5rem', ...skippedAway('15rem') },
      '& td': { borderBottomWidth: '0', paddingBlock: '0.25rem' },
    },
  },
  '.cab-stack': { display: 'flex', flexDirection: 'column', gap: '0.5' },
  '.cab-line': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' },
  '.cab-nowrap': { display: 'inline-flex', alignItems: 'center', gap: '1', flexWrap: 'nowrap', whiteSpace: 'nowrap' },
  '.cab-xs': { textStyle: 'xs' },
  '.cab-sm': { textStyle: 'sm' },
  '.cab-muted': { color: 'fg.muted' },
  '.cab-title-link': { fontWeight: 'semibold', color: 'brand.fg', _hover: { textDecoration: 'underline' } },
  '.cab-dot': { display: 'inline-block', width: '2', height: '2', borderRadius: 'full', flexShrink: '0', bg: 'currentColor' },
  '.cab-end': { textAlign: 'end' },
  /** The RID filters' toggles (Chakra's `HStack` gap 2) and their caption, as wide as the longest on wider screens. */
  '.cab-filter-group': { gap: '2' },
  '.cab-filter-label': { minWidth: { md: '20' } },
  /** Chakra's `Badge` (variant "subtle", size "sm"); `data-palette` picks the colour palette. */
  '.cab-chip': {
    display: 'inline-flex',
    alignItems: 'center',
    borderRadius: 'l2',
    gap: '1',
    fontWeight: 'medium',
    fontVariantNumeric: 'tabular-nums',
    textStyle: 'xs',
    px: '1.5',
    minH: '5',
    userSelect: 'none',
    bg: 'gray.subtle',
    color: 'gray.fg',
    '--chip-border': 'colors.gray.border',
    ...chipPalettes,
    // Chakra's `Badge` variant "outline".
    '&[data-variant="outline"]': { bg: 'transparent', boxShadow: 'inset 0 0 0px 1px var(--chip-border)' },
  },
  /** Chakra's `Card` size "sm", variant "outline". */
  '.cab-card': {
    display: 'flex',
    flexDirection: 'column',
    position: 'relative',
    minWidth: '0',
    height: 'full',
    borderRadius: 'l3',
    color: 'fg',
    textAlign: 'start',
    bg: 'bg.panel',
    borderWidth: '1px',
    borderColor: 'border',
    ...skippedAway('18rem'),
    '& > header': { display: 'flex', flexDirection: 'column', gap: '1.5', paddingInline: '4', paddingTop: '4' },
    '& > .cab-card-body': { display: 'flex', flexDirection: 'column', flex: '1', gap: '1', padding: '4' },
    '& > footer': { display: 'flex', alignItems: 'center', gap: '2', paddingInline: '4', paddingBottom: '4', paddingTop: '2' },
  },
  '.cab-card-title': { fontWeight: 'semibold', textStyle: 'md', lineHeight: 'short', marginTop: '2' },
  '.cab-divided': { display: 'flex', flexDirection: 'column', gap: '1', marginTop: '2', paddingTop: '2', borderTopWidth: '1px' },
  '.cab-medium': { fontWeight: 'medium' },
  /** A row of a list as a panel (the competition list). */
  '.cab-panel': { bg: 'bg', borderWidth: '1px', borderColor: 'border', borderRadius: 'xl', padding: { base: '4', md: '5' }, display: 'flex', flexDirection: 'column', gap: '3', ...skippedAway('12rem') },
  '.cab-panel-head': { display: 'flex', flexDirection: { base: 'column', md: 'row' }, justifyContent: 'space-between', alignItems: { base: 'start', md: 'center' }, gap: '3' },
  '.cab-heading-md': { fontFamily: 'heading', fontWeight: 'semibold', textStyle: 'md' },
  '.cab-two-columns': { display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: '2', textStyle: 'sm' },
  /** Chakra's `Button` variant "outline" size "sm" with the pill radius, for a link repeated in every row. */
  '.cab-pill-link': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: '0',
    whiteSpace: 'nowrap',
    height: '9',
    minWidth: '9',
    paddingInline: '3.5',
    textStyle: 'sm',
    fontWeight: 'medium',
    borderRadius: 'pill',
    borderWidth: '1px',
    borderColor: 'colorPalette.border',
    color: 'colorPalette.fg',
    transitionProperty: 'common',
    transitionDuration: 'moderate',
    _hover: { bg: 'colorPalette.subtle' },
  },
  /** Chakra's `Badge` size "md" with a full radius: the chips of a competition. */
  '.cab-chip-md': { display: 'inline-flex', alignItems: 'center', borderRadius: 'full', fontWeight: 'medium', textStyle: 'sm', paddingInline: '2.5', minH: '6', whiteSpace: 'nowrap' },
  /** Chakra's ghost icon `Button` size "sm", with the CSS tooltip of `data-hint`. */
  '.cab-icon-link': {
    ...cssHint,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '9',
    height: '9',
    borderRadius: 'l2',
    color: 'fg',
    flexShrink: '0',
    _hover: { bg: 'colorPalette.subtle' },
    '& svg': { width: '4', height: '4' },
  },
  /**
   * Chakra's `Spinner` (size "lg", colour brand.solid): the view shown while a screen's code or data is still on its way
   * (app/router.tsx). As the component, its recipe's `@layer recipes{…}` rule was inserted at run time — on a slow start
   * before the cabinet's layer blocks were in place (app/emotion-layers.ts), so a full restyle in a frame of its own.
   */
  '.cab-spinner': {
    display: 'inline-block',
    width: '8',
    height: '8',
    color: 'brand.solid',
    borderWidth: '2px',
    borderStyle: 'solid',
    borderColor: 'currentColor',
    borderBottomColor: 'transparent',
    borderInlineStartColor: 'transparent',
    borderRadius: 'full',
    animation: 'spin',
    animationDuration: 'slowest',
  },
  /**
   * The global offline banner (components/offline/offline-banner.tsx), also drawn by boot-frame.js into a kept picture of
   * a screen when the device is offline: one class for both, so the picture's strip is the app's to the pixel.
   */
  '.cab-offline-bar': {
    bg: 'gray.800',
    color: 'white',
    px: '4',
    py: '1.5',
    fontSize: { base: 'xs', md: 'sm' },
    textAlign: 'center',
  },
  /** Chakra's `Avatar` size "sm", variant "subtle": the initials in the header. */
  '.cab-avatar': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: '0',
    width: '9',
    height: '9',
    borderRadius: 'full',
    fontWeight: 'medium',
    fontSize: 'sm',
    userSelect: 'none',
    bg: 'colorPalette.muted',
    color: 'colorPalette.fg',
  },
  /** Server-provided rich text (components/rich-text.tsx): paragraphs, lists and links inside it. */
  '.cab-rich': {
    '& p': { mb: '2' },
    '& p:last-child': { mb: 0 },
    '& ul, & ol': { pl: '5', mb: '2' },
    '& ul': { listStyleType: 'disc' },
    '& ol': { listStyleType: 'decimal' },
    '& a': { color: 'brand.fg', textDecoration: 'underline' },
  },
  /** The fields of a questionnaire group, one under another (Chakra's `Stack` gap 5). */
  '.cab-fields': { display: 'flex', flexDirection: 'column', gap: '5' },
  /** A field's input and its remove button (`HStack` align start), the input taking the room left. */
  '.cab-field-row': { display: 'flex', alignItems: 'flex-start', width: 'full', gap: '2' },
  '.cab-grow': { flex: '1', minWidth: '0' },
  /** The caption of a group of radios or checkboxes (not a <label>: the group carries its name). */
  '.cab-group-label': { fontWeight: 'medium', fontSize: 'sm' },
  '.cab-field-description': { fontSize: 'sm', color: 'fg.muted' },
  '.cab-required-star': { color: 'fg.error', marginInlineStart: '1' },
  /** What a field's server check said: green when the value is fine, orange for a warning. */
  '.cab-hint': { fontSize: 'sm', color: 'green.fg', '&[data-tone="warning"]': { color: 'orange.fg' } },
  /** The frame an input shows while its code arrives (the searchable list). */
  '.cab-input-pending': { height: '10', borderWidth: '1px', borderColor: 'border', borderRadius: 'l2', bg: 'bg.muted' },
  '.cab-sr-only': visuallyHidden,
};

/**
 * The classes above resolved by a system, selector by selector (the system's css() reads the keys of one style object
 * as conditions), in the base layer as the theme's own global styles are. Done at build time into index.html.
 */
export function resolveHotStyles(system: SystemContext) {
  proveHotStyles(system);
  return system.layers.wrap(
    'base',
    Object.fromEntries(Object.entries(hotStyles).map(([selector, style]) => [selector, system.css(style)])),
  );
}

/**
 * Issue 19: the parts of a questionnaire field (root, label, required mark, help and error text, input, text area,
 * native select). A 300-field form rendered Chakra's `Field`, `Input` and `NativeSelect` components hundreds of times,
 * each resolving its recipe and serialising its styles on mount. The same recipes, taken from Chakra's theme and
 * resolved by the app's system at build time, become classes of index.html's style sheet: a field is drawn exactly as
 * the components drew it, in the same `recipes` layer, and the theme's recipes stay the single source.
 */
export function resolveFieldClasses(system: SystemContext) {
  const field = system.sva(fieldSlotRecipe)({});
  const select = system.sva(nativeSelectSlotRecipe)({});
  const check = system.sva(checkboxSlotRecipe)({});
  const radio = system.sva(radioGroupSlotRecipe)({});
  return {
    '.cab-field': field.root,
    '.cab-field-label': field.label,
    '.cab-field-required': field.requiredIndicator,
    '.cab-field-helper': field.helperText,
    '.cab-field-error': field.errorText,
    '.cab-input': system.cva(inputRecipe)({}),
    '.cab-textarea': system.cva(textareaRecipe)({}),
    '.cab-select': select.root,
    '.cab-select-field': select.field,
    '.cab-select-indicator': select.indicator,
    // The native radios and checkboxes (PlainField.Choice): the box is the <input> itself.
    '.cab-check': check.root,
    '.cab-checkmark': check.control,
    '.cab-check-label': check.label,
    '.cab-radio': radio.item,
    '.cab-radiomark': radio.itemControl,
  };
}

/** Chakra's check icon (its `CheckIcon`), drawn as a mask over the box's text colour. */
export const CHECK_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="black" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M20 6 9 17l-5-5"/></svg>';

/**
 * What the fields set beside their recipe, as Chakra's style props did: outside any layer, so they win over the
 * recipe's own values (an input's transparent background, its full width).
 */
export const fieldOverrides: Record<string, SystemStyleObject> = {
  '.cab-surface': { bg: 'bg' },
  '.cab-surface-muted': { bg: 'bg.muted' },
  '.cab-width-date': { maxWidth: '44' },
  '.cab-width-datetime': { maxWidth: '60' },
  '.cab-textarea-tall': { minHeight: '24' },
  /** A text area that grows with its text, sized by the browser (components/plain-field.tsx). */
  '.cab-textarea-grow': { fieldSizing: 'content', resize: 'none' },
  /** The options of a radio or checkbox field, one under another (Chakra's `Stack` gap 2). */
  '.cab-choices': { display: 'flex', flexDirection: 'column', gap: '2' },
  /**
   * A native box drawn by its recipe: without the browser's own look, the tick of Chakra's `Checkbox.Indicator` (its
   * check icon as a mask, in the box's text colour) and the dot of Chakra's `Radiomark` when chosen.
   */
  '.cab-checkmark, .cab-radiomark': { appearance: 'none', margin: '0' },
  '.cab-checkmark[data-state=checked]::after': {
    content: '""',
    width: 'full',
    height: 'full',
    bg: 'currentColor',
    mask: `url("data:image/svg+xml,${encodeURIComponent(CHECK_ICON)}") center / contain no-repeat`,
  },
  '.cab-radiomark[data-state=checked]::after': { content: '""', width: 'full', height: 'full', borderRadius: 'full', bg: 'currentColor', scale: '0.4' },
  '.cab-check-top': { alignItems: 'flex-start' },
  '.cab-check-top > .cab-checkmark': { marginTop: '0.5' },
};

export function resolveFieldOverrides(system: SystemContext) {
  return Object.fromEntries(Object.entries(fieldOverrides).map(([selector, style]) => [selector, system.css(style)]));
}

/**
 * Issue 19: the cabinet's shell — permanent menu, header, main area and footer — is on every signed-in screen and was
 * ~45 Chakra components resolving their styles in each screen's first render. These are the same style props, in the
 * same order, as classes resolved at build time; outside any layer, as Chakra's style props are.
 */
export const shellStyles: Record<string, SystemStyleObject> = {
  '.cab-shell': { display: 'flex', minHeight: '100dvh' },
  '.cab-skip-link': { position: 'absolute', left: '-9999px', _focus: { left: '2', top: '2', zIndex: 'max', bg: 'bg', p: '2', borderRadius: 'md' } },
  '.cab-side-nav': {
    display: { base: 'none', lg: 'block' },
    // SPEC §9: 288 px, the phone drawer's width too.
    width: `${DRAWER_WIDTH}px`,
    flexShrink: 0,
    bg: 'bg',
    borderRightWidth: '1px',
    position: 'sticky',
    top: '0',
    height: '100dvh',
    overflowY: 'auto',
  },
  '.cab-column': { display: 'flex', flexDirection: 'column', flex: '1', minWidth: '0' },
  '.cab-header': {
    display: 'flex',
    alignItems: 'center',
    gap: { base: '1', md: '3' },
    px: { base: '2', md: '6' },
    minHeight: '16',
    bg: 'bg',
    borderBottomWidth: '1px',
    position: 'sticky',
    top: '0',
    zIndex: 'docked',
  },
  '.cab-header-actions': { display: 'flex', alignItems: 'center', flexDirection: 'row', gap: '1', flexShrink: 0 },
  /** Chakra's `IconButton` on top of the button classes: no padding, icons 1.2em. */
  '.cab-icon-button': { px: '0', py: '0', _icon: { fontSize: '1.2em' } },
  '.cab-menu-button': { display: { base: 'inline-flex', lg: 'none' } },
  '.cab-round': { borderRadius: 'full' },
  '.cab-pill': { borderRadius: 'pill' },
  '.cab-palette-gray': { colorPalette: 'gray' },
  '.cab-page-title': { fontSize: { base: 'md', md: 'xl' }, fontWeight: 'semibold', lineHeight: 'short', flex: '1', minWidth: '0' },
  '.cab-page-title-text': { display: 'block', overflowWrap: 'break-word', lineClamp: { base: 2, md: 1 } },
  '.cab-page-title-open': { display: 'block', overflowWrap: 'break-word' },
  '.cab-tappable': { cursor: 'pointer' },
  '.cab-main': { flex: '1', px: { base: '3', md: '6' }, py: { base: '4', md: '6' }, minWidth: '0', outline: 'none' },
  '.cab-brand': { px: '5', py: '4', borderBottomWidth: '1px' },
  '.cab-brand-name': { fontWeight: 'bold', color: 'brand.fg', fontSize: 'lg', lineHeight: 'short' },
  '.cab-brand-sub': { fontSize: 'sm', color: 'fg.muted' },
  '.cab-nav-list': { display: 'flex', flexDirection: 'column', gap: '1', listStyleType: 'none', p: '3', m: '0' },
  '.cab-nav-item': {
    px: '3',
    py: '2.5',
    borderRadius: 'md',
    color: 'fg',
    _hover: { bg: 'brand.subtle' },
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    '[data-active] > &': { bg: 'brand.muted', color: 'brand.fg', fontWeight: 'semibold' },
  },
  '.cab-count-shape': { borderRadius: 'full' },
  '.cab-ask-shape': { px: { base: '0', md: '3' }, minWidth: { base: '10', md: 'auto' }, borderRadius: 'pill' },
  '.cab-wide-only': { display: { base: 'none', md: 'inline' } },
  '.cab-footer': { borderTopWidth: '1px', bg: 'bg', px: { base: '3', md: '6' }, py: '4', fontSize: 'sm' },
  '.cab-footer-links': { display: 'flex', flexDirection: { base: 'column', md: 'row' }, flexWrap: 'wrap', gap: { base: '2', md: '6' } },
  '.cab-brand-link': { color: 'brand.fg' },
  '.cab-footer-note': { mt: '2', color: 'fg.muted' },
};

/**
 * The shell's buttons, count badges and links, and the buttons and badges repeated in lists (a RID card's action, the
 * RID filters' toggles and their counts): Chakra's recipes with the variants the components asked for. The colour
 * palette is the page's (brand, theme.ts) unless `.cab-palette-gray` says otherwise.
 */
export function resolveShellRecipes(system: SystemContext) {
  const button = system.cva(buttonRecipe);
  const badge = system.cva(badgeRecipe);
  return {
    '.cab-button-ghost': button({ variant: 'ghost', size: 'md' }),
    '.cab-ask-button': button({ variant: { base: 'ghost', md: 'outline' }, size: { base: 'md', md: 'sm' } }),
    '.cab-count': badge({ variant: 'solid' }),
    '.cab-link': system.cva(linkRecipe)({}),
    '.cab-button-sm': button({ variant: 'solid', size: 'sm' }),
    '.cab-button-sm-outline': button({ variant: 'outline', size: 'sm' }),
    '.cab-button-xs': button({ variant: 'solid', size: 'xs' }),
    '.cab-button-xs-outline': button({ variant: 'outline', size: 'xs' }),
    '.cab-badge-surface': badge({ variant: 'surface', size: 'sm' }),
    '.cab-badge-subtle': badge({ variant: 'subtle', size: 'sm' }),
  };
}

export function resolveShellStyles(system: SystemContext) {
  return Object.fromEntries(Object.entries(shellStyles).map(([selector, style]) => [selector, system.css(style)]));
}

/*
 * The copies above of Chakra's recipes are proved equal to what the recipes resolve to in the app's system (issue 51,
 * DESIGN.md "Patches of other packages"): `resolveHotStyles` runs the proof at build time (scripts/system-css.mjs) and
 * the unit tests run it too (hot-styles.test.ts). Each copy names the recipe, its variants and which of the copy's
 * rules stands for which of the recipe's parts; both sides are resolved by the system's css(), flattened to
 * declarations per rule (the recipes layer left aside: the copies sit in the base layer on purpose), with the recipe's
 * own custom properties put in where they are read (`--card-padding`, `--spinner-size`, a colour palette's
 * `--chakra-colors-color-palette-*`), then compared declaration by declaration. What the cabinet sets on top of the
 * recipe (`own`) or leaves out of it (`leftOut`) is listed, each with its reason; an entry that no longer differs is
 * reported as well, so the lists stay true.
 */

/** A rule's declarations, property (as css() writes it) → value. */
type Declarations = Record<string, string>;
/** The rules of an element and its parts: a path of nested selectors and conditions ('' the element) → declarations. */
type Rules = Map<string, Declarations>;

interface RecipeCopy {
  /** The copy's class in `hotStyles`. */
  selector: string;
  /** Chakra's recipe, as named in messages. */
  recipe: string;
  /** The recipe's styles for each part, resolved by the system, under the path of the copy's rule for that part. */
  chakra: (system: SystemContext) => Record<string, SystemStyleObject>;
  /** The copy's rules merged into each part (a later one wins), instead of each rule of the copy standing for itself. */
  parts?: Record<string, string[]>;
  /** The copy's rules written with another selector than the recipe's: the copy's path → the recipe's. */
  renamed?: Record<string, string>;
  /** Declarations the cabinet sets over the recipe's: `path|property`, or a whole rule of the copy: `path`. */
  own?: string[];
  /** The recipe's declarations the copy leaves out: `path|property`, or a whole rule of the recipe: `path`. */
  leftOut?: string[];
}

const slotsOf = (recipe: { slots?: string[] }, wanted: string[], name: string) => {
  const missing = wanted.filter((slot) => !recipe.slots?.includes(slot));
  if (missing.length) throw new Error(`${hotStylesFailure(name)}: its slot ${missing.join(', ')} is gone (slots: ${recipe.slots?.join(', ')})`);
};

/** A slot recipe's parts for the given variants, each slot under the path of the copy's rule for it. */
function slotStyles(
  system: SystemContext,
  recipe: Parameters<SystemContext['sva']>[0],
  name: string,
  variants: Record<string, unknown>,
  paths: Record<string, string>,
): Record<string, SystemStyleObject> {
  slotsOf(recipe as { slots?: string[] }, Object.keys(paths), name);
  const styles = system.sva(recipe)(variants) as unknown as Record<string, SystemStyleObject>;
  return Object.fromEntries(Object.entries(paths).map(([slot, path]) => [path, styles[slot]!]));
}

/** The colour palette `palette` over a recipe's styles, as the component's `colorPalette` prop sets it. */
const inPalette = (palette: string, style: SystemStyleObject): SystemStyleObject => ({ colorPalette: palette, ...style });

export const recipeCopies: RecipeCopy[] = [
  {
    selector: '.cab-table',
    recipe: 'Table recipe (size "sm", variant "line")',
    chakra: (system) =>
      slotStyles(system, tableSlotRecipe, 'Table recipe', { size: 'sm', variant: 'line' }, { root: '', columnHeader: '& th', cell: '& td', row: '& tr' }),
    own: [
      // Table.Cell verticalAlign="top" in every row of the lists.
      '& td|verticalAlign',
      // The stacked cards of phones (issue 50: the header row visually hidden, not display: none).
      '@media (max-width: 47.99em) & thead',
      '@media (max-width: 47.99em) & tbody, & tr, & td',
      '@media (max-width: 47.99em) & tr',
      '@media (max-width: 47.99em) & td',
    ],
    leftOut: [
      // No effect on a table cell (nor on the stacked cards, which are blocks).
      '& td|alignItems',
      // The lists' rows are never selected.
      '& tr &:is([aria-selected=true], [data-selected])',
    ],
  },
  ...['', ...palettes].flatMap((palette): RecipeCopy[] => {
    const paletteRule = palette ? [`&[data-palette="${palette}"]`] : [];
    const shown = palette || 'gray';
    return [
      {
        selector: '.cab-chip',
        recipe: `Badge recipe (variant "subtle", size "sm", colorPalette "${shown}")`,
        chakra: (system) => ({ '': inPalette(shown, system.cva(badgeRecipe)({ variant: 'subtle', size: 'sm' })) }),
        parts: { '': ['', ...paletteRule] },
        // The task list's status badge wrapped (whiteSpace="normal", the initial value).
        leftOut: ['|whiteSpace'],
      },
      {
        selector: '.cab-chip',
        recipe: `Badge recipe (variant "outline", size "sm", colorPalette "${shown}")`,
        chakra: (system) => ({ '': inPalette(shown, system.cva(badgeRecipe)({ variant: 'outline', size: 'sm' })) }),
        parts: { '': ['', ...paletteRule, '&[data-variant="outline"]'] },
        // The outline chip is the subtle one with its background taken off: `transparent`, the initial value.
        own: ['|background'],
        leftOut: ['|whiteSpace'],
      },
    ];
  }),
  {
    selector: '.cab-chip-md',
    recipe: 'Badge recipe (size "md")',
    chakra: (system) => ({ '': system.cva(badgeRecipe)({ size: 'md' }) }),
    // The competition chips: rounded="full" px="2.5", colours of their own (competition-chips.tsx).
    own: ['|borderRadius', '|paddingInline'],
    leftOut: ['|gap', '|fontVariantNumeric', '|userSelect', '|background', '|color'],
  },
  {
    selector: '.cab-card',
    recipe: 'Card recipe (size "sm", variant "outline")',
    chakra: (system) =>
      slotStyles(
        system,
        cardSlotRecipe,
        'Card recipe',
        { size: 'sm', variant: 'outline' },
        { root: '', header: '& > header', body: '& > .cab-card-body', footer: '& > footer' },
      ),
    own: [
      // The RID cards: h="full", Card.Body gap="1", Card.Footer pt="2"; kept off-screen cards unstyled (skippedAway).
      '|height',
      '|contentVisibility',
      '|containIntrinsicSize',
      '& > .cab-card-body|gap',
      '& > footer|paddingTop',
    ],
    // overflow-wrap: anywhere is the theme's for the texts inside (theme.ts globalCss).
    leftOut: ['|wordWrap'],
  },
  {
    selector: '.cab-card-title',
    recipe: 'Card recipe (size "sm") title',
    chakra: (system) => slotStyles(system, cardSlotRecipe, 'Card recipe', { size: 'sm', variant: 'outline' }, { title: '' }),
    // Card.Title mt="2" lineHeight="short".
    own: ['|marginTop', '|lineHeight'],
  },
  {
    selector: '.cab-pill-link',
    recipe: 'Button recipe (variant "outline", size "sm")',
    chakra: (system) => ({ '': system.cva(buttonRecipe)({ variant: 'outline', size: 'sm' }) }),
    // rounded="pill".
    own: ['|borderRadius'],
    leftOut: [
      // A link: no form control's look to undo, no stacking of its own; focus drawn by the theme's :focus-visible.
      '|appearance',
      '|userSelect',
      '|position',
      '|verticalAlign',
      '|cursor',
      '|outline',
      '|isolation',
      '|gap',
      '&:is(:focus-visible, [data-focus-visible])',
      // Never disabled, expanded nor holding an icon.
      '&:is(:disabled, [disabled], [data-disabled], [aria-disabled=true])',
      '&:is([aria-expanded=true], [data-expanded], [data-state=expanded])',
      '& :where(svg)',
    ],
  },
  {
    selector: '.cab-icon-link',
    recipe: 'Button recipe (variant "ghost", size "sm")',
    chakra: (system) => ({ '': system.cva(buttonRecipe)({ variant: 'ghost', size: 'sm' }) }),
    // The recipe's `_icon`, written as a plain descendant selector.
    renamed: { '& svg': '& :where(svg)' },
    own: [
      // IconButton's square (no padding: width as the height) and the row's text colour; the CSS tooltip (css-hint.ts).
      '|width',
      '|color',
      '&::after',
      '&:hover::after, &:focus-visible::after',
    ],
    leftOut: [
      '|appearance',
      '|userSelect',
      '|whiteSpace',
      '|verticalAlign',
      '|borderWidth',
      '|borderColor',
      '|cursor',
      '|outline',
      '|lineHeight',
      '|isolation',
      '|fontWeight',
      '|transitionProperty',
      '|transitionDuration',
      '|minWidth',
      '|paddingInline',
      '|fontSize',
      '|gap',
      '|background',
      '&:is(:focus-visible, [data-focus-visible])',
      '&:is(:disabled, [disabled], [data-disabled], [aria-disabled=true])',
      '&:is([aria-expanded=true], [data-expanded], [data-state=expanded])',
      '& :where(svg)|flexShrink',
    ],
  },
  {
    selector: '.cab-spinner',
    recipe: 'Spinner recipe (size "lg")',
    chakra: (system) => ({ '': system.cva(spinnerRecipe)({ size: 'lg' }) }),
    // color="brand.solid" (router.tsx's pending view).
    own: ['|color'],
  },
  {
    selector: '.cab-avatar',
    recipe: 'Avatar recipe (size "sm", variant "subtle") root',
    chakra: (system) => slotStyles(system, avatarSlotRecipe, 'Avatar recipe', { size: 'sm', variant: 'subtle' }, { root: '' }),
    // Initials only, never in a group: nothing is placed against it.
    leftOut: ['|position', '|verticalAlign', '&[data-group-item]'],
  },
];

const CHAKRA_VERSION = `@chakra-ui/react ${(chakraPackage as { version: string }).version}`;

function hotStylesFailure(what: string) {
  return `hot-styles: ${CHAKRA_VERSION} ${what} changed`;
}

/** css() output as rules: nested keys are selectors and conditions, joined into a path; `@layer recipes` left aside. */
function flatten(style: Record<string, unknown>, path = '', rules: Rules = new Map()): Rules {
  for (const [key, value] of Object.entries(style)) {
    if (value !== null && typeof value === 'object') {
      flatten(value as Record<string, unknown>, key === '@layer recipes' ? path : path ? `${path} ${key}` : key, rules);
    } else if (value !== undefined && value !== null && value !== '') {
      if (!rules.has(path)) rules.set(path, {});
      rules.get(path)![key] = String(value);
    }
  }
  return rules;
}

/** `value` with every var() of a property in `env` replaced by that property's value (fallbacks read the same way). */
function inlineVars(value: string, env: Declarations, depth = 0): string {
  if (depth > 8) return value;
  let out = '';
  let from = 0;
  for (let at = value.indexOf('var(', from); at >= 0; at = value.indexOf('var(', from)) {
    let level = 0;
    let end = at + 3;
    for (; end < value.length; end++) {
      if (value[end] === '(') level++;
      else if (value[end] === ')' && !--level) break;
    }
    const inner = value.slice(at + 4, end);
    const comma = inner.indexOf(',');
    const name = (comma < 0 ? inner : inner.slice(0, comma)).trim();
    const fallback = comma < 0 ? undefined : inner.slice(comma + 1).trim();
    out += value.slice(from, at);
    if (env[name] !== undefined) out += inlineVars(env[name], env, depth + 1);
    else out += `var(${name}${fallback === undefined ? '' : `, ${inlineVars(fallback, env, depth + 1)}`})`;
    from = end + 1;
  }
  return out + value.slice(from);
}

/**
 * The rules with the custom properties they and the rules above them (the element's, for a part or a condition) set
 * put in where they are read, then left out: what is compared is what the element and its parts get.
 */
function normalized(rules: Rules): Rules {
  const out: Rules = new Map();
  for (const [path, declarations] of rules) {
    const env: Declarations = {};
    const above = [...rules.keys()].filter((other) => other === '' || other === path || path.startsWith(`${other} `)).sort((a, b) => a.length - b.length);
    for (const other of above) for (const [key, value] of Object.entries(rules.get(other)!)) if (key.startsWith('--')) env[key] = value;
    const resolved: Declarations = {};
    for (const [key, value] of Object.entries(declarations)) {
      if (!key.startsWith('--')) resolved[key] = inlineVars(value, env).replaceAll(TRANSPARENT, 'transparent');
    }
    if (Object.keys(resolved).length) out.set(path, resolved);
  }
  return out;
}

/** Chakra's colour token `transparent`, the same colour as the keyword a recipe's custom property may hold. */
const TRANSPARENT = 'var(--chakra-colors-transparent)';

const cssName = (property: string) => property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const shownSelector = (selector: string, path: string) => (path ? (path.includes('&') ? path.replaceAll('&', selector) : `${path} ${selector}`) : selector);

/** The copy's rules for one recipe copy: each part merged from the copy's rules named for it. */
function copyRules(all: Rules, copy: RecipeCopy): Rules {
  if (!copy.parts) return new Map([...all].map(([path, declarations]) => [copy.renamed?.[path] ?? path, declarations]));
  const out: Rules = new Map();
  for (const [part, paths] of Object.entries(copy.parts)) out.set(part, Object.assign({}, ...paths.map((path) => all.get(path) ?? {})));
  return out;
}

/** What differs between one copy and its recipe; empty when they are the same. */
function copyDifferences(system: SystemContext, copy: RecipeCopy): string[] {
  const all = flatten(system.css(hotStyles[copy.selector]!) as Record<string, unknown>);
  const mine = normalized(copyRules(all, copy));
  const theirs = normalized(
    Object.entries(copy.chakra(system)).reduce<Rules>(
      (rules, [path, style]) => flatten(system.css(style) as Record<string, unknown>, path, rules),
      new Map(),
    ),
  );
  const own = new Set(copy.own);
  const leftOut = new Set(copy.leftOut);
  const used = new Set<string>();
  const failures: string[] = [];
  const at = (path: string, property: string) => `${shownSelector(copy.selector, path)} ${cssName(property)}`;
  for (const path of new Set([...mine.keys(), ...theirs.keys()])) {
    const a = mine.get(path) ?? {};
    const b = theirs.get(path) ?? {};
    const wholeOwn = own.has(path) && !theirs.has(path);
    const wholeLeftOut = leftOut.has(path) && !mine.has(path);
    if (wholeOwn) used.add(path);
    if (wholeLeftOut) used.add(path);
    if (wholeOwn || wholeLeftOut) continue;
    for (const property of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const key = `${path}|${property}`;
      if (a[property] === b[property]) continue;
      if (b[property] === undefined ? own.has(key) : a[property] === undefined ? leftOut.has(key) : own.has(key)) {
        used.add(key);
        continue;
      }
      failures.push(`${at(path, property)} was ${a[property] ?? '(not set)'} now ${b[property] ?? '(not set)'}`);
    }
  }
  for (const entry of [...own, ...leftOut]) {
    if (used.has(entry)) continue;
    const [path, property] = entry.split('|') as [string, string | undefined];
    failures.push(`${property === undefined ? shownSelector(copy.selector, path) : at(path, property)} is no longer a difference from the recipe (listed in ${own.has(entry) ? 'own' : 'leftOut'})`);
  }
  return failures;
}

/** A rule of the copy no recipe copy compares nor lists as the cabinet's own. */
function uncoveredRules(system: SystemContext): string[] {
  const covered = new Map<string, Set<string>>();
  for (const copy of recipeCopies) {
    const set = covered.get(copy.selector) ?? covered.set(copy.selector, new Set()).get(copy.selector)!;
    const paths = copy.parts ? Object.values(copy.parts).flat() : [...flatten(system.css(hotStyles[copy.selector]!) as Record<string, unknown>).keys()];
    for (const path of [...paths, ...(copy.own ?? []).filter((entry) => !entry.includes('|'))]) set.add(path);
  }
  return [...covered].flatMap(([selector, paths]) =>
    [...flatten(system.css(hotStyles[selector]!) as Record<string, unknown>).keys()]
      .filter((path) => !paths.has(path))
      .map((path) => `hot-styles: ${shownSelector(selector, path)} is compared with no recipe; list it in recipeCopies (src/app/hot-styles.ts)`),
  );
}

/**
 * Proves every copy of a Chakra recipe in `hotStyles` equal to what the recipe resolves to in `system` (the app's,
 * theme.ts getSystem()); throws naming the package, the recipe and each declaration that differs.
 */
export function proveHotStyles(system: SystemContext): void {
  const failures: string[] = [];
  if (system.token('colors.transparent') !== 'transparent') failures.push(`${hotStylesFailure('the colour token transparent')}: it is ${system.token('colors.transparent')}`);
  for (const copy of recipeCopies) {
    const differences = copyDifferences(system, copy);
    if (differences.length) failures.push(`${hotStylesFailure(copy.recipe)}: ${differences.join('; ')}; update src/app/hot-styles.ts`);
  }
  // The hidden texts and the stacked table's header row: Chakra's `srOnly` (the original `<Text srOnly>`).
  const srOnly = normalized(flatten(system.css({ srOnly: true }) as Record<string, unknown>)).get('') ?? {};
  const hidden = normalized(flatten(system.css(visuallyHidden) as Record<string, unknown>)).get('') ?? {};
  const differences = [...new Set([...Object.keys(hidden), ...Object.keys(srOnly)])]
    .filter((property) => hidden[property] !== srOnly[property])
    .map((property) => `.cab-sr-only ${cssName(property)} was ${hidden[property] ?? '(not set)'} now ${srOnly[property] ?? '(not set)'}`);
  if (differences.length) failures.push(`${hotStylesFailure('srOnly utility')}: ${differences.join('; ')}; update src/app/hot-styles.ts`);
  failures.push(...uncoveredRules(system));
  if (failures.length) throw new Error(failures.join('\n'));
}
