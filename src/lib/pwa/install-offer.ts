import { whenIdle, type IdleHandle } from '@/lib/idle';
import { offerInstallHere } from './install';

/** Time a person stays on a signed-in screen before the offer joins it. */
export const INSTALL_OFFER_AFTER_MS = 3_000;

/**
 * Where and when "Установить приложение" is offered: on the cabinet's screens, once the person has stayed on one for
 * a few seconds and the page is idle — never on the sign-in pages (the person came to sign in; on a phone it was a
 * second card with two more buttons under the sign-in card) and never while a screen is still loading (it landed over
 * the content being drawn and was the largest thing painted, issue 19: the sign-in page's LCP was the offer, 0.7 s
 * after the card). Chrome's own install icon stays in the address bar everywhere. The cabinet layout calls this when
 * it mounts; the returned function withdraws the offer (sign-out).
 */
export function allowInstallOffer(): () => void {
  let idle: IdleHandle | undefined;
  const timer = setTimeout(() => (idle = whenIdle(() => offerInstallHere(true), 5_000)), INSTALL_OFFER_AFTER_MS);
  return () => {
    clearTimeout(timer);
    idle?.cancel();
    offerInstallHere(false);
  };
}
