import { createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ChakraProvider, HStack, IconButton, Stack, type SystemStyleObject } from '@chakra-ui/react';
import chakraPackage from '@chakra-ui/react/package.json';
import { cssText } from '../../scripts/system-css.mjs';
import { CHECK_ICON, fieldOverrides, hotStyles, shellStyles } from './hot-styles';
import { getSystem } from './theme';

// Issue 51: the copies in hot-styles.ts of what Chakra's components set themselves, not through a recipe (Stack's and
// HStack's defaults, IconButton's padding and icon size, the check icon), proved equal to what the component renders
// (server-rendered with the app's system: the CSS emotion writes for its class, declaration by declaration).

const CHAKRA = `@chakra-ui/react ${(chakraPackage as { version: string }).version}`;

/** The declarations of each rule of a CSS text, by selector with the class written as `&`. */
function rules(css: string, className: string): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const [, selector, body] of css.replaceAll(/@layer [\w-]+\{|@media [^{]+\{/g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const key = selector!.trim().replaceAll(className, '&');
    const declarations = out.get(key) ?? out.set(key, new Map()).get(key)!;
    for (const declaration of body!.split(';').filter(Boolean)) {
      const colon = declaration.indexOf(':');
      declarations.set(declaration.slice(0, colon), declaration.slice(colon + 1));
    }
  }
  return out;
}

/** The unlayered rules Chakra's component writes for its element (its style props, not its recipe). */
function rendered(element: ReactElement): Map<string, Map<string, string>> {
  const html = renderToStaticMarkup(h(ChakraProvider, { value: getSystem(), children: element }));
  const [, styles, className] = /<style data-emotion="css [\w-]+">([^]*?)<\/style><\w+[^>]* class="[^"]*?(css-[\w-]+)/.exec(html.replace(/^(<style data-emotion="css-global[^]*?<\/style>)+/, '')) ?? [];
  if (!styles) throw new Error(`no styles rendered: ${html.slice(0, 200)}`);
  // The recipe's layer is another proof's (hot-styles.test.ts): only what is outside it here.
  return rules(styles.replace(/@layer recipes\{(?:[^{}]|\{[^{}]*\}|\{[^{}]*\{[^{}]*\}[^{}]*\})*\}/g, ''), `.${className}`);
}

function copied(style: SystemStyleObject): Map<string, Map<string, string>> {
  return rules(cssText([{ '.copy': getSystem().css(style) }]), '.copy');
}

/** Values Chakra writes that are the property's initial value, which the copy leaves unset. */
const INITIAL: Record<string, string> = { 'flex-direction': 'row', '-webkit-flex-direction': 'row', '-ms-flex-direction': 'row' };

/** Throws naming the component and each declaration that differs; `own` are `selector|property` the copy adds. */
function proveSame(what: string, copy: string, mine: Map<string, Map<string, string>>, theirs: Map<string, Map<string, string>>, own: string[] = []) {
  const differences: string[] = [];
  for (const selector of new Set([...mine.keys(), ...theirs.keys()])) {
    const a = mine.get(selector) ?? new Map<string, string>();
    const b = theirs.get(selector) ?? new Map<string, string>();
    for (const property of new Set([...a.keys(), ...b.keys()])) {
      if (a.get(property) === b.get(property) || own.includes(`${selector}|${property}`)) continue;
      if (!a.has(property) && INITIAL[property] === b.get(property)) continue;
      differences.push(`${selector.replaceAll('&', copy)} ${property} was ${a.get(property) ?? '(not set)'} now ${b.get(property) ?? '(not set)'}`);
    }
  }
  if (differences.length) throw new Error(`hot-styles: ${CHAKRA} ${what} changed: ${differences.join('; ')}; update src/app/hot-styles.ts`);
}

const stacks: [string, string, ReactElement, SystemStyleObject, string[]?][] = [
  ['.cab-stack', 'Stack (gap "0.5")', h(Stack, { gap: '0.5' }), hotStyles['.cab-stack']!],
  ['.cab-line', 'HStack (gap "3", wrap "wrap")', h(HStack, { gap: '3', wrap: 'wrap' }), hotStyles['.cab-line']!],
  // Inline: the deadline sits in a line of text.
  ['.cab-nowrap', 'HStack (gap "1", flexWrap and whiteSpace "nowrap")', h(HStack, { gap: '1', flexWrap: 'nowrap', whiteSpace: 'nowrap' }), hotStyles['.cab-nowrap']!, ['&|display']],
  ['.cab-fields', 'Stack (gap "5")', h(Stack, { gap: '5' }), hotStyles['.cab-fields']!],
  // The input taking the row's width (w="full").
  ['.cab-field-row', 'HStack (align "flex-start", gap "2")', h(HStack, { align: 'flex-start', gap: '2' }), hotStyles['.cab-field-row']!, ['&|width']],
  ['.cab-choices', 'Stack (gap "2")', h(Stack, { gap: '2' }), fieldOverrides['.cab-choices']!],
  ['.cab-icon-button', 'IconButton', h(IconButton, { 'aria-label': 'x' }), shellStyles['.cab-icon-button']!],
];

describe('hot-styles: the copies of what Chakra components set themselves', () => {
  it.each(stacks)('%s equals Chakra’s %s', (selector, what, element, style, own) => {
    expect(() => proveSame(what, selector, copied(style), rendered(element), own)).not.toThrow();
  });

  it('fails naming the component and the declaration when a copy differs by one', () => {
    expect(() => proveSame('Stack (gap "5")', '.cab-fields', copied({ ...hotStyles['.cab-fields'], gap: '4' }), rendered(h(Stack, { gap: '5' })))).toThrow(
      `hot-styles: ${CHAKRA} Stack (gap "5") changed: .cab-fields gap was var(--chakra-spacing-4) now var(--chakra-spacing-5); update src/app/hot-styles.ts`,
    );
  });

  it('draws the checkbox tick with Chakra’s CheckIcon (components/icons.js)', async () => {
    const icons = (await import('../../node_modules/@chakra-ui/react/dist/esm/components/icons.js' as string)) as Record<string, () => ReactElement>;
    if (!icons.CheckIcon) throw new Error(`hot-styles: ${CHAKRA} CheckIcon is gone from components/icons.js; update CHECK_ICON in src/app/hot-styles.ts`);
    const html = renderToStaticMarkup(h(ChakraProvider, { value: getSystem(), children: h(icons.CheckIcon) }));
    // Its presentation props are style props: Chakra writes them into the CSS of the icon's class.
    const css = /<style data-emotion="css [\w-]+">\.css-[\w-]+\{([^}]*)\}<\/style><svg/.exec(html)?.[1] ?? '';
    const svg = html.replace(/^[^]*(<svg)/, '$1');
    const attributes = (text: string, styles = '') => {
      const tag = (name: string) => new RegExp(`<${name}\\b([^>]*)>`).exec(text)?.[1] ?? '';
      const value = (tagText: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tagText)?.[1] ?? new RegExp(`(?:^|;)${name}:([^;]*)`).exec(styles)?.[1]?.replace(/px$/, '');
      const read = (tagText: string, names: string[]) => names.map((name) => `${name}=${value(tagText, name) ?? '(none)'}`);
      return [...read(tag('svg'), ['viewBox', 'fill', 'stroke-width', 'stroke-linecap', 'stroke-linejoin']), ...read(tag('path'), ['d'])];
    };
    // A mask: drawn in black there, the box's text colour painted through it (currentColor in the icon).
    const mine = attributes(CHECK_ICON);
    const theirs = attributes(svg, css);
    const differences = mine.flatMap((attribute, i) => (attribute === theirs[i] ? [] : [`${attribute} now ${theirs[i]}`]));
    expect(differences, `hot-styles: ${CHAKRA} CheckIcon changed: ${differences.join('; ')}; update CHECK_ICON in src/app/hot-styles.ts`).toEqual([]);
  });
});
