import type { UploadedFile } from '../../lib/router';
import { ORGANISATIONS, isValidInn10, type SeedQuestionnaire, type ParsedItem } from '../../seed/templates';
import { extensionOf } from './model';
import { isPdf, joinWrappedLines, pdfText } from './pdf-text';
import { maxValueOf } from './rules';

// ---------------------------------------------------------------- recognition

export function egrulExample(org: (typeof ORGANISATIONS)[number]): string {
  return [
    'ВЫПИСКА ИЗ ЕДИНОГО ГОСУДАРСТВЕННОГО РЕЕСТРА ЮРИДИЧЕСКИХ ЛИЦ',
    `Полное наименование: ${org.name}`,
    `ИНН: ${org.inn}`,
    `КПП: ${org.kpp}`,
    `ОГРН: ${org.ogrn}`,
    `ОКТМО: ${org.oktmo}`,
    `Адрес: ${org.address}`,
  ].join('\n');
}

export const SMETA_EXAMPLE = ['Статья расходов;Сумма', 'Оплата труда;1800000', 'Материалы и комплектующие;650000', 'Услуги сторонних организаций;900000', 'Патентование;150000'].join('\n');

/** The text of an uploaded document: TXT/CSV as it is, a PDF's text layer (null for a PDF without one, a scan). */
async function documentText(file: UploadedFile): Promise<string | null> {
  if (extensionOf(file.fileName) === 'pdf' || isPdf(file.data)) {
    const text = await pdfText(file.data);
    return text === null ? null : joinWrappedLines(text);
  }
  return file.data.toString('utf8');
}

/** Recognises the text of an uploaded document (TXT/CSV, or a PDF with a text layer). */
export async function recognise(code: string, file: UploadedFile, template: SeedQuestionnaire): Promise<ParsedItem[]> {
  const text = await documentText(file);
  const fields = new Map(template.point.pointFields.map((f) => [f.code1C, f]));
  const item = (fieldCode: string, value: string | number | null, error: string | null): ParsedItem => ({
    groupCode: fields.get(fieldCode)?.groupCode ?? null,
    name: fields.get(fieldCode)?.name ?? fieldCode,
    code1C: fieldCode,
    values: [{ value, error }],
  });
  if (code === 'ATT_ST_EGRUL') {
    const unreadable = 'Текст документа не распознан: загрузите выписку в формате TXT или PDF с текстовым слоем';
    const find = (label: string) => text?.match(new RegExp(`^\\s*${label}\\s*[:：]\\s*(.+)$`, 'mi'))?.[1]?.trim() ?? null;
    const pairs: [string, string, (v: string) => string | null][] = [
      ['ST_ORG_NAME', 'Полное наименование', () => null],
      ['ST_INN', 'ИНН', (v) => (isValidInn10(v) ? null : 'ИНН в документе некорректен')],
      ['ST_KPP', 'КПП', (v) => (/^\d{9}$/.test(v) ? null : 'КПП в документе должен содержать 9 цифр')],
      ['ST_OGRN', 'ОГРН', (v) => (/^\d{13}$/.test(v) ? null : 'ОГРН в документе должен содержать 13 цифр')],
      ['ST_OKTMO', 'ОКТМО', (v) => (/^\d{11}$/.test(v) ? null : 'ОКТМО в документе должен содержать 11 цифр')],
      ['ST_ADDRESS', 'Адрес', () => null],
    ];
    return pairs.map(([fieldCode, label, check]) => {
      const value = find(label);
      if (value === null) return item(fieldCode, null, text === null ? unreadable : `В документе не найдено значение «${label}»`);
      return item(fieldCode, value, check(value));
    });
  }
  if (code === 'ATT_ST_SMETA') {
    if (text === null) return [item('ST_BUDGET', null, 'Смета должна быть в формате CSV или TXT')];
    const rows = text.split(/\r?\n/).map((r) => r.trim()).filter(Boolean);
    const errors: string[] = [];
    let total = 0;
    rows.forEach((row, i) => {
      const [name, sum] = row.split(';').map((c) => c?.trim() ?? '');
      if (i === 0 && sum && !/^\d/.test(sum)) return; // header
      if (!name) errors.push(`Строка ${i + 1}: не указана статья расходов`);
      const amount = Number((sum ?? '').replace(/\s/g, '').replace(',', '.'));
      if (!sum || !Number.isFinite(amount) || amount < 0) errors.push(`Строка ${i + 1}: сумма «${sum ?? ''}» не является числом`);
      else total += amount;
    });
    if (!errors.length && total === 0) errors.push('В смете нет ни одной статьи расходов');
    // The amount field's own maximum (its maxValue rule): a total the questionnaire would refuse is not offered.
    const budget = fields.get('ST_BUDGET');
    const limit = (budget && maxValueOf(budget)) ?? 4_000_000;
    if (!errors.length && total > limit) errors.push(`Сумма сметы ${total.toLocaleString('ru-RU')} руб. превышает максимальный размер гранта ${limit.toLocaleString('ru-RU')} руб.`);
    return [item('ST_BUDGET', errors.length ? null : Math.round(total), errors.length ? errors.join('; ') : null)];
  }
  return [];
}
