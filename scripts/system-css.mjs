// Vite plugin: the Chakra system's global styles (reset, base layer with the cabinet's list classes, tokens) resolved at
// build time and put into index.html as one <style>. Emotion used to serialise, hash and parse these ~30 KB of CSS in
// the app's first render on every page load (a third of that task on a phone, `npm run bench`); the theme module is the
// same one the app runs (src/app/theme.ts), so the tokens stay the single source. app.tsx renders Chakra's provider
// without them (theme.ts `renderedSystem`).
import createCache from '@emotion/cache';
import { serializeStyles } from '@emotion/serialize';

/** The CSS emotion would insert for these styles, in order (the same serialiser, stylis plugins and prefixes). */
export function cssText(stylesList) {
  const cache = createCache({ key: 'css' });
  return stylesList.map((styles) => cache.insert('', serializeStyles([styles], cache.registered), cache.sheet, false)).join('');
}

/**
 * The system's layer order, global styles and tokens, then the classes of hot-styles.ts: the list classes in the base
 * layer, the questionnaire field parts and the shell's buttons in the recipes layer (as Chakra's components put them),
 * then what the components set as style props, outside any layer.
 */
export async function systemCss() {
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
