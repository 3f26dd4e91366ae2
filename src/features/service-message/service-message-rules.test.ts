import { describe, expect, it } from 'vitest';
import { MESSAGE_REQUIRED, SERVICE_MESSAGE_MAX, bannerText, hiddenBannerText, hideBannerText } from './service-message-rules';
import { canSave, validateServiceMessage } from './service-message-form-rules';

describe('validateServiceMessage (SPEC §5 "Service message")', () => {
  it.each<[string, string, string | undefined]>([
    ['a message', 'Работы 30 ноября', undefined],
    ['empty', '', MESSAGE_REQUIRED],
    ['spaces only', '   \n', MESSAGE_REQUIRED],
    ['at the limit', 'а'.repeat(SERVICE_MESSAGE_MAX), undefined],
    ['over the limit', 'а'.repeat(SERVICE_MESSAGE_MAX + 1), `Сообщение не может быть длиннее ${SERVICE_MESSAGE_MAX} символов`],
  ])('%s', (_name, message, expected) => {
    expect(validateServiceMessage({ switch: 1, message }).message).toBe(expected);
  });
});

describe('canSave (disabled while invalid or saving)', () => {
  it.each<[string, 0 | 1, string, boolean, boolean]>([
    ['valid, idle', 1, 'Текст', false, true],
    ['valid but saving', 1, 'Текст', true, false],
    ['invalid', 1, '', false, false],
    ['hidden banner still needs a message', 0, '', false, false],
    ['hidden banner with a message', 0, 'Текст', false, true],
  ])('%s', (_name, sw, message, saving, expected) => {
    expect(canSave({ switch: sw, message }, saving)).toBe(expected);
  });
});

describe('canSave after a save (nothing new to send)', () => {
  const saved = { switch: 1 as const, message: 'Работы 30 ноября' };
  it.each<[string, 0 | 1, string, boolean]>([
    ['what the server holds', 1, 'Работы 30 ноября', false],
    ['the same with spaces around (saved trimmed)', 1, '  Работы 30 ноября ', false],
    ['another message', 1, 'Работы 1 декабря', true],
    ['the same message, switched off', 0, 'Работы 30 ноября', true],
  ])('%s', (_name, sw, message, expected) => {
    expect(canSave({ switch: sw, message }, false, saved)).toBe(expected);
  });
});

describe('bannerText (SPEC §9: switch 1 shown, 0 hidden)', () => {
  it.each<[string, Parameters<typeof bannerText>[0], string | null]>([
    ['shown', { switch: 1, message: ' Работы ' }, 'Работы'],
    ['switch as a string', { switch: '1', message: 'Работы' }, 'Работы'],
    ['hidden', { switch: 0, message: 'Работы' }, null],
    ['empty message', { switch: 1, message: '  ' }, null],
    ['null message', { switch: 1, message: null }, null],
    ['no data', undefined, null],
  ])('%s', (_name, data, expected) => expect(bannerText(data)).toBe(expected));
});

describe('a hidden banner stays hidden until the message changes', () => {
  it('remembers the hidden text only', () => {
    const map = new Map<string, string>();
    const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) } as Storage;
    expect(hiddenBannerText(storage)).toBeNull();
    hideBannerText('Работы 30 ноября', storage);
    expect(hiddenBannerText(storage)).toBe('Работы 30 ноября');
  });

  it('a storage that refuses is no error', () => {
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } } as unknown as Storage;
    expect(() => hideBannerText('x', refusing)).not.toThrow();
    expect(hiddenBannerText(refusing)).toBeNull();
  });
});
