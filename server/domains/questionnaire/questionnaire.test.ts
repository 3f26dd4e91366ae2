import { describe, expect, it } from 'vitest';
import { ORGANISATIONS, demoCompetitions, demoQuestionnaires, isValidInn10, isValidOgrn, type SeedField } from '../../seed/templates';
import { checkValue } from './rules';
import { egrulExample, recognise } from './recognise';
import { simplePdf } from '../../seed/pdf';

const NOW = Date.UTC(2026, 10, 21, 12);
const [start] = demoQuestionnaires(NOW);
const fieldOf = (code: string) => start!.point.pointFields.find((f) => f.code1C === code)!;
const file = (fileName: string, text: string) => ({ fieldName: 'file', fileName, mimeType: 'text/plain', data: Buffer.from(text, 'utf8') });

describe('demo data', () => {
  it('the START-2026 questionnaire uses every field type and every named validator', () => {
    const types = new Set(start!.point.pointFields.map((f) => f.fieldType.dataType));
    for (const t of ['hidden', 'text', 'email', 'date', 'datetime-local', 'dropFile', 'textarea', 'select', 'select-other', 'combobox', 'group', 'actionButton', 'checkbox', 'radio', 'file', 'rules', 'number', 'agree']) {
      expect(types, t).toContain(t);
    }
    const validators = start!.point.pointFields.map((f) => f.fieldType.validator ?? '').join('|');
    for (const v of ['email', 'phone', 'url', 'latin', 'cannotStartWithNumber', 'granteeKPP', 'granteeINN', 'granteeOGRN', 'granteeOKTMO', 'codePpp', 'max:']) expect(validators, v).toContain(v);
    const ids = new Set(start!.point.pointFields.map((f) => f.fieldType.id));
    for (const id of [6, 12, 14, 15, 16]) expect(ids, String(id)).toContain(id);
    expect(start!.point.pointGroups.filter((g) => g.multiple).length).toBeGreaterThanOrEqual(2);
    expect(start!.point.pointAttachments.filter((a) => a.parcelable)).toHaveLength(2);
    expect(start!.point.pointAttachments.some((a) => a.fileTypeId === 19)).toBe(true);
  });

  it('field codes are unique across the questionnaires (value-validate finds a field by its code)', () => {
    const codes = demoQuestionnaires(NOW).flatMap((q) => q.point.pointFields.map((f) => f.code1C));
    expect(new Set(codes).size).toBe(codes.length);
    expect(demoQuestionnaires(NOW).find((q) => q.code1C === 'PERF-300')!.point.pointFields).toHaveLength(300);
  });

  it('competitions of the issue, with CIFRA opening for sending in the future', () => {
    const list = demoCompetitions(NOW);
    expect(list.map((c) => c.code1C)).toEqual(['START-2026', 'RAZVITIE-2026', 'KOMMERC-2026', 'UMNIK-2026', 'CIFRA-2026', 'PREREG-2026', 'VOTE-2026', 'KOOP-2025']);
    expect(Date.parse(list.find((c) => c.code1C === 'CIFRA-2026')!.dateSubmitFrom!)).toBeGreaterThan(NOW);
    expect(list.find((c) => c.code1C === 'PREREG-2026')!.preRegistration).toBe(true);
    expect(list.find((c) => c.code1C === 'KOOP-2025')!.status).toBe('Подведение итогов');
    expect(list.find((c) => c.code1C === 'RAZVITIE-2026')!.description).toContain('<script>');
  });

  it('the organisations register has valid check digits', () => {
    for (const org of ORGANISATIONS) {
      expect(isValidInn10(org.inn), org.inn).toBe(true);
      expect(isValidOgrn(org.ogrn), org.ogrn).toBe(true);
    }
    expect(isValidInn10('5406123451')).toBe(false);
    expect(isValidOgrn('1155476001231')).toBe(false);
  });
});

describe('server checks of values', () => {
  it.each<[string, unknown, boolean, string | null]>([
    ['ST_PROJECT_NAME', '', true, 'Заполните поле'],
    ['ST_PROJECT_NAME', '', false, null],
    ['ST_INN', '5406123450', true, null],
    ['ST_INN', '5406123451', true, 'Некорректный ИНН: не сходится контрольное число'],
    ['ST_INN', '54061', true, 'ИНН получателя 10 символов'],
    ['ST_OGRN', '1155476001231', true, 'Некорректный ОГРН: не сходится контрольное число'],
    ['ST_OKTMO', '5070100000', true, 'ОКТМО получателя должно содержать 11 символов'],
    ['ST_PHONE', '+7 (913) 123-45-67', true, null],
    ['ST_PHONE', '89131234567', true, 'Введите корректный номер телефона'],
    ['ST_EMAIL', 'a@b', true, 'Введите корректный E-mail'],
    ['ST_INDUSTRY', 'Не из списка', true, 'Выберите значение из списка'],
    ['ST_BUDGET', '12a', true, 'Введите число'],
    ['ST_BUDGET', '4000000', true, null],
    ['ST_BUDGET', '4000001', true, 'Значение не может быть больше 4\u00a0000\u00a0000'],
    ['ST_BUDGET', '15000000', false, 'Значение не может быть больше 4\u00a0000\u00a0000'],
    ['ST_START_DATE', '2027-02-01', true, 'Введите корректную дату'],
    ['ST_START_DATE', '31.02.2027', true, 'Такой даты нет: 31.02.2027'],
    ['ST_START_DATE', '29.02.2027', true, 'Такой даты нет: 29.02.2027'],
    ['ST_START_DATE', '29.02.2028', true, null],
    ['ST_TAGS', '[]', false, null],
    ['ST_AGREE_PD', '', true, 'Заполните поле'],
    ['ST_AGREE_PD', 'Y', true, null],
  ])('%s = %j (full %s) → %j', (code, value, full, expected) => {
    expect(checkValue(fieldOf(code) as SeedField, value, { full, server: true })).toBe(expected);
  });
});

