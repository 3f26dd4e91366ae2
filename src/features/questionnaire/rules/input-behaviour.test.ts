import { describe, expect, it } from 'vitest';
import { fromStoredDate, fromStoredDateTime, maskDate, maskDateTime, toStoredDate, toStoredDateTime } from './dates';
import { composeSelectOther, formatPhone, isBlockedNumberKey, parseCheckboxValue, parseSelectOther, sanitizeNumber, toggleCheckboxValue, withUrlPrefix } from './input-behaviour';

describe('phone mask +7 (###) ###-##-##, country RU by default', () => {
  it.each([
    ['', ''],
    ['9', '+7 (9'],
    ['913', '+7 (913'],
    ['9131', '+7 (913) 1'],
    ['9131234567', '+7 (913) 123-45-67'],
    ['89131234567', '+7 (913) 123-45-67'],
    ['79131234567', '+7 (913) 123-45-67'],
    ['+7 (913) 123-45-67', '+7 (913) 123-45-67'],
    ['+7 (913) 123-45-678', '+7 (913) 123-45-67'],
    ['+7 (913', '+7 (913'],
    ['+7 (91', '+7 (91'],
    ['8 913 123 45 67', '+7 (913) 123-45-67'],
    ['abc', ''],
  ])('%j → %j', (typed, shown) => expect(formatPhone(typed)).toBe(shown));
});

describe('url: https:// when no http prefix is typed', () => {
  it.each([
    ['', ''],
    ['e', 'https://e'],
    ['example.ru', 'https://example.ru'],
    ['h', 'h'],
    ['htt', 'htt'],
    ['http:/', 'http:/'],
    ['https:/', 'https:/'],
    ['http://example.ru', 'http://example.ru'],
    ['HTTPS://Example.ru', 'HTTPS://Example.ru'],
    ['hello.ru', 'https://hello.ru'],
    ['https://https://x', 'https://https://x'],
  ])('%j → %j', (typed, shown) => expect(withUrlPrefix(typed)).toBe(shown));
});

describe('number: + - e . and space are blocked', () => {
  it.each([
    ['+', true],
    ['-', true],
    ['e', true],
    ['E', true],
    ['.', true],
    [' ', true],
    ['1', false],
    ['Backspace', false],
    ['ArrowLeft', false],
  ])('%j blocked: %s', (key, blocked) => expect(isBlockedNumberKey(key)).toBe(blocked));
  it.each([
    ['1 500 000', '1500000'],
    ['-12e3.5', '1235'],
    ['+700', '700'],
  ])('pasted %j keeps %j', (pasted, kept) => expect(sanitizeNumber(pasted)).toBe(kept));
});

describe('dates: dd.MM.yyyy, MM.yyyy, yyyy → stored DD.MM.YYYY', () => {
  it.each([
    ['dd.MM.yyyy', '01', '01'],
    ['dd.MM.yyyy', '0102', '01.02'],
    ['dd.MM.yyyy', '01022027', '01.02.2027'],
    ['dd.MM.yyyy', '01.02.20279', '01.02.2027'],
    ['MM.yyyy', '032026', '03.2026'],
    ['yyyy', '20261', '2026'],
  ] as const)('%s mask %j → %j', (format, typed, shown) => expect(maskDate(typed, format)).toBe(shown));
  it.each([
    ['dd.MM.yyyy', '01.02.2027', '01.02.2027'],
    ['dd.MM.yyyy', '29.02.2028', '29.02.2028'],
    ['dd.MM.yyyy', '29.02.2027', null],
    ['dd.MM.yyyy', '31.04.2027', null],
    ['dd.MM.yyyy', '01.13.2027', null],
    ['dd.MM.yyyy', '01.02', null],
    ['MM.yyyy', '03.2026', '01.03.2026'],
    ['MM.yyyy', '13.2026', null],
    ['yyyy', '2026', '01.01.2026'],
    ['yyyy', '0999', null],
  ] as const)('%s stores %j as %j', (format, text, stored) => expect(toStoredDate(text, format)).toBe(stored));
  it.each([
    ['dd.MM.yyyy', '01.03.2026', '01.03.2026'],
    ['MM.yyyy', '01.03.2026', '03.2026'],
    ['yyyy', '01.01.2026', '2026'],
  ] as const)('%s shows stored %j as %j', (format, stored, text) => expect(fromStoredDate(stored, format)).toBe(text));
});

describe('datetime: typed ДД.ММ.ГГГГ ЧЧ:ММ, stored DD.MM.YYYY HH:mm:ss; time field DD.MM.YYYY, HH:mm:ss', () => {
  it.each([
    ['011220261030', '01.12.2026 10:30'],
    ['01.12.2026 10:3', '01.12.2026 10:3'],
    ['0112', '01.12'],
    ['01.12.2026 1', '01.12.2026 1'],
    ['abc', ''],
  ])('masks %j as %j', (typed, masked) => expect(maskDateTime(typed)).toBe(masked));
  it.each([
    ['01.12.2026 10:30', 'datetime', '01.12.2026 10:30:00'],
    ['01.12.2026 10:30', 'time', '01.12.2026, 10:30:00'],
    ['31.02.2026 10:30', 'datetime', null],
    ['01.12.2026 24:00', 'datetime', null],
    ['01.12.2026 10:3', 'datetime', null],
    ['', 'datetime', null],
  ] as const)('%j (%s) → %j', (typed, variant, stored) => expect(toStoredDateTime(typed, variant)).toBe(stored));
  it.each([
    ['01.12.2026 10:30:00', '01.12.2026 10:30'],
    ['01.12.2026, 10:30:00', '01.12.2026 10:30'],
    ['garbage', ''],
  ])('%j → shown %j', (stored, shown) => expect(fromStoredDateTime(stored)).toBe(shown));
});

describe('select with "Другое": free text is the stored value', () => {
  const options = ['Искусственный интеллект', 'Биотехнологии', 'Другое'];
  it.each([
    ['', { choice: '', other: '' }],
    ['Биотехнологии', { choice: 'Биотехнологии', other: '' }],
    ['Нейроморфные вычисления', { choice: 'Другое', other: 'Нейроморфные вычисления' }],
    ['Другое', { choice: 'Другое', other: '' }],
  ])('stored %j → %j', (stored, parsed) => expect(parseSelectOther(stored, options)).toEqual(parsed));
  it.each([
    ['Биотехнологии', '', 'Биотехнологии'],
    ['Другое', '', ''],
    ['Другое', '   ', ''],
    ['Другое', 'Нейроморфные вычисления', 'Нейроморфные вычисления'],
    ['', 'x', ''],
  ])('choice %j + text %j → stored %j', (choice, other, stored) => expect(composeSelectOther(choice, other)).toBe(stored));
});

describe('checkbox lists are stored as JSON', () => {
  it('toggles options in and out', () => {
    let stored = toggleCheckboxValue('', 'Импортозамещение', true);
    expect(stored).toBe('["Импортозамещение"]');
    stored = toggleCheckboxValue(stored, 'Экологичность', true);
    expect(JSON.parse(stored)).toEqual(['Импортозамещение', 'Экологичность']);
    stored = toggleCheckboxValue(stored, 'Импортозамещение', false);
    expect(stored).toBe('["Экологичность"]');
  });
  it.each([
    ['', []],
    ['[]', []],
    ['["a","b"]', ['a', 'b']],
    ['not json', ['not json']],
    [null, []],
  ])('%j → %j', (stored, list) => expect(parseCheckboxValue(stored)).toEqual(list));
});
