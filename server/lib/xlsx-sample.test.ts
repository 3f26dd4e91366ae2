import { describe, expect, it } from 'vitest';
import { cellNumber, headerKey, readCsv, readSpreadsheet, readXlsx, writeXlsx, SpreadsheetError } from './xlsx-sample';

describe('xlsx', () => {
  it('writes a workbook that reads back cell by cell', () => {
    const rows = [
      ['Код', 'Наименование', 2024, 'Флаг'],
      ['1', 'Выручка, тыс. руб. <&>', 1250.5, true],
      [null, 'Пропуск в начале', 0, false],
    ];
    const back = readXlsx(writeXlsx([{ name: 'Лист1', rows }]));
    expect(back).toEqual([
      ['Код', 'Наименование', 2024, 'Флаг'],
      ['1', 'Выручка, тыс. руб. <&>', 1250.5, true],
      [null, 'Пропуск в начале', 0, false],
    ]);
  });
});

describe('csv', () => {
  it.each([
    ['semicolon with BOM', '\uFEFFИмя;Сумма\r\n"Иванов; И.";"1 250,5"\r\n', [['Имя', 'Сумма'], ['Иванов; И.', '1 250,5']]],
    ['comma', 'a,b\n1,"x ""q"""\n', [['a', 'b'], ['1', 'x "q"']]],
    ['tab', 'a\tb\n1\t2', [['a', 'b'], ['1', '2']]],
  ])('%s', (_name, text, expected) => {
    expect(readCsv(Buffer.from(text))).toEqual(expected);
  });
  it('decodes Windows-1251', () => {
    const bytes = Buffer.from([0xc8, 0xec, 0xff, 0x3b, 0x31]); // "Имя;1"
    expect(readCsv(bytes)).toEqual([['Имя', '1']]);
  });
});

describe('readSpreadsheet', () => {
  it('detects xlsx by signature and drops empty rows', () => {
    const rows = readSpreadsheet(writeXlsx([{ name: 'x', rows: [['a'], [], ['b']] }]));
    expect(rows).toEqual([['a'], ['b']]);
  });
  it.each([
    ['empty', Buffer.alloc(0), 'Файл пуст'],
    ['binary', Buffer.from([1, 0, 2, 0, 3]), 'ожидается книга Excel'],
    ['broken xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)]), 'Не удалось прочитать файл Excel'],
    ['only blanks', Buffer.from(';;\n;;\n'), 'В файле нет данных'],
  ])('rejects %s', (_name, bytes, message) => {
    expect(() => readSpreadsheet(bytes)).toThrow(SpreadsheetError);
    expect(() => readSpreadsheet(bytes)).toThrow(message);
  });
});

describe('cells', () => {
  it.each([
    [12, 12],
    ['1 250,50', 1250.5],
    ['', null],
    [null, null],
  ])('cellNumber(%j) = %j', (input, expected) => expect(cellNumber(input)).toBe(expected));
  it('cellNumber of text is NaN', () => expect(cellNumber('много')).toBeNaN());
  it('headerKey normalises punctuation and ё', () => expect(headerKey(' Ед. изм. (Ёмкость)')).toBe('ед изм емкость'));
});