describe('recognition', () => {
  it('reads the requisites of an ЕГРЮЛ extract', async () => {
    const items = await recognise('ATT_ST_EGRUL', file('Выписка.txt', egrulExample(ORGANISATIONS[1]!)), start!);
    const value = (code: string) => items.find((i) => i.code1C === code)!.values[0]!;
    expect(value('ST_INN')).toEqual({ value: ORGANISATIONS[1]!.inn, error: null });
    expect(value('ST_KPP').value).toBe(ORGANISATIONS[1]!.kpp);
    expect(value('ST_ORG_NAME').value).toBe(ORGANISATIONS[1]!.name);
    expect(items.every((i) => i.values.every((v) => v.error === null))).toBe(true);
  });
  it('reads an ЕГРЮЛ extract in a PDF with a text layer, a long name laid out over two lines (issue 50)', async () => {
    const org = ORGANISATIONS[1]!;
    const data = await simplePdf(egrulExample(org).split('\n'));
    const items = await recognise('ATT_ST_EGRUL', { fieldName: 'file', fileName: 'Выписка.pdf', mimeType: 'application/pdf', data }, start!);
    const value = (code: string) => items.find((i) => i.code1C === code)!.values[0]!;
    expect(value('ST_ORG_NAME')).toEqual({ value: org.name, error: null });
    expect(value('ST_INN')).toEqual({ value: org.inn, error: null });
    expect(value('ST_KPP').value).toBe(org.kpp);
    expect(value('ST_OGRN').value).toBe(org.ogrn);
    expect(value('ST_OKTMO').value).toBe(org.oktmo);
    expect(value('ST_ADDRESS').value).toBe(org.address);
    expect(items.every((i) => i.values.every((v) => v.error === null))).toBe(true);
    // A PDF named otherwise is still read as a PDF.
    const renamed = await recognise('ATT_ST_EGRUL', { fieldName: 'file', fileName: 'Выписка.txt', mimeType: 'text/plain', data }, start!);
    expect(renamed.find((i) => i.code1C === 'ST_INN')!.values[0]).toEqual({ value: org.inn, error: null });
  });
  it('reports what it could not read', async () => {
    const items = await recognise('ATT_ST_EGRUL', file('Выписка.txt', 'ИНН: 123\nКПП: 540601001'), start!);
    expect(items.find((i) => i.code1C === 'ST_INN')!.values[0]!.error).toBe('ИНН в документе некорректен');
    expect(items.find((i) => i.code1C === 'ST_OGRN')!.values[0]!.error).toBe('В документе не найдено значение «ОГРН»');
    // A PDF without a text layer (here: not even a readable PDF) says how to get a readable one.
    const pdf = await recognise('ATT_ST_EGRUL', { ...file('Выписка.pdf', '%PDF-1.4\n'), mimeType: 'application/pdf' }, start!);
    expect(pdf.every((i) => i.values[0]!.error === 'Текст документа не распознан: загрузите выписку в формате TXT или PDF с текстовым слоем')).toBe(true);
    // A PDF with text that is not an extract: each requisite it lacks is named.
    const letter = await recognise('ATT_ST_EGRUL', { ...file('Письмо.pdf', ''), data: await simplePdf(['Письмо поддержки', 'Без реквизитов.']) }, start!);
    expect(letter.find((i) => i.code1C === 'ST_INN')!.values[0]!.error).toBe('В документе не найдено значение «ИНН»');
  });
  it('sums an estimate and reports bad rows and the grant limit (the amount field\'s maxValue)', async () => {
    expect((await recognise('ATT_ST_SMETA', file('Смета.csv', 'Статья;Сумма\nТруд;1 800 000\nМатериалы;650000,50'), start!))[0]!.values[0]).toEqual({ value: 2450001, error: null });
    expect((await recognise('ATT_ST_SMETA', file('Смета.csv', 'Статья;Сумма\nТруд;много'), start!))[0]!.values[0]!.error).toBe('Строка 2: сумма «много» не является числом');
    expect((await recognise('ATT_ST_SMETA', file('Смета.csv', 'Труд;5000000'), start!))[0]!.values[0]!.error).toContain('превышает максимальный размер гранта 4');
  });
});
