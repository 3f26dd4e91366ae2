import { fileReply, notFound, unprocessable } from '../../lib/http';
import type { OperationHandlers } from '../../lib/operations';
import type { Services } from '../../lib/services';
import { cellNumber, cellText, headerKey, writeXlsx, type Cell } from '../../lib/xlsx-sample';
import { cellDate, moscowMidnight, spreadsheetRows, uploadedFile } from '../projects-v1/model';
import { CO_FINANCE_ITEMS, EXPENSE_ITEMS, type PaymentOrder, REGISTER_NAMES, REGISTER_TYPES, type RegisterEntry, type RegisterType } from './model';
import { reportTools } from './tools';

/** Account and payment-order registers: reading, spreadsheet uploads and their templates. */
export function reportRegisterHandlers(s: Services): OperationHandlers {
  const { access, requireEditable, save, register } = reportTools(s);
  return {
    async reportPaymentOrdersGet({ params, user }) {
      const { report } = await access(Number(params.id), user, 'read');
      return { reportId: report.id, items: report._paymentOrders };
    },
    reportAccountRegisterGeneralGet: register('general'),
    reportAccountRegisterEducationGet: register('education'),
    reportAccountRegisterLicensesGet: register('licenses'),
    reportAccountRegisterIncomeGet: register('income'),
    reportAccountRegisterRidGet: register('rid'),
    reportAccountRegisterCoFinanceGet: register('co-finance'),
    async reportLoadAccountingRegister({ params, files, user }) {
      const { report } = await access(Number(params.id), user, 'write');
      requireEditable(report, 'Загрузка реестра бухгалтерского учета');
      const rows = spreadsheetRows(uploadedFile(files));
      const columns = locateColumns(rows[0]!, {
        register: ['реестр', 'тип реестра'],
        date: ['дата', 'дата документа'],
        documentNumber: ['номер документа', 'документ'],
        name: ['наименование', 'содержание операции'],
        amount: ['сумма', 'сумма руб'],
        counterparty: ['контрагент'],
      }, ['register', 'name']);
      const errors: { row: number; field: string | null; message: string }[] = [];
      const byType: Partial<Record<RegisterType, RegisterEntry[]>> = {};
      let nextId = report.id * 10000;
      for (let r = 1; r < rows.length; r++) {
        const cell = (k: string) => (columns[k] === undefined ? null : (rows[r]![columns[k]!] ?? null));
        const typeText = headerKey(cell('register'));
        const type = REGISTER_TYPES.find((t) => t === typeText || headerKey(REGISTER_NAMES[t]) === typeText);
        if (!type) errors.push({ row: r + 1, field: 'Реестр', message: `Неизвестный реестр «${cellText(cell('register')) ?? ''}»; допустимо: ${Object.values(REGISTER_NAMES).join(', ')}` });
        const name = cellText(cell('name'));
        if (!name) errors.push({ row: r + 1, field: 'Наименование', message: 'Не заполнено наименование' });
        const amount = cellNumber(cell('amount'));
        if (Number.isNaN(amount)) errors.push({ row: r + 1, field: 'Сумма', message: 'Сумма должна быть числом' });
        const date = cellDate(cell('date'));
        if (date === null) errors.push({ row: r + 1, field: 'Дата', message: 'Ожидается дата ДД.ММ.ГГГГ' });
        if (type && name && !Number.isNaN(amount) && date !== null) {
          (byType[type] ??= []).push({
            id: ++nextId,
            date: date ? moscowMidnight(date) : null,
            documentNumber: cellText(cell('documentNumber')),
            name,
            amount: amount as number | null,
            counterparty: cellText(cell('counterparty')),
          });
        }
      }
      const total = rows.length - 1;
      if (errors.length) return { success: false, imported: 0, skipped: total, errors };
      await save({ ...report, _registers: { ...report._registers, ...byType } }, user, ['account-register']);
      return { success: true, imported: total, skipped: 0, errors: [] };
    },
    async reportLoadPaymentOrderRegister({ params, files, user }) {
      const { report } = await access(Number(params.id), user, 'write');
      requireEditable(report, 'Загрузка реестра платежных поручений');
      const rows = spreadsheetRows(uploadedFile(files));
      const columns = locateColumns(rows[0]!, {
        number: ['номер', 'номер пп', 'номер платежного поручения'],
        date: ['дата'],
        amount: ['сумма', 'сумма руб'],
        purpose: ['назначение платежа', 'назначение'],
        recipient: ['получатель'],
        recipientInn: ['инн получателя'],
        expenseCode: ['статья расходов', 'код статьи'],
      }, ['number', 'amount']);
      const errors: { row: number; field: string | null; message: string }[] = [];
      const orders: PaymentOrder[] = [];
      for (let r = 1; r < rows.length; r++) {
        const cell = (k: string) => (columns[k] === undefined ? null : (rows[r]![columns[k]!] ?? null));
        const number = cellText(cell('number'));
        if (!number) errors.push({ row: r + 1, field: 'Номер', message: 'Не заполнен номер платежного поручения' });
        const amount = cellNumber(cell('amount'));
        if (amount === null || Number.isNaN(amount) || (amount as number) <= 0) errors.push({ row: r + 1, field: 'Сумма', message: 'Сумма должна быть положительным числом' });
        const date = cellDate(cell('date'));
        if (date === null) errors.push({ row: r + 1, field: 'Дата', message: 'Ожидается дата ДД.ММ.ГГГГ' });
        const inn = cellText(cell('recipientInn'));
        if (inn && !/^(\d{10}|\d{12})$/.test(inn)) errors.push({ row: r + 1, field: 'ИНН получателя', message: 'ИНН должен содержать 10 или 12 цифр' });
        const expenseCode = cellText(cell('expenseCode'));
        if (expenseCode && !EXPENSE_ITEMS.some(([c]) => c === expenseCode)) {
          errors.push({ row: r + 1, field: 'Статья расходов', message: `Неизвестная статья расходов «${expenseCode}»` });
        }
        if (number && typeof amount === 'number' && amount > 0) {
          orders.push({
            id: report.id * 1000 + r,
            number,
            date: date ? moscowMidnight(date) : null,
            amount,
            purpose: cellText(cell('purpose')),
            recipient: cellText(cell('recipient')),
            recipientInn: inn,
            expenseCode,
          });
        }
      }
      const total = rows.length - 1;
      if (errors.length) return { success: false, imported: 0, skipped: total, errors };
      await save({ ...report, _paymentOrders: orders }, user, ['payment-orders']);
      return { success: true, imported: orders.length, skipped: 0, errors: [] };
    },
    async reportTemplateDownload({ query }) {
      const type = String(query.templateType ?? 'report');
      const template = REPORT_TEMPLATES[type];
      if (!template) throw notFound(`Шаблон «${type}» не найден; доступны: ${Object.keys(REPORT_TEMPLATES).join(', ')}`);
      return fileReply(writeXlsx(template.sheets), 'application/octet-stream', `${template.title} — шаблон.xlsx`);
    },
  };
}

