import { unprocessable, type FieldError } from '../../lib/http';
import type { UploadedFile } from '../../lib/router';
import type { OperationHandlers } from '../../lib/operations';
import type { AuthUser, Services } from '../../lib/services';
import type { Json } from '../../lib/spec';
import { cellNumber, cellText, headerKey, type Cell } from '../../lib/xlsx-sample';
import { canReadProject, cellDate, ddmmyyyy, isoNow, projectsOf, spreadsheetRows, storeFile, uploadedFile } from './model';

// ------------------------------------------------------------------ indicator parser

export const PARSER_TYPES = ['summary', 'years', 'performance', 'implementation-plan', 'additional-need'] as const;
export type ParserType = (typeof PARSER_TYPES)[number];

interface ParserDef {
  title: string;
  /** Named columns the file must have (normalised header → key). */
  required: string[];
  /** Columns with numbers besides year columns. */
  numeric: string[];
  dates: string[];
  text: string[];
  /** At least one year column ("2024") is needed. */
  years: boolean;
  example: Cell[][];
}

const NAMED_COLUMNS: Record<string, string[]> = {
  code: ['код', 'код показателя', 'n п п', 'номер'],
  name: ['наименование', 'наименование показателя', 'показатель', 'мероприятие', 'наименование мероприятия', 'наименование потребности'],
  unit: ['ед изм', 'единица измерения', 'ед измерения'],
  plan: ['план', 'плановое значение'],
  fact: ['факт', 'фактическое значение'],
  dateFrom: ['начало', 'дата начала', 'срок начала'],
  dateTo: ['окончание', 'дата окончания', 'срок окончания'],
  result: ['результат', 'ожидаемый результат'],
};

export const PARSERS: Record<ParserType, ParserDef> = {
  summary: {
    title: 'Сводные показатели',
    required: ['code', 'name'],
    numeric: [],
    dates: [],
    text: [],
    years: true,
    example: [
      ['Код', 'Наименование показателя', 'Ед. изм.', 2024, 2025, 2026],
      ['1', 'Выручка от реализации продукции', 'тыс. руб.', 4500, 12000, 25000],
      ['1.1', 'в том числе экспорт', 'тыс. руб.', 0, 1500, 4000],
      ['2', 'Количество созданных рабочих мест', 'ед.', 3, 6, 10],
    ],
  },
  years: {
    title: 'Показатели по годам',
    required: ['name'],
    numeric: [],
    dates: [],
    text: [],
    years: true,
    example: [
      ['Код', 'Наименование показателя', 'Ед. изм.', 2024, 2025],
      ['1', 'Объем привлеченных внебюджетных средств', 'тыс. руб.', 1500, 3000],
      ['2', 'Количество поданных заявок на РИД', 'ед.', 1, 2],
    ],
  },
  performance: {
    title: 'Показатели результативности',
    required: ['code', 'name', 'plan', 'fact'],
    numeric: ['plan', 'fact'],
    dates: [],
    text: [],
    years: false,
    example: [
      ['Код', 'Наименование показателя', 'Ед. изм.', 'План', 'Факт'],
      ['1', 'Количество опытных образцов', 'шт.', 2, 2],
      ['2', 'Количество испытаний', 'ед.', 5, 4],
    ],
  },
  'implementation-plan': {
    title: 'План реализации',
    required: ['code', 'name', 'dateFrom', 'dateTo'],
    numeric: [],
    dates: ['dateFrom', 'dateTo'],
    text: ['result'],
    years: false,
    example: [
      ['Код', 'Наименование мероприятия', 'Начало', 'Окончание', 'Результат'],
      ['1', 'Разработка конструкторской документации', '01.02.2025', '30.04.2025', 'Комплект КД'],
      ['2', 'Изготовление опытного образца', '01.05.2025', '31.08.2025', 'Опытный образец'],
    ],
  },
  'additional-need': {
    title: 'Дополнительная потребность',
    required: ['name', 'unit'],
    numeric: [],
    dates: [],
    text: [],
    years: true,
    example: [
      ['Код', 'Наименование потребности', 'Ед. изм.', 2025, 2026],
      ['1', 'Лабораторное оборудование', 'тыс. руб.', 800, 0],
      ['2', 'Сертификация продукции', 'тыс. руб.', 250, 300],
    ],
  },
};

const COLUMN_TITLES: Record<string, string> = {
  code: 'Код',
  name: 'Наименование',
  unit: 'Ед. изм.',
  plan: 'План',
  fact: 'Факт',
  dateFrom: 'Начало',
  dateTo: 'Окончание',
  result: 'Результат',
};

