/**
 * Plug-in and crypto-provider error codes → clear Russian messages (SPEC §8 "Signing"; DESIGN.md "Signing").
 *
 * SPEC §8 gives the chain-of-trust and private-key texts crosswise ("both readings stand"). We take the reading that
 * matches the cause: a chain error (0x800B010A, 0x800B0109) shows "Ошибка проверки цепочки доверия…", a missing or
 * unusable private key (0x8009200B, 0x80090016, 0x8009000D) shows "Ошибка приватного ключа сертификата…".
 */
export type SigningErrorCode =
  | 'cancelled'
  | 'chain'
  | 'private-key'
  | 'pin-blocked'
  | 'pin-wrong'
  | 'provider'
  | 'plugin'
  | 'cert-expired'
  | 'license'
  | 'no-certificate'
  | 'unknown';

export const SIGNING_MESSAGES: Record<Exclude<SigningErrorCode, 'unknown'>, string> = {
  cancelled: 'Операция отменена пользователем',
  chain: 'Ошибка проверки цепочки доверия. Попробуйте использовать другой сертификат',
  'private-key': 'Ошибка приватного ключа сертификата. Попробуйте использовать другой сертификат',
  'pin-blocked': 'PIN-код ключевого носителя заблокирован. Обратитесь к администратору носителя',
  'pin-wrong': 'Неверный PIN-код ключевого носителя',
  provider: 'Криптопровайдер не найден или не настроен. Установите КриптоПро CSP и повторите попытку',
  plugin: 'Плагин для работы с электронной подписью не загружен. Проверьте, что КриптоПро ЭЦП Browser plug-in установлен и включён в браузере',
  'cert-expired': 'Срок действия сертификата истек. Выберите другой сертификат',
  license: 'Истек срок действия лицензии КриптоПро CSP',
  'no-certificate': 'Сертификат не найден в хранилище. Выберите другой сертификат',
};

const CODE_BY_HEX: Record<string, SigningErrorCode> = {
  '0x8010006E': 'cancelled', // SCARD_W_CANCELLED_BY_USER
  '0x800704C7': 'cancelled', // ERROR_CANCELLED
  '0x800B010A': 'chain', // CERT_E_CHAINING
  '0x800B0109': 'chain', // CERT_E_UNTRUSTEDROOT
  '0x80092012': 'chain', // CRYPT_E_NO_REVOCATION_CHECK
  '0x8009200B': 'private-key', // CRYPT_E_NO_KEY_PROPERTY
  '0x80090016': 'private-key', // NTE_BAD_KEYSET
  '0x8009000D': 'private-key', // NTE_NO_KEY
  '0x8010006C': 'pin-blocked', // SCARD_W_CHV_BLOCKED
  '0x8010006B': 'pin-wrong', // SCARD_W_WRONG_CHV
  '0x80090017': 'provider', // NTE_PROV_TYPE_NOT_DEF
  '0x80090019': 'provider', // NTE_KEYSET_NOT_DEF
  '0x8009001D': 'provider', // NTE_PROVIDER_DLL_FAIL
  '0x80090013': 'provider', // NTE_BAD_PROVIDER
  '0x800B0101': 'cert-expired', // CERT_E_EXPIRED
  '0x8007065B': 'license', // ERROR_FUNCTION_DISABLED: CSP licence expired
  '0x80092004': 'no-certificate', // CRYPT_E_NOT_FOUND
};

export class SigningError extends Error {
  readonly code: SigningErrorCode;
  readonly hex: string | null;
  readonly detail: string | null;

  constructor(code: SigningErrorCode, detail: string | null = null, hex: string | null = null) {
    super(code === 'unknown' ? detail || 'Неизвестная ошибка' : SIGNING_MESSAGES[code]);
    this.name = 'SigningError';
    this.code = code;
    this.hex = hex;
    this.detail = detail;
  }
}

function rawMessage(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error && typeof (error as { message: unknown }).message === 'string') return (error as { message: string }).message;
  return '';
}

function hexOf(error: unknown, message: string): string | null {
  const fromText = /0x[0-9a-f]{8}/i.exec(message)?.[0];
  if (fromText) return `0x${fromText.slice(2).toUpperCase()}`;
  const number = error && typeof error === 'object' ? (error as { number?: unknown }).number : undefined;
  if (typeof number === 'number') return `0x${(number >>> 0).toString(16).toUpperCase().padStart(8, '0')}`;
  return null;
}

/** Any error thrown by the plug-in (or by our loader) as a SigningError with a clear message. */
export function toSigningError(error: unknown): SigningError {
  if (error instanceof SigningError) return error;
  const message = rawMessage(error).trim();
  const hex = hexOf(error, message);
  const code = hex ? CODE_BY_HEX[hex] : undefined;
  if (code) return new SigningError(code, message || null, hex);
  if (/отмен|cancel/i.test(message)) return new SigningError('cancelled', message, hex);
  if (/плагин недоступен|plugin.*(not|недоступ)|cadesplugin/i.test(message)) return new SigningError('plugin', message, hex);
  return new SigningError('unknown', message || 'Неизвестная ошибка плагина', hex);
}

export function signingErrorText(error: unknown): string {
  const e = toSigningError(error);
  return e.code === 'unknown' && e.hex && !e.message.includes(e.hex) ? `${e.message} (${e.hex})` : e.message;
}
