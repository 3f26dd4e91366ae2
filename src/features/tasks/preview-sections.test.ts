import { describe, expect, it } from 'vitest';
import { displayFieldValue, displayValue, previewSections } from './preview-sections';

const t = (dataType: string) => ({ id: 1, dataType }) as never;

describe('preview sections', () => {
  const groups = [
    { code1C: 'MAIN', name: 'Общие сведения' },
    { code1C: 'WORKS', name: 'Работы', multiple: true },
    { code1C: 'EMPTY', name: 'Исполнители', multiple: true },
  ];
  const fields = [
    { code1C: 'LOOSE', name: 'Без группы', sort: 1, fieldType: t('text') },
    { code1C: 'HIDDEN', name: 'Скрытое', sort: 2, fieldType: t('hidden') },
    { code1C: 'PERIOD', name: 'Период', groupCode: 'MAIN', sort: 3, fieldType: t('text') },
    { code1C: 'W_NAME', name: 'Работа', groupCode: 'WORKS', sort: 4, fieldType: t('text') },
    { code1C: 'W_DATE', name: 'Дата', groupCode: 'WORKS', sort: 5, fieldType: t('date') },
    { code1C: 'FIO', name: 'ФИО', groupCode: 'EMPTY', sort: 6, fieldType: t('text') },
  ];
  const values = [
    { fieldCode: 'PERIOD', value: 'I квартал' },
    { fieldCode: 'W_NAME', value: 'Сбор данных', groupIndex: 0 },
    { fieldCode: 'W_DATE', value: '15.02.2026', groupIndex: 0 },
    { fieldCode: 'W_NAME', value: 'Обучение', groupIndex: 2 },
    { fieldCode: 'HIDDEN', value: 'секрет' },
  ];

  it('builds plain groups, tables by groupIndex and empty tables', () => {
    const sections = previewSections(groups, fields, values);
    expect(sections.map((s) => [s.kind, s.title])).toEqual([
      ['plain', 'Основные сведения'],
      ['plain', 'Общие сведения'],
      ['table', 'Работы'],
      ['table', 'Исполнители'],
    ]);
    expect(sections[0]).toMatchObject({ items: [{ name: 'Без группы', value: '—' }] });
    expect(sections[1]).toMatchObject({ items: [{ name: 'Период', value: 'I квартал' }] });
    expect(sections[2]).toMatchObject({ columns: [{ name: 'Работа' }, { name: 'Дата' }], rows: [['Сбор данных', '15.02.2026'], ['Обучение', '—']] });
    expect(sections[3]).toMatchObject({ rows: [] });
    expect(JSON.stringify(sections)).not.toContain('секрет');
  });

  it.each([
    [null, '—'],
    ['', '—'],
    [true, 'Да'],
    [false, 'Нет'],
    ['["Да","Опыт"]', 'Да, Опыт'],
    ['[]', '—'],
    ['[не JSON', '[не JSON'],
    [1500000, (1500000).toLocaleString('ru-RU')],
  ])('%s → %s', (value, expected) => {
    expect(displayValue(value as never)).toBe(expected);
  });
});

describe('display forms of entered values (issue 17)', () => {
  const typed = (dataType: string, id = 1) => ({ code1C: 'F', name: 'Поле', fieldType: { id, dataType } }) as never;
  const files = [{ id: 16, fileName: 'a1b2.pdf', originalFileName: 'Устав ООО Старт.pdf' }] as never;
  it.each([
    ['a file by its name, not its id', typed('file'), '16', 'Устав ООО Старт.pdf'],
    ['an agreement as «Да»', typed('checkbox', 16), 'Y', 'Да'],
    ['an agreement as «Нет»', typed('agree'), 'N', 'Нет'],
    ['a number with spacing', typed('number'), '2000000', (2000000).toLocaleString('ru-RU')],
    ['a text as it is', typed('text'), '2000000', '2000000'],
  ])('%s', (_name, field, value, expected) => {
    expect(displayFieldValue(field, value, files)).toBe(expected);
  });
});

describe('every field type of SPEC §5 in the form it was entered (issue 17)', () => {
  const options = [
    { id: 'ind-1', value: 'IT', name: 'Информационные технологии' },
    { id: 'ind-2', value: 'MED', name: 'Медицина и здравоохранение' },
  ];
  const typed = (dataType: string, extra: Record<string, unknown> = {}) => ({ code1C: 'F', name: 'Поле', fieldType: { id: 1, dataType, ...extra } }) as never;
  it.each([
    ['a month in its precision', typed('date', { defaultValue: 'MM.yyyy' }), '01.03.2025', '03.2025'],
    ['a year in its precision', typed('date', { defaultValue: 'yyyy' }), '01.01.2024', '2024'],
    ['a day as it is', typed('date', { defaultValue: 'dd.MM.yyyy' }), '15.02.2026', '15.02.2026'],
    ['a date-time to the minute', typed('datetime-local'), '01.12.2026 10:30:00', '01.12.2026 10:30'],
    ['a time field to the minute', typed('datetime-local', { defaultValue: 'time' }), '01.12.2026, 10:30:00', '01.12.2026 10:30'],
    ['a select by its label', typed('select', { list: options }), 'MED', 'Медицина и здравоохранение'],
    ['a radio by its label', typed('radio', { list: options }), 'IT', 'Информационные технологии'],
    ['a combobox by its label', typed('combobox', { list: options }), 'ind-2', 'Медицина и здравоохранение'],
    ['select-other: own text as typed', typed('select-other', { list: options }), 'Нейроморфные вычисления', 'Нейроморфные вычисления'],
    ['an e-mail as it is', typed('email'), 'a@b.ru', 'a@b.ru'],
    ['a textarea as it is', typed('textarea'), 'строка 1\nстрока 2', 'строка 1\nстрока 2'],
  ])('%s', (_name, field, value, expected) => {
    expect(displayFieldValue(field, value, [])).toBe(expected);
  });
  it('ticked options as a list of labels', () => {
    expect(displayFieldValue(typed('checkbox', { list: options }), '["IT","MED"]')).toEqual(['Информационные технологии', 'Медицина и здравоохранение']);
  });
  it('several values of a field as a list', () => {
    const fields = [{ code1C: 'KW', name: 'Ключевые слова', sort: 1, fieldType: { id: 14, dataType: 'text' } }] as never;
    const values = [
      { fieldCode: 'KW', value: 'зрение', valueIndex: 1 },
      { fieldCode: 'KW', value: 'нейросети', valueIndex: 0 },
    ];
    expect(previewSections([], fields, values)[0]).toMatchObject({ items: [{ value: ['нейросети', 'зрение'] }] });
  });
});
