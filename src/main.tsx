import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigError, loadConfig } from './lib/config';
import { captureInstallPrompt } from './lib/pwa/install';
import { installChunkErrorRecovery, isChunkLoadError, reloadOnceForChunkError } from './lib/pwa/chunk-reload';
import { registerServiceWorker } from './lib/pwa/service-worker';
import { App } from './app/app';
import { consumeTokenLink } from './features/auth/token-link';

// SPEC §2 /personal-account-v2-auth: the token leaves the address before anything else runs or is requested.
const signedInByLink = consumeTokenLink();
const root = createRoot(document.getElementById('root')!);

// PWA (DESIGN.md): the install prompt fires early; a chunk missing after a deploy reloads once; the worker precaches.
captureInstallPrompt();
installChunkErrorRecovery();
registerServiceWorker();

/** Config first (DESIGN.md "Runtime configuration"): a missing or invalid config is a clear error screen. */
loadConfig()
  .then(() => {
    // SPEC §9: a script chunk that does not load within 120 s fails instead of hanging.
    root.render(
      <StrictMode>
        <App signedInByLink={signedInByLink} />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    if (reloadOnceForChunkError(error)) return;
    const message = isChunkLoadError(error)
      ? 'Не удалось загрузить приложение. Проверьте подключение к интернету и обновите страницу.'
      : error instanceof ConfigError ? error.message : 'Неизвестная ошибка при запуске приложения.';
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
