import { useSyncExternalStore } from 'react';
import { whenIdle, type IdleHandle } from '@/lib/idle';

/**
 * "Установить приложение" where the browser offers installation: Chrome's beforeinstallprompt is kept (it fires
 * early, so it is captured before the app renders) and replayed when the user asks.
 */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
let captured = false;
/** Cabinet screens that have let the offer in (allowInstallOffer): one at a time in practice. */
let places = 0;
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

/** Time a person stays on a signed-in screen before the offer joins it. */
export const INSTALL_OFFER_AFTER_MS = 3_000;

/**
 * Where and when "Установить приложение" is offered: on the cabinet's screens, once the person has stayed on one for
 * a few seconds and the page is idle — never on the sign-in pages (the person came to sign in; on a phone it was a
 * second card with two more buttons under the sign-in card) and never while a screen is still loading (it landed over the content
 * being drawn and was the largest thing painted, issue 19: the sign-in page's LCP was the offer, 0.7 s after the
 * card). Chrome's own install icon stays in the address bar everywhere. The cabinet layout calls this when it mounts;
 * the returned function withdraws the offer (sign-out).
 */
export function allowInstallOffer(): () => void {
  let counted = false;
  let idle: IdleHandle | undefined;
  const timer = setTimeout(() => {
    idle = whenIdle(() => {
      counted = true;
      places += 1;
      emit();
    }, 5_000);
  }, INSTALL_OFFER_AFTER_MS);
  return () => {
    clearTimeout(timer);
    idle?.cancel();
    if (!counted) return;
    counted = false;
    places -= 1;
    emit();
  };
}

/** The browser offers installation and the person is where the offer belongs (allowInstallOffer). */
export function installOffered(): boolean {
  return deferred !== null && places > 0;
}

export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  // A prompt event can be used once.
  deferred = null;
  emit();
  await event.prompt();
  return (await event.userChoice).outcome;
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
