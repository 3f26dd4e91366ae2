import { withoutPrivate } from '../../lib/stored';
import type { FieldError } from '../../lib/http';
import type { Json } from '../../lib/spec';
import { STAFF_DECIDE, STAFF_READ, cellDate, moscowMidnight, type DocStatus, type Transitions } from '../projects-v1/model';

/**
 * Grantee reports (SPEC §7 "Reports"; statuses and periods SPEC §4). Screens are not shown (SPEC §1), so the
 * workflow, the structures and their checks are the reference back end's reading (openapi/README.md lists them).
 */

export const PERIODS = ['first-quarter', 'second-quarter', 'third-quarter', 'annual'] as const;
export type Period = (typeof PERIODS)[number];
export const PERIOD_NAMES: Record<Period, string> = {
  'first-quarter': 'I квартал',
  'second-quarter': 'II квартал',
  'third-quarter': 'III квартал',
  annual: 'Год',
};

/**
 * Report workflow (SPEC §4 "Actions by call: send to manager, review, reject with comment, accept, send for approval,
 * ready-to-finalize, finalize, repeat finalize"; which change is allowed from which status is not shown — assumed):
 * the grantee sends a draft to the manager ("new"; a rejected report comes back as "improved"), a manager or
 * monitor reviews it, the manager sends it for approval, accepts it (a later review marks it "verified"), and the
 * conclusion is prepared, finalized and, if needed, finalized again.
 */
export const REPORT_TRANSITIONS: Transitions = {
  new: { draft: 'new', rejected: 'improved' },
  review: { new: 'reviewed', improved: 'reviewed', accepted: 'verified' },
  reject: { new: 'rejected', improved: 'rejected', reviewed: 'rejected', 'send-for-approve': 'rejected' },
  'send-for-approval': { reviewed: 'send-for-approve' },
  accept: { 'send-for-approve': 'accepted' },
  'ready-to-finalize-conclusion': { accepted: 'ready-to-finalize-conclusion', verified: 'ready-to-finalize-conclusion' },
  'finalize-conclusion': { 'ready-to-finalize-conclusion': 'finalized-conclusion', 'repeat-finalize-conclusion': 'finalized-conclusion' },
  'repeat-finalize-conclusion': { 'finalized-conclusion': 'repeat-finalize-conclusion' },
};
/** Who runs each action: the project's people ("member") or staff roles. */
export const ACTION_ROLES: Record<string, 'member' | number[]> = {
  new: 'member',
  review: STAFF_READ,
  reject: STAFF_DECIDE,
  'send-for-approval': STAFF_DECIDE,
  accept: STAFF_DECIDE,
  'ready-to-finalize-conclusion': STAFF_DECIDE,
  'finalize-conclusion': STAFF_DECIDE,
  'repeat-finalize-conclusion': STAFF_DECIDE,
};
/** The grantee edits a report (and its structures, registers, balance) only while it is a draft or rejected. */
export const REPORT_EDITABLE: DocStatus[] = ['draft', 'rejected'];

export const STATUS_COLORS: Record<DocStatus, string> = {
  draft: '#9E9E9E',
  new: '#1E88E5',
  improved: '#3949AB',
  rejected: '#E53935',
  'send-for-approve': '#FB8C00',
  reviewed: '#8E24AA',
  accepted: '#43A047',
  verified: '#2E7D32',
  'ready-to-finalize-conclusion': '#00897B',
  'finalized-conclusion': '#00695C',
  'repeat-finalize-conclusion': '#F4511E',
};

// ------------------------------------------------------------------ structures

export interface Column {
  code: string;
  name: string;
  kind: 'money' | 'number' | 'date' | 'text' | 'flag';
}
export type Row = { id?: number | null; code: string; parentCode?: string | null; name: string; unit?: string | null; values: Record<string, Json>; comment?: string | null };
export interface TableState {
  id: number;
  rows: Row[];
  signed: boolean;
  signedAt: string | null;
  updatedAt: string | null;
}

