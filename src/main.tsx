import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigError, loadConfig } from './lib/config';
import { captureInstallPrompt } from './lib/pwa/install';
import { installChunkErrorRecovery } from './lib/pwa/chunk-reload';
// Imported statically: the app shell is one startup chunk fetched with this entry (modulepreload), not a second
// round trip after the config (DESIGN.md first-load budget; vite.config.ts "startup" chunk).
import { App } from './app/app';
import { getSystem } from './app/theme';

const root = createRoot(document.getElementById('root')!);

// PWA (DESIGN.md): the install prompt fires early; a route chunk missing after a deploy reloads once. The service
// worker is registered by the app after its first screen (app.tsx).
captureInstallPrompt();
installChunkErrorRecovery();

/** The config request boot.js started while this code was downloading (index.html; scripts/boot-preload.mjs). */
const early = (window as { __cabinetBoot?: { config?: Promise<Response> } }).__cabinetBoot?.config;
const fetchConfig: typeof fetch | undefined = early && ((input, init) => early.catch(() => fetch(input, init)));

/**
 * The Chakra system is made in a task of its own, after this chunk's evaluation and while the config request is in
 * flight: two shorter tasks instead of one long one before the first screen (theme.ts getSystem).
 */
const systemMade = new Promise((resolve) => setTimeout(resolve, 0)).then(getSystem);
// A failure is reported once, by the start-up chain below (the error screen).
systemMade.catch(() => undefined);

/** Config first (DESIGN.md "Runtime configuration"): a missing or invalid config is a clear error screen. */
loadConfig(fetchConfig)
  .then(() => systemMade)
  .then(() => {
    // A transition: React renders the first screen in slices and lets the browser in between (no long task).
    // Strict Mode's checks run in development only (React: they do not change the production build), so the production
    // build leaves the wrapper out.
    startTransition(() =>
      root.render(
        import.meta.env.DEV ? (
          <StrictMode>
            <App />
          </StrictMode>
        ) : (
          <App />
        ),
      ),
    );
  })
  .catch((error: unknown) => {
    const message = error instanceof ConfigError ? error.message : 'Неизвестная ошибка при запуске приложения.';
    root.render(<StartupError message={message} />);
  });

function StartupError({ message }: { message: string }) {
  return (
    <main role="alert" style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 560, margin: '15vh auto', padding: 24, lineHeight: 1.5 }}>
      <h1 style={{ fontSize: 24, color: '#1a4186' }}>Личный кабинет не может запуститься</h1>
      <p>{message}</p>
      <p style={{ color: '#555' }}>Обратитесь к администратору портала или попробуйте обновить страницу позже.</p>
      <button type="button" onClick={() => window.location.reload()} style={{ padding: '8px 16px', borderRadius: 8 }}>
        Обновить страницу
      </button>
    </main>
  );
}
