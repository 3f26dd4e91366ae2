// Vite plugin: the Chakra system's global styles (reset, base layer with the cabinet's list classes, tokens) resolved at
// build time and put into index.html as one <style>. Emotion used to serialise, hash and parse these ~30 KB of CSS in
// the app's first render on every page load (a third of that task on a phone, `npm run bench`); the theme module is the
// same one the app runs (src/app/theme.ts), so the tokens stay the single source. app.tsx renders Chakra's provider
// without them (theme.ts `renderedSystem`).
//
// The build proves that this is what the packages would have done themselves (docs/dependency-upgrades.md): Chakra's
// provider inserts exactly the system's layer order and `_global` through emotion's Global, and emotion's Global
// serialises its styles with serializeStyles and inserts them with the cache's insert, as `cssText` does; otherwise
// the build fails naming the package and its version.
import createCache from '@emotion/cache';
import { serializeStyles } from '@emotion/serialize';
import { proveContract } from './package-contract.mjs';

/** The CSS emotion would insert for these styles, in order (the same serialiser, stylis plugins and prefixes). */
export function cssText(stylesList) {
  const cache = createCache({ key: 'css' });
  return stylesList
    .map((styles) => {
      const serialized = serializeStyles([styles], cache.registered);
      // Global inserts emotion `keyframes` objects of its styles separately; the system writes its keyframes as rules.
      if (serialized.next) throw new Error('system-css: the styles hold emotion keyframes, which Global inserts on their own; update scripts/system-css.mjs');
      return cache.insert('', serialized, cache.sheet, false);
    })
    .join('');
}

/** What the proof reads in each package: the file (from the package's folder) and the lines it must still hold. */
export const PROVIDER_CONTRACT = [
  {
    name: '@chakra-ui/react',
    file: 'dist/esm/styled-system/provider.js',
    what: 'its provider inserts the layer order and `_global` through emotion\'s Global, and nothing else',
    lines: ['!sys._config.disableLayers && /* @__PURE__ */ jsx(Global, { styles: sys.layers.atRule }),', '/* @__PURE__ */ jsx(Global, { styles: sys._global }),'],
    count: [/\bGlobal\b/g, 3],
  },
  ...['dist/emotion-react.browser.esm.js', 'dist/emotion-react.browser.development.esm.js'].map((file) => ({
    name: '@emotion/react',
    file,
    what: 'its Global serialises its styles with serializeStyles and inserts them with the cache\'s insert',
    lines: ['var serialized = serializeStyles([styles], undefined, React.useContext(ThemeContext));', 'cache.insert("", serialized, sheet, false);'],
  })),
];

/** Throws, naming the package, its version and the line, when a package no longer does what `cssText` repeats. */
export function proveProviderContract(read) {
  proveContract('system-css', PROVIDER_CONTRACT, { read, todo: 'update scripts/system-css.mjs and src/app/theme.ts renderedSystem' });
}

/**
 * The system's layer order, global styles and tokens, then the classes of hot-styles.ts: the list classes in the base
 * layer, the questionnaire field parts and the shell's buttons in the recipes layer (as Chakra's components put them),
 * then what the components set as style props, outside any layer.
 */
export async function systemCss() {
  proveProviderContract();
  const { getSystem } = await import('../src/app/theme.ts');
  const hot = await import('../src/app/hot-styles.ts');
  const system = getSystem();
  return cssText([
    system.layers.atRule,
    system._global,
    hot.resolveHotStyles(system),
    hot.resolveFieldClasses(system),
    hot.resolveShellRecipes(system),
    hot.resolveFieldOverrides(system),
    hot.resolveShellStyles(system),
  ]);
}

export function systemCssPlugin() {
  let text;
  return {
    name: 'system-css',
    async transformIndexHtml() {
      text ??= await systemCss();
      return [{ tag: 'style', attrs: { id: 'system-css' }, children: text, injectTo: 'head' }];
    },
  };
}
