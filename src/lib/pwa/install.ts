import { useSyncExternalStore } from 'react';

/**
 * "Установить приложение" where the browser offers installation: Chrome's beforeinstallprompt is kept (it fires
 * early, so it is captured before the app renders) and replayed when the user asks. Where and when the offer shows:
 * install-offer.ts (with the cabinet's code, not the sign-in page's).
 */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

let deferred: BeforeInstallPromptEvent | null = null;
let captured = false;
/** A cabinet screen has let the offer in (install-offer.ts). */
let here = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function captureInstallPrompt(): void {
  if (captured || typeof window === 'undefined') return;
  captured = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    emit();
  });
}

/** Lets the offer in or out where the person is (install-offer.ts). */
export function offerInstallHere(on: boolean): void {
  here = on;
  emit();
}

/** The browser offers installation and the person is where the offer belongs. */
export const installOffered = (): boolean => here && !!deferred;

/** Shows the browser's install dialog. Its event can be used once: the offer goes with it. */
export function promptInstall(): void {
  const event = deferred;
  deferred = null;
  emit();
  void event?.prompt();
}

export function useInstallOffered(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    installOffered,
    () => false,
  );
}
