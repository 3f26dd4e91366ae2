// Build-time check of what src/app/emotion-layers.ts relies on in emotion and Chakra (docs/dependency-upgrades.md): the
// module replaces the `insert` of emotion's sheet at run time, so the build proves, before it starts, that emotion and
// Chakra still work the way it was written for, and that every kind of block Chakra writes for the app's styles is in
// its tape; otherwise the build fails naming the package, its version and what changed. Its run-time result is
// checked in the browser by tests/e2e/hot-lists.spec.ts (the restyles it saves, skeletons and spinners drawn).
import { packageVersion, proveContract } from './package-contract.mjs';

/** What the module relies on: in which package and file, the line that shows it, and what it means. */
export const EMOTION_CONTRACT = [
  ['@emotion/cache', 'dist/emotion-cache.browser.esm.js', 'currentSheet.insert(rule)', 'rules no longer go through sheet.insert'],
  ['@emotion/sheet', 'dist/emotion-sheet.esm.js', 'this.tags.push(tag)', 'the sheet’s style elements are not in `tags`'],
  ['@emotion/sheet', 'dist/emotion-sheet.esm.js', 'this.isSpeedy =', 'the sheet has no `isSpeedy`'],
  ['@emotion/sheet', 'dist/emotion-sheet.esm.js', 'sheet.insertRule(rule, sheet.cssRules.length)', 'a rule no longer goes in at the end of the style element’s sheet'],
  ['@chakra-ui/react', 'dist/esm/styled-system/factory.js', "import { withEmotionCache, ThemeContext } from '@emotion/react'", 'its factory no longer takes emotion’s cache'],
].map(([name, file, line, what]) => ({ name, file, what, lines: [line] }));

/** Throws at the first line of EMOTION_CONTRACT a package no longer has. */
export function proveEmotionContract(read) {
  proveContract('emotion-layers', EMOTION_CONTRACT, { read, todo: 'update src/app/emotion-layers.ts or take it out (docs/dependency-upgrades.md)' });
}

/** The block kinds of Chakra's rules for a style using the recipes layer, a hover condition and every breakpoint. */
export async function chakraBlockKinds() {
  const { getSystem } = await import('../src/app/theme.ts');
  const { splitText } = await import('../src/app/emotion-layers.ts');
  const { cssText } = await import('./system-css.mjs');
  const style = getSystem().css({
    '@layer recipes': { color: 'red', _hover: { color: 'blue' }, display: { base: 'none', md: 'block' } },
    gap: { base: '1', sm: '2', md: '3', lg: '4', xl: '5' },
    hideFrom: 'md',
  });
  const rules = cssText([{ '.x': style }]).match(/(@[^{]+\{(?:[^{}]|\{[^{}]*\}|\{[^{}]*\{[^{}]*\}[^{}]*\})*\})|([^@{}][^{}]*\{[^{}]*\})/g) ?? [];
  return new Set(rules.flatMap((rule) => splitText(rule)?.map(([kind]) => kind) ?? [`(whole) ${rule}`]));
}

/** Throws when Chakra writes a kind of block the tape's row does not have (each would cost a full restyle again). */
export async function proveTapeRow(kinds) {
  const { TAPE_ROW } = await import('../src/app/emotion-layers.ts');
  kinds ??= await chakraBlockKinds();
  const unknown = [...kinds].filter((kind) => kind !== '' && !TAPE_ROW.includes(kind));
  if (unknown.length || kinds.size <= 5) {
    throw new Error(`emotion-layers: @chakra-ui/react ${packageVersion('@chakra-ui/react')} writes blocks TAPE_ROW does not have: ${unknown.join(', ') || `only ${kinds.size} kinds`}; update src/app/emotion-layers.ts`);
  }
}

/** In a production build, both proofs before the build starts. */
export function emotionLayersContract() {
  let proof;
  return {
    name: 'emotion-layers:contract',
    apply: 'build',
    buildStart() {
      return (proof ??= (async () => { proveEmotionContract(); await proveTapeRow(); })());
    },
  };
}
