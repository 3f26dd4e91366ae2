// Vite plugin (issue 19): Ark's LocaleProvider, which Chakra re-exports and the app renders once with "ru-RU", works
// out the text direction with zag's isRTL, and that maximizes the locale with Intl.Locale: the first call of a page
// loads ICU's likely-subtags data, 10–14 ms at full speed in the first render of every screen (4× that on a phone).
// Russian is written left to right: the provider's isRTL answers the app's locale without Intl, and asks zag, as before,
// for any other.
const PROVIDER = /[\\/]node_modules[\\/]@ark-ui[\\/]react[\\/]dist[\\/]providers[\\/]locale[\\/]locale-provider\.js$/;
const ZAG = '@zag-js/i18n-utils';
const VIRTUAL = '\0locale-dir';

/** The app's locale (src/app/app.tsx), written left to right. */
export const APP_LOCALE = 'ru-RU';

/** The module the provider gets in place of zag's i18n utilities: the same isRTL, without Intl for APP_LOCALE. */
export const localeDirModule = `import { isRTL as byLikelyScript } from '${ZAG}';
export const isRTL = (locale) => locale !== ${JSON.stringify(APP_LOCALE)} && byLikelyScript(locale);
`;

export function localeDir() {
  let redirected = false;
  return {
    name: 'locale-dir',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== ZAG || !importer || !PROVIDER.test(importer.split('?')[0])) return null;
      redirected = true;
      return VIRTUAL;
    },
    load(id) {
      return id === VIRTUAL ? localeDirModule : null;
    },
    buildEnd(error) {
      // A build that includes the provider must have passed through here (Ark moved or renamed the import otherwise).
      if (!error && !redirected && [...this.getModuleIds()].some((id) => PROVIDER.test(id))) {
        throw new Error(`locale-dir: Ark's LocaleProvider no longer imports isRTL from ${ZAG} (Ark changed)`);
      }
    },
  };
}
