import type { SystemContext, SystemStyleObject } from '@chakra-ui/react';
import {
  badgeRecipe,
  buttonRecipe,
  checkboxSlotRecipe,
  fieldSlotRecipe,
  inputRecipe,
  linkRecipe,
  nativeSelectSlotRecipe,
  radioGroupSlotRecipe,
  textareaRecipe,
} from '@chakra-ui/react/theme';
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
  palettes.map((p) => [`&[data-palette="${p}"]`, { bg: `${p}.subtle`, color: `${p}.fg`, '--chip-border': `colors.${p}.muted` }]),
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
    lineHeight: '1.2',
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
const CHECK_ICON =
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