export const MONEY_COLUMNS: Column[] = [
  { code: 'plan', name: 'План, руб.', kind: 'money' },
  { code: 'fact', name: 'Факт, руб.', kind: 'money' },
];
export const PROGRAM_COLUMNS: Column[] = [
  { code: 'dateFrom', name: 'Начало', kind: 'date' },
  { code: 'dateTo', name: 'Окончание', kind: 'date' },
  { code: 'result', name: 'Результат', kind: 'text' },
  { code: 'done', name: 'Выполнено', kind: 'flag' },
];
export const ACHIEVEMENT_COLUMNS: Column[] = [
  { code: 'plan', name: 'План', kind: 'number' },
  { code: 'fact', name: 'Факт', kind: 'number' },
];
export const PAYMENT_STRUCTURE_COLUMNS: Column[] = [
  { code: 'planned', name: 'План по смете, руб.', kind: 'money' },
  { code: 'count', name: 'Платежных поручений', kind: 'number' },
  { code: 'amount', name: 'Оплачено, руб.', kind: 'money' },
  { code: 'rest', name: 'Остаток, руб.', kind: 'money' },
];

export const EXPENSE_ITEMS: [string, string][] = [
  ['1', 'Оплата труда работников'],
  ['2', 'Начисления на оплату труда'],
  ['3', 'Материалы и комплектующие'],
  ['4', 'Оборудование'],
  ['5', 'Услуги сторонних организаций'],
  ['6', 'Командировочные расходы'],
  ['7', 'Прочие расходы'],
];
export const CO_FINANCE_ITEMS: [string, string][] = [
  ['1', 'Собственные средства'],
  ['2', 'Заемные средства'],
  ['3', 'Средства индустриальных партнеров'],
];

export const REGISTER_TYPES = ['general', 'education', 'licenses', 'income', 'rid', 'co-finance'] as const;
export type RegisterType = (typeof REGISTER_TYPES)[number];
export const REGISTER_NAMES: Record<RegisterType, string> = {
  general: 'Общий',
  education: 'Обучение',
  licenses: 'Лицензии',
  income: 'Доходы',
  rid: 'РИД',
  'co-finance': 'Софинансирование',
};

export interface PaymentOrder {
  id: number;
  number: string;
  date: string | null;
  amount: number;
  purpose: string | null;
  recipient: string | null;
  recipientInn: string | null;
  expenseCode: string | null;
}
export interface RegisterEntry {
  id: number;
  date: string | null;
  documentNumber: string | null;
  name: string;
  amount: number | null;
  counterparty: string | null;
  values?: Record<string, Json>;
}

export type Section =
  | 'report'
  | 'expense-structure'
  | 'co-finance-structure'
  | 'implementation-program'
  | 'achievement-result-deviation-reasons'
  | 'payment-orders'
  | 'account-register'
  | 'balance'
  | 'grantor-refundable';
export const SECTIONS: Section[] = [
  'report',
  'expense-structure',
  'co-finance-structure',
  'implementation-program',
  'achievement-result-deviation-reasons',
  'payment-orders',
  'account-register',
  'balance',
  'grantor-refundable',
];

export type StoredReport = {
  id: number;
  projectId: number;
  projectName: string | null;
  year: number;
  period: Period;
  status: DocStatus;
  statusName: string;
  comment: string | null;
  color: string;
  createdAt: string;
  updatedAt: string;
  _createdBy: number;
  _grantAmount: number | null;
  _centerNtiId: number | null;
  _expense: Record<string, TableState>;
  _coFinance: TableState;
  _program: TableState;
  _achievement: TableState;
  _deviation: { items: { code: string; reason: string; comment?: string | null }[] };
  _paymentOrders: PaymentOrder[];
  _registers: Partial<Record<RegisterType, RegisterEntry[]>>;
  _balance: { balance: number | null; grantorRefundable: number | null; comment: string | null };
  _updated: Partial<Record<Section, { updatedAt: string; userId: number | null }>>;
  _signatures: { section: string; year: number | null; sign: string | null; userId: number; signedAt: string }[];
};

