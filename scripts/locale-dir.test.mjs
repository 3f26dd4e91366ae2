import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { APP_LOCALE, localeDir, localeDirModule } from './locale-dir.mjs';

const require = createRequire(import.meta.url);
const ark = path.dirname(require.resolve('@ark-ui/react/package.json'));
const provider = path.join(ark, 'dist/providers/locale/locale-provider.js');

/** The plugin's isRTL, with zag's own as `byLikelyScript`. */
function isRTLWith(byLikelyScript) {
  const body = localeDirModule.replace(/^import .*\n/, '').replace('export const isRTL =', 'return');
  return new Function('byLikelyScript', body)(byLikelyScript);
}

describe("Ark's LocaleProvider tells the app locale's direction without Intl (build plugin)", () => {
  it('finds the import it replaces in the installed Ark', () => {
    expect(readFileSync(provider, 'utf8')).toMatch(/import \{ isRTL \} from "@zag-js\/i18n-utils";/);
    expect(readFileSync(new URL('../src/app/app.tsx', import.meta.url), 'utf8')).toContain(`<LocaleProvider locale="${APP_LOCALE}">`);
  });

  it('answers the app locale as left to right, and asks zag for any other', () => {
    const zag = vi.fn((locale) => locale === 'ar');
    const isRTL = isRTLWith(zag);
    expect(isRTL('ru-RU')).toBe(false);
    expect(zag).not.toHaveBeenCalled();
    expect(isRTL('ar')).toBe(true);
    expect(isRTL('en-US')).toBe(false);
    expect(zag.mock.calls).toEqual([['ar'], ['en-US']]);
  });

  it('redirects only the provider’s import of zag', () => {
    const { resolveId, load } = localeDir();
    expect(resolveId.call(null, '@zag-js/i18n-utils', provider)).toBe('\0locale-dir');
    expect(resolveId.call(null, '@zag-js/i18n-utils', path.join(ark, 'dist/components/format/format-number.js'))).toBeNull();
    expect(resolveId.call(null, '@zag-js/dom-query', provider)).toBeNull();
    expect(load('\0locale-dir')).toBe(localeDirModule);
    expect(load(provider)).toBeNull();
  });

  it('stops the build when the provider was built without passing through it', () => {
    const plugin = localeDir();
    const context = (ids) => ({ getModuleIds: () => ids[Symbol.iterator]() });
    expect(() => plugin.buildEnd.call(context([provider]))).toThrow(/locale-dir: Ark's LocaleProvider no longer imports isRTL/);
    expect(() => plugin.buildEnd.call(context(['/app/src/main.tsx']))).not.toThrow();
    plugin.resolveId.call(null, '@zag-js/i18n-utils', provider);
    expect(() => plugin.buildEnd.call(context([provider]))).not.toThrow();
  });
});
