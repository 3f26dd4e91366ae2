import type { SigningMode } from '@/lib/config';
import { createCadesAdapter } from './cades/adapter';
import { signingErrorText, toSigningError } from './cades/errors';
import { loadCadesPlugin } from './cades/loader';
import type { CadesPluginLike } from './cades/object-model';
import type { ProviderStatus, SigningProvider } from '@/lib/signing-provider';
import { createDemoProvider } from './demo-store';

const EMPTY: ProviderStatus = { pluginLoaded: false, pluginWorks: false, cspLoaded: false, enumerated: false, pluginVersion: null, cspVersion: null, error: null };

/** The CryptoPro plug-in as a SigningProvider; each step of `status()` is one diagnostics dot (SPEC §2). */
export function createPluginProvider(win: { cadesplugin?: CadesPluginLike; document: Document }): SigningProvider {
  let adapter: Promise<ReturnType<typeof createCadesAdapter>> | null = null;
  const load = () => {
    adapter ??= loadCadesPlugin(win).then(({ plugin }) => createCadesAdapter(plugin));
    adapter.catch(() => {
      adapter = null; // a later attempt may find the extension enabled
    });
    return adapter;
  };
  return {
    mode: 'plugin',
    demoLabel: null,
    async status() {
      const status = { ...EMPTY };
      let a: Awaited<ReturnType<typeof load>>;
      try {
        a = await load();
        status.pluginLoaded = true;
      } catch (error) {
        return { ...status, error: signingErrorText(error) };
      }
      try {
        const about = await a.about();
        status.pluginWorks = true;
        status.pluginVersion = about.pluginVersion;
        status.cspVersion = about.cspVersion;
        status.cspLoaded = about.cspVersion !== null;
        if (!status.cspLoaded) return { ...status, error: signingErrorText(toSigningError(new Error('(0x80090017)'))) };
      } catch (error) {
        return { ...status, error: signingErrorText(error) };
      }
      try {
        await a.certificates();
        status.enumerated = true;
      } catch (error) {
        return { ...status, error: `Ошибка получения сертификатов: ${signingErrorText(error)}` };
      }
      return status;
    },
    certificates: async () => (await load()).certificates(),
    sign: async (thumbprint, content) => (await load()).sign(thumbprint, content),
  };
}

let cached: { mode: SigningMode; provider: SigningProvider } | null = null;

/**
 * The demo store only when the deployment asks for it (config.signingMode === 'demo') and no real plug-in is on the
 * page; otherwise the plug-in (DESIGN.md "Signing": production builds never enable the demo by default).
 */
export function signingProvider(mode: SigningMode, win: { cadesplugin?: CadesPluginLike; document: Document } = window as never): SigningProvider {
  if (cached && cached.mode === mode) return cached.provider;
  const provider = mode === 'demo' && !win.cadesplugin ? createDemoProvider() : createPluginProvider(win);
  cached = { mode, provider };
  return provider;
}