export type HistoryEntry = {
  id: number;
  reportId: number;
  centerNtiId: number | null;
  status: DocStatus;
  comment: string | null;
  userId: number | null;
  fullname: string | null;
  createdAt: string;
};

export const emptyTable = (id: number, items: [string, string][] = []): TableState => ({
  id,
  rows: items.map(([code, name]) => ({ code, name, parentCode: null, unit: 'руб.', values: { plan: null, fact: null }, comment: null })),
  signed: false,
  signedAt: null,
  updatedAt: null,
});

export const toApiReport = (r: StoredReport) => withoutPrivate(r);

/** Period boundaries (SPEC §4 periods) as Moscow dates. */
export function periodRange(year: number, period: Period): { from: string; to: string } {
  const ranges: Record<Period, [string, string]> = {
    'first-quarter': ['01-01', '03-31'],
    'second-quarter': ['04-01', '06-30'],
    'third-quarter': ['07-01', '09-30'],
    annual: ['01-01', '12-31'],
  };
  const [from, to] = ranges[period];
  return { from: moscowMidnight(`${year}-${from}`), to: moscowMidnight(`${year}-${to}`) };
}

/** Checks the rows of a saved structure against its columns; errors carry valueIndex = row index (SPEC §5 error shape). */
export function validateRows(rows: Row[], columns: Column[], options: { fixedCodes?: string[] } = {}): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const known = new Set(columns.map((c) => c.code));
  rows.forEach((row, i) => {
    if (seen.has(row.code)) errors.push({ field: `rows[${i}].code`, message: `Код строки «${row.code}» повторяется`, valueIndex: i });
    seen.add(row.code);
    if (options.fixedCodes && !options.fixedCodes.includes(row.code)) {
      errors.push({ field: `rows[${i}].code`, message: `Неизвестная статья «${row.code}»`, valueIndex: i });
    }
    if (!row.name.trim()) errors.push({ field: `rows[${i}].name`, message: 'Заполните поле', valueIndex: i });
    for (const [key, value] of Object.entries(row.values)) {
      const column = columns.find((c) => c.code === key);
      if (!known.has(key) || !column) {
        errors.push({ field: `rows[${i}].values.${key}`, message: `Неизвестный столбец «${key}»`, valueIndex: i });
        continue;
      }
      if (value === null) continue;
      if ((column.kind === 'money' || column.kind === 'number') && (typeof value !== 'number' || value < 0)) {
        errors.push({ field: `rows[${i}].values.${key}`, message: `«${column.name}»: значение должно быть неотрицательным числом`, valueIndex: i });
      }
      if (column.kind === 'date' && (typeof value !== 'string' || !cellDate(value))) {
        errors.push({ field: `rows[${i}].values.${key}`, message: `«${column.name}»: ожидается дата ДД.ММ.ГГГГ`, valueIndex: i });
      }
      if (column.kind === 'flag' && typeof value !== 'boolean') {
        errors.push({ field: `rows[${i}].values.${key}`, message: `«${column.name}»: ожидается да или нет`, valueIndex: i });
      }
      if (column.kind === 'text' && typeof value !== 'string') {
        errors.push({ field: `rows[${i}].values.${key}`, message: `«${column.name}»: ожидается текст`, valueIndex: i });
      }
    }
    const from = typeof row.values.dateFrom === 'string' ? cellDate(row.values.dateFrom) : null;
    const to = typeof row.values.dateTo === 'string' ? cellDate(row.values.dateTo) : null;
    if (from && to && from > to) errors.push({ field: `rows[${i}].values.dateTo`, message: 'Окончание раньше начала', valueIndex: i });
  });
  return errors;
}

export const sum = (values: (number | null | undefined)[]) => Math.round(values.reduce<number>((a, v) => a + (typeof v === 'number' ? v : 0), 0) * 100) / 100;


export function normaliseRows(rows: Row[]): Row[] {
  return rows.map((r, i) => ({
    id: r.id ?? i + 1,
    code: String(r.code).trim(),
    parentCode: r.parentCode ?? null,
    name: r.name,
    unit: r.unit ?? null,
    values: { ...r.values },
    comment: r.comment ?? null,
  }));
}
