import { SigningError } from './errors';
import type { CadesPluginLike } from './object-model';

/**
 * Finds the CryptoPro plug-in. The official cadesplugin_api.js (served by the deployment beside index.html, see
 * README) makes window.cadesplugin a promise that settles when the browser extension answers; when the object is
 * already there (the script was included, or a test injected a fake) the loader returns early.
 */
export const PLUGIN_SCRIPT_URL = '/cadesplugin_api.js';
export const PLUGIN_TIMEOUT_MS = 10_000;

type PluginWindow = { cadesplugin?: CadesPluginLike; document: Document };

function injectScript(win: PluginWindow, src: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const existing = win.document.querySelector<HTMLScriptElement>(`script[data-cadesplugin]`);
    const script = existing ?? win.document.createElement('script');
    const timer = setTimeout(() => reject(new SigningError('plugin', 'Скрипт плагина не ответил')), timeoutMs);
    script.addEventListener('load', () => {
      clearTimeout(timer);
      resolve();
    });
    script.addEventListener('error', () => {
      clearTimeout(timer);
      reject(new SigningError('plugin', 'Скрипт плагина не загружен'));
    });
    if (!existing) {
      script.src = src;
      script.async = true;
      script.dataset.cadesplugin = '1';
      win.document.head.append(script);
    }
  });
}

/** Resolves to a box around the plug-in: the plug-in object is a thenable and must not be awaited as a value. */
export async function loadCadesPlugin(win: PluginWindow, options: { scriptUrl?: string; timeoutMs?: number } = {}): Promise<{ plugin: CadesPluginLike }> {
  const timeoutMs = options.timeoutMs ?? PLUGIN_TIMEOUT_MS;
  if (!win.cadesplugin) await injectScript(win, options.scriptUrl ?? PLUGIN_SCRIPT_URL, timeoutMs);
  const plugin = win.cadesplugin;
  if (!plugin) throw new SigningError('plugin', 'window.cadesplugin отсутствует');
  if (typeof plugin.then === 'function') {
    // Wait for the extension without resolving to the thenable itself.
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new SigningError('plugin', 'Плагин не ответил')), timeoutMs);
      plugin.then!(
        () => {
          clearTimeout(timer);
          resolve();
        },
        (reason) => {
          clearTimeout(timer);
          reject(new SigningError('plugin', typeof reason === 'string' ? reason : reason instanceof Error ? reason.message : null));
        },
      );
    });
  }
  if (typeof plugin.CreateObjectAsync !== 'function') throw new SigningError('plugin', 'Плагин не поддерживает асинхронный режим');
  return { plugin };
}
