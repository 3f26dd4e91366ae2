import { describe, expect, it } from 'vitest';
import { SIGNING_MESSAGES, SigningError, signingErrorText, toSigningError } from './errors';

describe('plug-in error codes → Russian messages (SPEC §8)', () => {
  it.each([
    ['Действие было отменено пользователем. (0x8010006E)', 'cancelled'],
    ['The operation was canceled by the user. (0x800704C7)', 'cancelled'],
    ['Не удается построить цепочку сертификатов для доверенного корневого центра. (0x800B010A)', 'chain'],
    ['Цепочка сертификатов обработана, но прервана на корневом сертификате (0x800B0109)', 'chain'],
    ['Не удается найти закрытый ключ сертификата (0x8009200B)', 'private-key'],
    ['Набор ключей не существует (0x80090016)', 'private-key'],
    ['Карта заблокирована (0x8010006C)', 'pin-blocked'],
    ['Неверный PIN (0x8010006B)', 'pin-wrong'],
    ['Тип поставщика не определен (0x80090017)', 'provider'],
    ['Срок действия сертификата истек (0x800B0101)', 'cert-expired'],
    ['Лицензия истекла (0x8007065B)', 'license'],
    ['Объект или свойство не найдено (0x80092004)', 'no-certificate'],
    ['Плагин недоступен', 'plugin'],
    ['Что-то странное (0x80004005)', 'unknown'],
  ])('%s → %s', (message, code) => {
    expect(toSigningError(new Error(message)).code).toBe(code);
  });

  it('reads a numeric error number when the text has no code', () => {
    expect(toSigningError({ message: 'x', number: -2146434962 }).code).toBe('cancelled'); // 0x8010006E
  });

  it('keeps the chain and private-key texts apart (one reading of the crosswise SPEC texts)', () => {
    expect(SIGNING_MESSAGES.chain).toBe('Ошибка проверки цепочки доверия. Попробуйте использовать другой сертификат');
    expect(SIGNING_MESSAGES['private-key']).toBe('Ошибка приватного ключа сертификата. Попробуйте использовать другой сертификат');
  });

  it('shows unknown codes with the code', () => {
    expect(signingErrorText(new Error('Сбой'))).toBe('Сбой');
    expect(signingErrorText({ message: 'Сбой', number: 0x80004005 })).toBe('Сбой (0x80004005)');
    expect(signingErrorText(new SigningError('plugin'))).toMatch(/не загружен/);
  });
});
