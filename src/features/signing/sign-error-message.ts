import type { SignErrorDetails } from './components/sign-action';

/** The text a signing error report starts the feedback form with: what failed and the certificate it failed with. */
export function signErrorMessage(details: SignErrorDetails): string {
  return [
    'При подписании возникла ошибка.',
    `Владелец сертификата: ${details.owner}`,
    `Издатель: ${details.issuer}`,
    `Срок действия: ${details.validity}`,
    `Статус: ${details.status}`,
    `Ошибка: ${details.error}`,
  ].join('\n');
}