/** Parses an uploaded indicator spreadsheet into rows; cell problems are listed in `errors` (valueIndex = row index). */
export function parseIndicators(type: ParserType, rows: Cell[][]) {
  const def = PARSERS[type];
  const headerRowIndex = rows.findIndex((r) => r.some((c) => NAMED_COLUMNS.name!.includes(headerKey(c))));
  if (headerRowIndex < 0) throw unprocessable([{ field: 'file', message: 'В файле не найдена строка заголовков (столбец «Наименование»)' }]);
  const header = rows[headerRowIndex]!;
  const named: Record<string, number> = {};
  const yearColumns: { index: number; year: number }[] = [];
  const otherColumns: { index: number; key: string }[] = [];
  header.forEach((cell, index) => {
    const key = headerKey(cell);
    if (!key) return;
    const namedKey = Object.entries(NAMED_COLUMNS).find(([, aliases]) => aliases.includes(key))?.[0];
    if (namedKey && named[namedKey] === undefined) named[namedKey] = index;
    else if (/^\d{4}$/.test(key) && Number(key) >= 2000 && Number(key) <= 2100) yearColumns.push({ index, year: Number(key) });
    else otherColumns.push({ index, key });
  });
  const missing = def.required.filter((k) => named[k] === undefined);
  const structural: FieldError[] = missing.map((k) => ({ field: 'file', message: `В файле нет столбца «${COLUMN_TITLES[k]}»` }));
  if (def.years && yearColumns.length === 0) structural.push({ field: 'file', message: 'В файле нет столбцов с годами (например, 2025)' });
  if (structural.length) throw unprocessable(structural);

  const errors: FieldError[] = [];
  const out: Json[] = [];
  const codes = new Set<string>();
  for (let r = headerRowIndex + 1; r < rows.length; r++) {
    const row = rows[r]!;
    const rowIndex = out.length;
    const at = (k: string) => (named[k] === undefined ? null : (row[named[k]!] ?? null));
    const code = cellText(at('code'));
    const name = cellText(at('name'));
    if (!name) {
      errors.push({ field: COLUMN_TITLES.name, message: `Строка ${r + 1}: не заполнено наименование`, valueIndex: rowIndex });
    }
    if (code && codes.has(code)) errors.push({ field: COLUMN_TITLES.code, message: `Строка ${r + 1}: код ${code} повторяется`, valueIndex: rowIndex });
    if (code) codes.add(code);
    const values: Record<string, number | string | boolean | null> = {};
    for (const { index, year } of yearColumns) {
      const n = cellNumber(row[index] ?? null);
      if (Number.isNaN(n)) {
        errors.push({ field: String(year), message: `Строка ${r + 1}, ${year}: значение должно быть числом`, valueIndex: rowIndex });
        values[String(year)] = null;
      } else values[String(year)] = n as number | null;
    }
    for (const key of def.numeric) {
      const n = cellNumber(at(key));
      if (Number.isNaN(n)) {
        errors.push({ field: COLUMN_TITLES[key], message: `Строка ${r + 1}, «${COLUMN_TITLES[key]}»: значение должно быть числом`, valueIndex: rowIndex });
        values[key] = null;
      } else values[key] = n as number | null;
    }
    for (const key of def.dates) {
      const d = cellDate(at(key));
      if (d === null) {
        errors.push({ field: COLUMN_TITLES[key], message: `Строка ${r + 1}, «${COLUMN_TITLES[key]}»: ожидается дата ДД.ММ.ГГГГ`, valueIndex: rowIndex });
        values[key] = null;
      } else values[key] = d ? ddmmyyyy(d) : null;
    }
    if (def.dates.length === 2) {
      const [from, to] = def.dates.map((k) => cellDate(at(k)));
      if (from && to && from > to) {
        errors.push({ field: COLUMN_TITLES.dateTo, message: `Строка ${r + 1}: окончание раньше начала`, valueIndex: rowIndex });
      }
    }
    for (const key of def.text) values[key] = cellText(at(key));
    for (const { index, key } of otherColumns) values[key] = row[index] ?? null;
    out.push({
      code,
      name: name ?? '',
      unit: cellText(at('unit')),
      parentCode: code && code.includes('.') ? code.slice(0, code.lastIndexOf('.')) : null,
      values,
    });
  }
  if (!out.length) throw unprocessable([{ field: 'file', message: 'В файле нет строк с показателями' }]);
  return { type, years: yearColumns.map((y) => y.year), rows: out, errors };
}

// ------------------------------------------------------------------ handlers: indicator parser

/** Indicator uploads (SPEC §7 indicator parser): the file is parsed, stored and answered with its rows and errors. */
export function indicatorHandlers(s: Services): OperationHandlers {
  const projects = projectsOf(s);
  const parser = (type: ParserType) => async ({ body, files, user }: { body: Json; files: Record<string, UploadedFile[]>; user: AuthUser }) => {
    if (body.projectId !== undefined) {
      const project = await projects.get(Number(body.projectId));
      if (!project) throw unprocessable([{ field: 'projectId', message: 'Проект не найден' }]);
      if (!canReadProject(project, user)) throw unprocessable([{ field: 'projectId', message: 'Нет доступа к проекту' }]);
    }
    const file = uploadedFile(files);
    const result = parseIndicators(type, spreadsheetRows(file));
    await s.collection<Json>('indicator_uploads').insert({
      type,
      projectId: body.projectId === undefined ? null : Number(body.projectId),
      fileId: await storeFile(s, { name: file.fileName, mime: file.mimeType, data: file.data }),
      rows: result.rows.length,
      errors: result.errors.length,
      userId: user.id,
      createdAt: isoNow(s),
    });
    return result;
  };

  return {
    // ---------------------------------------------------------------- indicator parser
    indicatorParserSummary: parser('summary'),
    indicatorParserYears: parser('years'),
    indicatorParserPerformance: parser('performance'),
    indicatorParserImplementationPlan: parser('implementation-plan'),
    indicatorParserAdditionalNeed: parser('additional-need'),
  };
}