/** Column positions by normalised header; missing required columns are a 422 naming them. */
function locateColumns(header: Cell[], aliases: Record<string, string[]>, required: string[]): Record<string, number> {
  const keys = header.map(headerKey);
  const out: Record<string, number> = {};
  for (const [key, names] of Object.entries(aliases)) {
    const index = keys.findIndex((k) => names.includes(k));
    if (index >= 0) out[key] = index;
  }
  const missing = required.filter((k) => out[k] === undefined);
  if (missing.length) {
    throw unprocessable(missing.map((k) => ({ field: 'file', message: `В файле нет столбца «${aliases[k]![0]!.replace(/^./, (c) => c.toUpperCase())}» — используйте шаблон` })));
  }
  return out;
}

const ACCOUNTING_EXAMPLE: Cell[][] = [
  ['Реестр', 'Дата', 'Номер документа', 'Наименование', 'Сумма', 'Контрагент'],
  ['Общий', '15.02.2025', 'АКТ-17', 'Оплата услуг по испытаниям опытного образца', 350000, 'ООО «ИспытательЛаб»'],
  ['Обучение', '03.03.2025', 'Д-5', 'Повышение квалификации инженеров', 84000, 'АНО ДПО «Технопарк»'],
  ['Лицензии', '20.03.2025', 'Л-2025/4', 'Лицензия на САПР, 12 месяцев', 126000, 'ООО «Софтлайн»'],
];
const PAYMENT_EXAMPLE: Cell[][] = [
  ['Номер', 'Дата', 'Сумма', 'Назначение платежа', 'Получатель', 'ИНН получателя', 'Статья расходов'],
  ['101', '10.02.2025', 450000, 'Заработная плата за январь 2025 г.', 'Сотрудники по реестру', null, '1'],
  ['102', '12.02.2025', 135900, 'Страховые взносы за январь 2025 г.', 'УФК по г. Новосибирску', '5406011111', '2'],
  ['103', '25.02.2025', 218000, 'Оплата комплектующих по счету 44', 'ООО «ЭлектроКомпонент»', '5405123456', '3'],
];

const REPORT_TEMPLATES: Record<string, { title: string; sheets: { name: string; rows: Cell[][] }[] }> = {
  report: {
    title: 'Отчет грантополучателя',
    sheets: [
      { name: 'Структура расходов', rows: [['Код', 'Статья расходов', 'План, руб.', 'Факт, руб.'], ...EXPENSE_ITEMS.map(([c, n]) => [c, n, null, null])] },
      { name: 'Софинансирование', rows: [['Код', 'Источник', 'План, руб.', 'Факт, руб.'], ...CO_FINANCE_ITEMS.map(([c, n]) => [c, n, null, null])] },
      { name: 'Программа реализации', rows: [['Код', 'Мероприятие', 'Начало', 'Окончание', 'Результат', 'Выполнено']] },
    ],
  },
  'expense-structure': {
    title: 'Структура расходов',
    sheets: [{ name: 'Структура расходов', rows: [['Код', 'Статья расходов', 'План, руб.', 'Факт, руб.'], ...EXPENSE_ITEMS.map(([c, n]) => [c, n, null, null])] }],
  },
  'co-finance-structure': {
    title: 'Структура софинансирования',
    sheets: [{ name: 'Софинансирование', rows: [['Код', 'Источник', 'План, руб.', 'Факт, руб.'], ...CO_FINANCE_ITEMS.map(([c, n]) => [c, n, null, null])] }],
  },
  'implementation-program': {
    title: 'Программа реализации',
    sheets: [{ name: 'Программа реализации', rows: [['Код', 'Мероприятие', 'Начало', 'Окончание', 'Результат', 'Выполнено']] }],
  },
  'accounting-register': { title: 'Реестр бухгалтерского учета', sheets: [{ name: 'Реестр', rows: ACCOUNTING_EXAMPLE }] },
  'payment-order-register': { title: 'Реестр платежных поручений', sheets: [{ name: 'Платежные поручения', rows: PAYMENT_EXAMPLE }] },
};
