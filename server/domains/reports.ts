import { withoutPrivate } from '../lib/stored';
import { JsonReply, conflict, fileReply, forbidden, notFound, unprocessable, type FieldError } from '../lib/http';
import type { OperationHandlers } from '../lib/operations';
import { hasRole, type AuthUser, type Services } from '../lib/services';
import { loadUser } from './users';
import type { Json } from '../lib/spec';
import { renderPdf, rub } from '../lib/pdf-sample';
import { cellNumber, cellText, headerKey, writeXlsx, type Cell } from '../lib/xlsx-sample';
import { DOC_STATUSES, DOC_STATUS_NAMES, STAFF_DECIDE, STAFF_READ, cellDate, ddmmyyyy, fullNameOf, isProjectMember, isoNow, moscowMidnight, nextStatus, projectsOf, spreadsheetRows, uploadedFile, type DocStatus, type StoredProject, type Transitions } from './projects-v1/model';
import { EMPLOYEE_SEED } from './projects-v1/seed';

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
const ACTION_ROLES: Record<string, 'member' | number[]> = {
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

interface Column {
  code: string;
  name: string;
  kind: 'money' | 'number' | 'date' | 'text' | 'flag';
}
type Row = { id?: number | null; code: string; parentCode?: string | null; name: string; unit?: string | null; values: Record<string, Json>; comment?: string | null };
interface TableState {
  id: number;
  rows: Row[];
  signed: boolean;
  signedAt: string | null;
  updatedAt: string | null;
}

const MONEY_COLUMNS: Column[] = [
  { code: 'plan', name: 'План, руб.', kind: 'money' },
  { code: 'fact', name: 'Факт, руб.', kind: 'money' },
];
const PROGRAM_COLUMNS: Column[] = [
  { code: 'dateFrom', name: 'Начало', kind: 'date' },
  { code: 'dateTo', name: 'Окончание', kind: 'date' },
  { code: 'result', name: 'Результат', kind: 'text' },
  { code: 'done', name: 'Выполнено', kind: 'flag' },
];
const ACHIEVEMENT_COLUMNS: Column[] = [
  { code: 'plan', name: 'План', kind: 'number' },
  { code: 'fact', name: 'Факт', kind: 'number' },
];
const PAYMENT_STRUCTURE_COLUMNS: Column[] = [
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
const CO_FINANCE_ITEMS: [string, string][] = [
  ['1', 'Собственные средства'],
  ['2', 'Заемные средства'],
  ['3', 'Средства индустриальных партнеров'],
];

const REGISTER_TYPES = ['general', 'education', 'licenses', 'income', 'rid', 'co-finance'] as const;
type RegisterType = (typeof REGISTER_TYPES)[number];
const REGISTER_NAMES: Record<RegisterType, string> = {
  general: 'Общий',
  education: 'Обучение',
  licenses: 'Лицензии',
  income: 'Доходы',
  rid: 'РИД',
  'co-finance': 'Софинансирование',
};

interface PaymentOrder {
  id: number;
  number: string;
  date: string | null;
  amount: number;
  purpose: string | null;
  recipient: string | null;
  recipientInn: string | null;
  expenseCode: string | null;
}
interface RegisterEntry {
  id: number;
  date: string | null;
  documentNumber: string | null;
  name: string;
  amount: number | null;
  counterparty: string | null;
  values?: Record<string, Json>;
}

type Section =
  | 'report'
  | 'expense-structure'
  | 'co-finance-structure'
  | 'implementation-program'
  | 'achievement-result-deviation-reasons'
  | 'payment-orders'
  | 'account-register'
  | 'balance'
  | 'grantor-refundable';
const SECTIONS: Section[] = [
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

type HistoryEntry = {
  id: number;
  reportId: number;
  centerNtiId: number | null;
  status: DocStatus;
  comment: string | null;
  userId: number | null;
  fullname: string | null;
  createdAt: string;
};

const emptyTable = (id: number, items: [string, string][] = []): TableState => ({
  id,
  rows: items.map(([code, name]) => ({ code, name, parentCode: null, unit: 'руб.', values: { plan: null, fact: null }, comment: null })),
  signed: false,
  signedAt: null,
  updatedAt: null,
});

const toApiReport = (r: StoredReport) => withoutPrivate(r);

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

const sum = (values: (number | null | undefined)[]) => Math.round(values.reduce<number>((a, v) => a + (typeof v === 'number' ? v : 0), 0) * 100) / 100;

// ------------------------------------------------------------------ handlers

export function reportsHandlers(s: Services): OperationHandlers {
  const reports = s.collection<StoredReport>('reports');
  const history = s.collection<HistoryEntry>('report_history');
  const projects = projectsOf(s);

  async function access(id: number, user: AuthUser, mode: 'read' | 'write') {
    const report = await reports.get(id);
    if (!report) throw notFound('Отчет не найден');
    const project = await projects.get(report.projectId);
    const member = !!project && isProjectMember(project, user);
    const readable = hasRole(user, ...STAFF_READ) || member || report._createdBy === user.id;
    if (!readable) throw forbidden('Нет доступа к отчету');
    if (mode === 'write' && !member && report._createdBy !== user.id && !hasRole(user, ...STAFF_DECIDE)) {
      throw forbidden('Изменять отчет могут участники проекта');
    }
    return { report, project };
  }

  function requireEditable(report: StoredReport, what: string) {
    if (!REPORT_EDITABLE.includes(report.status)) {
      throw conflict(`${what}: отчет в статусе «${DOC_STATUS_NAMES[report.status]}» изменить нельзя`);
    }
  }

  async function save(report: StoredReport, user: AuthUser, sections: Section[]) {
    const now = isoNow(s);
    const updated = { ...report._updated };
    for (const section of sections) updated[section] = { updatedAt: now, userId: user.id };
    return reports.put({ ...report, updatedAt: now, _updated: updated });
  }

  async function writeHistory(report: StoredReport, status: DocStatus, comment: string | null, user: AuthUser | null) {
    await history.insert({
      reportId: report.id,
      centerNtiId: report._centerNtiId,
      status,
      comment,
      userId: user?.id ?? null,
      fullname: user ? fullNameOf(user) : null,
      createdAt: isoNow(s),
    });
  }

  async function act(id: number, user: AuthUser, action: string, comment: string | null) {
    const { report, project } = await access(id, user, 'read');
    const roles = ACTION_ROLES[action]!;
    const allowed = roles === 'member' ? (!!project && isProjectMember(project, user)) || report._createdBy === user.id || hasRole(user, 2) : hasRole(user, ...roles);
    if (!allowed) throw forbidden('Недостаточно прав для этого действия с отчетом');
    const to = nextStatus(REPORT_TRANSITIONS, action, report.status, 'отчет');
    if (action === 'new') {
      // The grantee signs the expense structure of the report year before sending (PATCH sign-expense-structure).
      const expense = report._expense[String(report.year)];
      if (!expense?.signed) throw conflict('Перед отправкой подпишите структуру расходов отчетного года');
      const coFinanceFilled = report._coFinance.rows.some((r) => Object.values(r.values).some((v) => v !== null));
      if (coFinanceFilled && !report._coFinance.signed) throw conflict('Перед отправкой подпишите структуру софинансирования');
    }
    const next = await save({ ...report, status: to, statusName: DOC_STATUS_NAMES[to], color: STATUS_COLORS[to], comment: comment ?? report.comment }, user, ['report']);
    await writeHistory(next, to, comment, user);
    return { success: true, message: `Статус отчета: ${DOC_STATUS_NAMES[to]}` };
  }

  const table = (report: StoredReport, state: TableState, columns: Column[], year: number | null) => ({
    id: state.id,
    reportId: report.id,
    year,
    columns: columns.map((c) => ({ code: c.code, name: c.name, year })),
    rows: state.rows,
    signed: state.signed,
    signedAt: state.signedAt,
    updatedAt: state.updatedAt,
  });

  function expenseState(report: StoredReport, year: number): TableState {
    return report._expense[String(year)] ?? emptyTable(report.id * 100 + (year % 100), EXPENSE_ITEMS);
  }

  function spent(report: StoredReport) {
    return sum(report._paymentOrders.map((p) => p.amount));
  }

  function balanceOf(report: StoredReport) {
    const grantAmount = report._grantAmount;
    const computed = grantAmount === null ? null : Math.round((grantAmount - spent(report)) * 100) / 100;
    return {
      reportId: report.id,
      grantAmount,
      spent: spent(report),
      balance: report._balance.balance ?? computed,
      grantorRefundable: report._balance.grantorRefundable,
      comment: report._balance.comment,
      updatedAt: report._updated.balance?.updatedAt ?? report._updated['grantor-refundable']?.updatedAt ?? null,
    };
  }

  async function visibleReports(user: AuthUser) {
    const all = await reports.all();
    if (hasRole(user, ...STAFF_READ)) return all;
    const mine = new Set((await projects.all()).filter((p) => isProjectMember(p, user)).map((p) => p.id));
    return all.filter((r) => mine.has(r.projectId) || r._createdBy === user.id);
  }

  function saveTable(
    key: '_coFinance' | '_program',
    section: Section,
    columns: Column[],
    fixedCodes?: string[],
  ) {
    return async ({ params, body, user }: { params: Json; body: Json; user: AuthUser }) => {
      const { report } = await access(Number(params.id), user, 'write');
      requireEditable(report, 'Сохранение структуры');
      const rows = normaliseRows(body.rows);
      const errors = validateRows(rows, columns, fixedCodes ? { fixedCodes } : {});
      if (errors.length) throw unprocessable(errors);
      const state: TableState = { ...report[key], rows, signed: false, signedAt: null, updatedAt: isoNow(s) };
      const next = await save({ ...report, [key]: state }, user, [section]);
      return table(next, state, columns, body.year ?? null);
    };
  }

  function signTable(section: 'expense-structure' | 'co-finance-structure') {
    return async ({ params, body, user }: { params: Json; body: Json; user: AuthUser }) => {
      const { report } = await access(Number(params.id), user, 'write');
      requireEditable(report, 'Подписание структуры');
      const year = body?.year ?? report.year;
      const state = section === 'expense-structure' ? expenseState(report, year) : report._coFinance;
      const title = section === 'expense-structure' ? `Структура расходов ${year} года` : 'Структура софинансирования';
      if (!state.rows.some((r) => Object.values(r.values).some((v) => v !== null))) throw conflict(`${title} не заполнена — подписывать нечего`);
      if (state.signed) throw conflict(`${title} уже подписана`);
      const now = isoNow(s);
      const signed: TableState = { ...state, signed: true, signedAt: now };
      const patch: Partial<StoredReport> =
        section === 'expense-structure' ? { _expense: { ...report._expense, [String(year)]: signed } } : { _coFinance: signed };
      await save(
        { ...report, ...patch, _signatures: [...report._signatures, { section, year, sign: body?.sign ?? null, userId: user.id, signedAt: now }] },
        user,
        [section],
      );
      return { success: true, message: `${title} подписана` };
    };
  }

  const register = (type: RegisterType) => async ({ params, user }: { params: Json; user: AuthUser }) => {
    const { report } = await access(Number(params.id), user, 'read');
    const items = report._registers[type] ?? [];
    return { reportId: report.id, type, items, total: sum(items.map((i) => i.amount)) };
  };

  return {
    async reportCreate({ body, user }) {
      const project = await projects.get(body.projectId);
      if (!project) throw unprocessable([{ field: 'projectId', message: 'Проект не найден' }]);
      if (!isProjectMember(project, user) && !hasRole(user, ...STAFF_DECIDE)) throw forbidden('Создавать отчеты могут участники проекта');
      const duplicate = (await reports.where({ projectId: project.id, year: body.year, period: body.period }))[0];
      if (duplicate) throw conflict(`Отчет проекта за ${PERIOD_NAMES[body.period as Period]} ${body.year} года уже есть (№ ${duplicate.id})`);
      const previous = (await reports.where({ projectId: project.id })).at(-1);
      const employees = await s.collection<Json & { id: number }>('employees').where({ projectId: project.id });
      const now = isoNow(s);
      const id = await s.db.nextId('reports');
      const report = await reports.insert({
        id,
        projectId: project.id,
        projectName: project.name,
        year: body.year,
        period: body.period,
        status: 'draft',
        statusName: DOC_STATUS_NAMES.draft,
        comment: null,
        color: STATUS_COLORS.draft,
        createdAt: now,
        updatedAt: now,
        _createdBy: user.id,
        _grantAmount: previous?._grantAmount ?? null,
        _centerNtiId: employees.find((e) => e.centerNtiId)?.centerNtiId ?? null,
        _expense: { [String(body.year)]: emptyTable(id * 100 + (body.year % 100), EXPENSE_ITEMS) },
        _coFinance: emptyTable(id * 100 + 1, CO_FINANCE_ITEMS),
        _program: { ...emptyTable(id * 100 + 2), rows: previous?._program.rows ?? [] },
        _achievement: { ...emptyTable(id * 100 + 3), rows: (previous?._achievement.rows ?? []).map((r) => ({ ...r, values: { ...r.values, fact: null } })) },
        _deviation: { items: [] },
        _paymentOrders: [],
        _registers: {},
        _balance: { balance: null, grantorRefundable: null, comment: null },
        _updated: { report: { updatedAt: now, userId: user.id } },
        _signatures: [],
      });
      await writeHistory(report, 'draft', 'Отчет создан', user);
      return new JsonReply(201, toApiReport(report));
    },
    async reportGet({ params, user }) {
      const { report, project } = await access(Number(params.id), user, 'read');
      return toApiReport({ ...report, projectName: project?.name ?? report.projectName });
    },
    async reportUpdate({ params, body, user }) {
      const { report } = await access(Number(params.id), user, 'write');
      requireEditable(report, 'Изменение отчета');
      const year = body.year ?? report.year;
      const period = body.period ?? report.period;
      if (year !== report.year || period !== report.period) {
        const duplicate = (await reports.where({ projectId: report.projectId, year, period })).find((r) => r.id !== report.id);
        if (duplicate) throw conflict(`Отчет проекта за ${PERIOD_NAMES[period as Period]} ${year} года уже есть (№ ${duplicate.id})`);
      }
      const next = await save({ ...report, year, period, comment: body.comment === undefined ? report.comment : body.comment }, user, ['report']);
      return toApiReport(next);
    },

    reportNew: ({ params, user }) => act(Number(params.id), user, 'new', null),
    reportAccept: ({ params, user }) => act(Number(params.id), user, 'accept', null),
    async reportReject({ params, body, user }) {
      const comment = String(body.comment).trim();
      if (!comment) throw unprocessable([{ field: 'comment', message: 'Укажите причину отклонения' }]);
      return act(Number(params.id), user, 'reject', comment);
    },
    reportReadyToFinalizeConclusion: ({ params, user }) => act(Number(params.id), user, 'ready-to-finalize-conclusion', null),
    reportFinalizeConclusion: ({ params, user }) => act(Number(params.id), user, 'finalize-conclusion', null),
    reportRepeatFinalizeConclusion: ({ params, user }) => act(Number(params.id), user, 'repeat-finalize-conclusion', null),
    reportSendForApproval: ({ params, body, user }) => act(Number(params.id), user, 'send-for-approval', String(body.comment).trim() || null),
    reportReview: ({ params, body, user }) => act(Number(params.id), user, 'review', String(body.comment).trim() || null),

    async reportPaymentOrdersStructureGet({ params, user }) {
      const { report } = await access(Number(params.id), user, 'read');
      const expense = expenseState(report, report.year);
      const rows: Row[] = EXPENSE_ITEMS.map(([code, name]) => {
        const orders = report._paymentOrders.filter((p) => p.expenseCode === code);
        const planned = expense.rows.find((r) => r.code === code)?.values.plan ?? null;
        const amount = sum(orders.map((o) => o.amount));
        return {
          code,
          name,
          parentCode: null,
          unit: 'руб.',
          values: { planned, count: orders.length, amount, rest: typeof planned === 'number' ? Math.round((planned - amount) * 100) / 100 : null },
        };
      });
      const unassigned = report._paymentOrders.filter((p) => !EXPENSE_ITEMS.some(([code]) => code === p.expenseCode));
      if (unassigned.length) {
        rows.push({ code: '0', name: 'Без статьи расходов', parentCode: null, unit: 'руб.', values: { planned: null, count: unassigned.length, amount: sum(unassigned.map((o) => o.amount)), rest: null } });
      }
      return {
        id: report.id * 100 + 4,
        reportId: report.id,
        year: report.year,
        columns: PAYMENT_STRUCTURE_COLUMNS.map((c) => ({ code: c.code, name: c.name, year: report.year })),
        rows,
        signed: false,
        signedAt: null,
        updatedAt: report._updated['payment-orders']?.updatedAt ?? null,
      };
    },
    async reportUpdatedDatesGet({ params, user }) {
      const { report } = await access(Number(params.id), user, 'read');
      return {
        reportId: report.id,
        items: SECTIONS.map((section) => ({
          section,
          updatedAt: report._updated[section]?.updatedAt ?? null,
          userId: report._updated[section]?.userId ?? null,
        })),
      };
    },
    async reportGeneralInfoGet({ params, user }) {
      const { report, project } = await access(Number(params.id), user, 'read');
      const { from, to } = periodRange(report.year, report.period);
      return {
        reportId: report.id,
        projectId: report.projectId,
        projectName: project?.name ?? report.projectName ?? `Проект ${report.projectId}`,
        contractNo: project?.contractNo ?? null,
        counterparty: project?.counterparty ?? null,
        inn: project?.inn ?? null,
        year: report.year,
        period: report.period,
        status: report.status,
        dateFrom: from,
        dateTo: to,
        grantAmount: report._grantAmount,
      };
    },
    async reportExpenseStructureGet({ params, query, user }) {
      const { report } = await access(Number(params.id), user, 'read');
      const year = Number(query.year);
      return table(report, expenseState(report, year), MONEY_COLUMNS, year);
    },
    async reportExpenseStructureSave({ params, body, user }) {
      const { report } = await access(Number(params.id), user, 'write');
      requireEditable(report, 'Сохранение структуры расходов');
      const year = body.year ?? report.year;
      const rows = normaliseRows(body.rows);
      const errors = validateRows(rows, MONEY_COLUMNS, { fixedCodes: EXPENSE_ITEMS.map(([c]) => c) });
      if (errors.length) throw unprocessable(errors);
      const state: TableState = { ...expenseState(report, year), rows, signed: false, signedAt: null, updatedAt: isoNow(s) };
      const next = await save({ ...report, _expense: { ...report._expense, [String(year)]: state } }, user, ['expense-structure']);
      return table(next, state, MONEY_COLUMNS, year);
    },
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
    async reportHistoryGet({ params, user }) {
      const { report } = await access(Number(params.id), user, 'read');
      return history.where({ reportId: report.id });
    },
    async reportCoFinanceStructureGet({ params, user }) {
      const { report } = await access(Number(params.id), user, 'read');
      return table(report, report._coFinance, MONEY_COLUMNS, null);
    },
    reportCoFinanceStructureSave: saveTable('_coFinance', 'co-finance-structure', MONEY_COLUMNS, CO_FINANCE_ITEMS.map(([c]) => c)),
    async reportImplementationProgramGet({ params, user }) {
      const { report } = await access(Number(params.id), user, 'read');
      return table(report, report._program, PROGRAM_COLUMNS, null);
    },
    reportImplementationProgramSave: saveTable('_program', 'implementation-program', PROGRAM_COLUMNS),
    async reportAchievementResultStructureGet({ params, user }) {
      const { report } = await access(Number(params.id), user, 'read');
      return table(report, report._achievement, ACHIEVEMENT_COLUMNS, report.year);
    },
    async reportDeviationReasonsGet({ params, user }) {
      const { report } = await access(Number(params.id), user, 'read');
      return { reportId: report.id, items: report._deviation.items };
    },
    async reportDeviationReasonsSave({ params, body, user }) {
      const { report } = await access(Number(params.id), user, 'write');
      requireEditable(report, 'Сохранение причин отклонений');
      const indicators = new Map(report._achievement.rows.map((r) => [r.code, r]));
      const errors: FieldError[] = [];
      const seen = new Set<string>();
      (body.items as { code: string; reason: string; comment?: string | null }[]).forEach((item, i) => {
        const row = indicators.get(item.code);
        if (!row) errors.push({ field: `items[${i}].code`, message: `Показатель «${item.code}» не найден в структуре достижения результатов`, valueIndex: i });
        else if (!(typeof row.values.plan === 'number' && typeof row.values.fact === 'number' && row.values.fact < row.values.plan)) {
          errors.push({ field: `items[${i}].code`, message: `Показатель «${row.name}» достигнут: причина отклонения не нужна`, valueIndex: i });
        }
        if (seen.has(item.code)) errors.push({ field: `items[${i}].code`, message: 'Показатель указан дважды', valueIndex: i });
        seen.add(item.code);
        if (!item.reason.trim()) errors.push({ field: `items[${i}].reason`, message: 'Заполните поле', valueIndex: i });
      });
      if (errors.length) throw unprocessable(errors);
      const items = (body.items as { code: string; reason: string; comment?: string | null }[]).map((i) => ({ code: i.code, reason: i.reason.trim(), comment: i.comment ?? null }));
      const next = await save({ ...report, _deviation: { items } }, user, ['achievement-result-deviation-reasons']);
      return { reportId: next.id, items };
    },

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

    async reportGrantBalancePdf({ params, user }) {
      const { report, project } = await access(Number(params.id), user, 'read');
      const balance = balanceOf(report);
      const pdf = await renderPdf({
        title: 'Остаток средств гранта',
        subtitle: `Отчет № ${report.id} · ${PERIOD_NAMES[report.period]} ${report.year} года`,
        createdAt: new Date(s.clock.now()),
        blocks: [
          {
            kind: 'pairs',
            pairs: [
              ['Проект', `${report.projectId} — ${project?.name ?? report.projectName ?? ''}`],
              ['Грантополучатель', project?.counterparty ?? ''],
              ['Номер договора', project?.contractNo ?? ''],
              ['Статус отчета', DOC_STATUS_NAMES[report.status]],
            ],
          },
          {
            kind: 'table',
            columns: ['Показатель', 'Сумма'],
            widths: [320, 175],
            rows: [
              ['Размер гранта', rub(balance.grantAmount)],
              ['Израсходовано по платежным поручениям', rub(balance.spent)],
              ['Остаток средств гранта', rub(balance.balance)],
              ['Подлежит возврату грантодателю', rub(balance.grantorRefundable)],
            ],
          },
          ...(balance.comment ? [{ kind: 'paragraph' as const, text: `Комментарий: ${balance.comment}` }] : []),
          ...(report._paymentOrders.length
            ? [
                { kind: 'heading' as const, text: 'Платежные поручения' },
                {
                  kind: 'table' as const,
                  columns: ['Номер', 'Дата', 'Получатель', 'Сумма'],
                  widths: [60, 80, 230, 125],
                  rows: report._paymentOrders.map((o) => [o.number, ddmmyyyy(o.date), o.recipient ?? '', rub(o.amount)]),
                },
              ]
            : []),
        ],
      });
      return fileReply(pdf, 'application/pdf', `Остаток гранта — отчет ${report.id}.pdf`);
    },
    async reportColorList({ query, user }) {
      return (await visibleReports(user))
        .filter((r) => (query.projectId === undefined || r.projectId === Number(query.projectId)) && (query.year === undefined || r.year === Number(query.year)))
        .map((r) => ({ projectId: r.projectId, reportId: r.id, year: r.year, period: r.period, status: r.status, color: STATUS_COLORS[r.status] }));
    },
    async reportColorStatus() {
      return DOC_STATUSES.map((status) => ({ status, name: DOC_STATUS_NAMES[status], color: STATUS_COLORS[status] }));
    },
    async reportTemplateDownload({ query }) {
      const type = String(query.templateType ?? 'report');
      const template = REPORT_TEMPLATES[type];
      if (!template) throw notFound(`Шаблон «${type}» не найден; доступны: ${Object.keys(REPORT_TEMPLATES).join(', ')}`);
      return fileReply(writeXlsx(template.sheets), 'application/octet-stream', `${template.title} — шаблон.xlsx`);
    },
    reportSignExpenseStructure: signTable('expense-structure'),
    reportSignCoFinanceStructure: signTable('co-finance-structure'),
    async reportBalanceSave({ params, body, user }) {
      const { report } = await access(Number(params.id), user, 'write');
      requireEditable(report, 'Сохранение остатка гранта');
      const errors: FieldError[] = [];
      if (body.balance < 0) errors.push({ field: 'balance', message: 'Остаток не может быть отрицательным' });
      if (report._grantAmount !== null && body.balance > report._grantAmount) {
        errors.push({ field: 'balance', message: `Остаток не может превышать размер гранта (${rub(report._grantAmount)})` });
      }
      if (errors.length) throw unprocessable(errors);
      const refundable = report._balance.grantorRefundable;
      const next = await save(
        {
          ...report,
          _balance: {
            balance: body.balance,
            // A refundable amount above the new balance is no longer valid.
            grantorRefundable: refundable !== null && refundable > body.balance ? null : refundable,
            comment: body.comment ?? report._balance.comment,
          },
        },
        user,
        ['balance'],
      );
      return balanceOf(next);
    },
    async reportGrantorRefundableSave({ params, body, user }) {
      const { report } = await access(Number(params.id), user, 'write');
      requireEditable(report, 'Сохранение суммы к возврату');
      const current = balanceOf(report).balance;
      const errors: FieldError[] = [];
      if (body.amount < 0) errors.push({ field: 'amount', message: 'Сумма не может быть отрицательной' });
      else if (current !== null && body.amount > current) errors.push({ field: 'amount', message: `Сумма к возврату не может превышать остаток (${rub(current)})` });
      if (errors.length) throw unprocessable(errors);
      const next = await save(
        { ...report, _balance: { ...report._balance, grantorRefundable: body.amount, comment: body.comment ?? report._balance.comment } },
        user,
        ['grantor-refundable'],
      );
      return balanceOf(next);
    },
    async reportCenterNtiHistoryGet({ query, user }) {
      const visible = new Set((await visibleReports(user)).map((r) => r.id));
      const filter = query.centerNtiId === undefined ? null : Number(query.centerNtiId);
      return (await history.all()).filter((h) => visible.has(h.reportId) && h.centerNtiId !== null && (filter === null || h.centerNtiId === filter));
    },
  };
}

function normaliseRows(rows: Row[]): Row[] {
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

// ------------------------------------------------------------------ seed

/** How each seeded status is reached from a draft, so the history of every demo report is a real path. */
const PATHS: Record<DocStatus, string[]> = {
  draft: [],
  new: ['new'],
  improved: ['new', 'review', 'reject', 'new'],
  rejected: ['new', 'review', 'reject'],
  'send-for-approve': ['new', 'review', 'send-for-approval'],
  reviewed: ['new', 'review'],
  accepted: ['new', 'review', 'send-for-approval', 'accept'],
  verified: ['new', 'review', 'send-for-approval', 'accept', 'review'],
  'ready-to-finalize-conclusion': ['new', 'review', 'send-for-approval', 'accept', 'ready-to-finalize-conclusion'],
  'finalized-conclusion': ['new', 'review', 'send-for-approval', 'accept', 'ready-to-finalize-conclusion', 'finalize-conclusion'],
  'repeat-finalize-conclusion': ['new', 'review', 'send-for-approval', 'accept', 'ready-to-finalize-conclusion', 'finalize-conclusion', 'repeat-finalize-conclusion'],
};
const ACTOR: Record<string, [number, string]> = {
  new: [7, 'Петров Алексей Иванович'],
  review: [4, 'Морозов Игорь Андреевич'],
  reject: [1, 'Соколова Анна Викторовна'],
  'send-for-approval': [1, 'Соколова Анна Викторовна'],
  accept: [1, 'Соколова Анна Викторовна'],
  'ready-to-finalize-conclusion': [1, 'Соколова Анна Викторовна'],
  'finalize-conclusion': [1, 'Соколова Анна Викторовна'],
  'repeat-finalize-conclusion': [1, 'Соколова Анна Викторовна'],
};
const COMMENTS: Record<string, string> = {
  reject: 'Не приложены первичные документы по статье «Оборудование»; уточните фактические расходы.',
  review: 'Отчет проверен, замечаний по содержанию нет.',
  'send-for-approval': 'Направляю на согласование руководителю программы.',
};

const SEED: [number, number, Period, DocStatus][] = [
  [1, 2024, 'annual', 'finalized-conclusion'],
  [1, 2025, 'first-quarter', 'accepted'],
  [1, 2025, 'second-quarter', 'draft'],
  [2, 2025, 'first-quarter', 'new'],
  [2, 2025, 'second-quarter', 'rejected'],
  [3, 2025, 'first-quarter', 'improved'],
  [3, 2025, 'second-quarter', 'reviewed'],
  [4, 2025, 'first-quarter', 'send-for-approve'],
  [4, 2024, 'annual', 'verified'],
  [5, 2025, 'first-quarter', 'ready-to-finalize-conclusion'],
  [5, 2024, 'annual', 'repeat-finalize-conclusion'],
  [6, 2025, 'first-quarter', 'draft'],
];
const GRANTS: Record<number, number> = { 1: 20_000_000, 2: 5_000_000, 3: 15_000_000, 4: 4_000_000, 5: 30_000_000, 6: 3_000_000 };
const SHARES = [0.42, 0.127, 0.14, 0.12, 0.11, 0.03, 0.053];
const RECIPIENTS: [string, string][] = [
  ['ООО «ЭлектроКомпонент»', '5405123456'],
  ['АО «ПриборСервис»', '7701234567'],
  ['ООО «ИспытательЛаб»', '5410987654'],
  ['ООО «ТрансТур»', '7725111222'],
];

export async function seedReports(s: Services): Promise<void> {
  const reports = s.collection<StoredReport>('reports');
  const history = s.collection<HistoryEntry>('report_history');
  const projects = new Map((await projectsOf(s).all()).map((p) => [p.id, p] as [number, StoredProject]));
  const now = s.clock.now();
  const day = 86400000;

  for (const [index, [projectId, year, period, status]] of SEED.entries()) {
    const id = index + 1;
    const project = projects.get(projectId);
    const grant = GRANTS[projectId]!;
    const periodShare = { 'first-quarter': 0.25, 'second-quarter': 0.5, 'third-quarter': 0.75, annual: 1 }[period];
    const yearly = year === 2024 ? grant * 0.4 : grant * 0.6;
    const filled = status !== 'draft' || id === 3;
    const expenseRows: Row[] = EXPENSE_ITEMS.map(([code, name], i) => {
      const plan = Math.round(yearly * SHARES[i]!);
      const fact = filled ? Math.round(plan * periodShare * (0.85 + ((projectId + i) % 4) * 0.05)) : null;
      return { id: i + 1, code, name, parentCode: null, unit: 'руб.', values: { plan, fact }, comment: null };
    });
    const created = new Date(now - (200 - id * 12) * day).toISOString();
    const signedAt = status === 'draft' ? null : new Date(now - (190 - id * 12) * day).toISOString();
    const orders: PaymentOrder[] = filled
      ? expenseRows.slice(0, 5).map((row, i) => {
          const [recipient, inn] = i === 0 ? ['Сотрудники по реестру', null] : RECIPIENTS[(i + projectId) % RECIPIENTS.length]!;
          return {
            id: id * 1000 + i + 1,
            number: String(100 + id * 10 + i),
            date: moscowMidnight(`${year}-${String(2 + i).padStart(2, '0')}-1${i}`),
            amount: row.values.fact as number,
            purpose: `${row.name}: оплата по договору № ${projectId}-${i + 1}/${year}`,
            recipient,
            recipientInn: inn,
            expenseCode: row.code,
          };
        })
      : [];
    const report: StoredReport = {
      id,
      projectId,
      projectName: project?.name ?? null,
      year,
      period,
      status,
      statusName: DOC_STATUS_NAMES[status],
      comment: status === 'rejected' || status === 'improved' ? COMMENTS.reject! : null,
      color: STATUS_COLORS[status],
      createdAt: created,
      updatedAt: new Date(now - (100 - id * 5) * day).toISOString(),
      _createdBy: project?.ownerId ?? 7,
      _grantAmount: grant,
      // The Center NTI of a project is that of its employees (seeded right after the reports).
      _centerNtiId: EMPLOYEE_SEED.find((e) => e[4] === projectId)?.[5] ?? null,
      _expense: { [String(year)]: { id: id * 100 + (year % 100), rows: expenseRows, signed: status !== 'draft', signedAt, updatedAt: created } },
      _coFinance: {
        id: id * 100 + 1,
        rows: CO_FINANCE_ITEMS.map(([code, name], i) => ({
          id: i + 1,
          code,
          name,
          parentCode: null,
          unit: 'руб.',
          values: { plan: Math.round(grant * [0.2, 0.05, 0.1][i]!), fact: filled ? Math.round(grant * [0.2, 0.05, 0.1][i]! * periodShare) : null },
          comment: null,
        })),
        signed: status !== 'draft',
        signedAt,
        updatedAt: created,
      },
      _program: {
        id: id * 100 + 2,
        rows: [
          ['1', 'Разработка технического задания и эскизного проекта', `${year}-01-15`, `${year}-03-31`, 'Эскизный проект'],
          ['2', 'Изготовление опытного образца', `${year}-04-01`, `${year}-08-31`, 'Опытный образец, протокол приемки'],
          ['3', 'Испытания и доработка', `${year}-09-01`, `${year}-11-30`, 'Протоколы испытаний'],
          ['4', 'Подготовка к серийному производству', `${year}-12-01`, `${year}-12-25`, 'Комплект технологической документации'],
        ].map(([code, name, from, to, result], i) => ({
          id: i + 1,
          code: code!,
          name: name!,
          parentCode: null,
          unit: null,
          values: { dateFrom: ddmmyyyy(from), dateTo: ddmmyyyy(to), result: result!, done: filled && i < Math.ceil(periodShare * 4) - (status === 'rejected' ? 1 : 0) },
          comment: null,
        })),
        signed: false,
        signedAt: null,
        updatedAt: created,
      },
      _achievement: {
        id: id * 100 + 3,
        rows: [
          ['1', 'Количество опытных образцов', 'шт.', 2, filled ? 2 : null],
          ['2', 'Количество созданных рабочих мест', 'ед.', 4 + projectId, filled ? 3 + projectId : null],
          ['3', 'Выручка от реализации продукции', 'тыс. руб.', 3000 * projectId, filled ? 2500 * projectId : null],
          ['4', 'Количество поданных заявок на РИД', 'ед.', 1, filled ? 1 : null],
        ].map(([code, name, unit, plan, fact], i) => ({ id: i + 1, code: code as string, name: name as string, parentCode: null, unit: unit as string, values: { plan, fact }, comment: null })),
        signed: false,
        signedAt: null,
        updatedAt: created,
      },
      _deviation: {
        items: filled && status !== 'new'
          ? [
              { code: '2', reason: 'Двое специалистов приняты по договорам ГПХ до завершения испытательного срока.', comment: null },
              { code: '3', reason: 'Перенос поставки первой партии заказчику на следующий квартал по его инициативе.', comment: 'Письмо заказчика приложено к отчету.' },
            ]
          : [],
      },
      _paymentOrders: orders,
      _registers: filled
        ? {
            general: orders.slice(0, 3).map((o, i) => ({ id: id * 10000 + i + 1, date: o.date, documentNumber: `ПП-${o.number}`, name: o.purpose ?? '', amount: o.amount, counterparty: o.recipient })),
            education: [{ id: id * 10000 + 11, date: moscowMidnight(`${year}-03-03`), documentNumber: 'Д-5', name: 'Повышение квалификации инженеров', amount: 84000, counterparty: 'АНО ДПО «Технопарк»' }],
            licenses: [{ id: id * 10000 + 21, date: moscowMidnight(`${year}-03-20`), documentNumber: `Л-${year}/4`, name: 'Лицензия на САПР, 12 месяцев', amount: 126000, counterparty: 'ООО «Софтлайн»' }],
            income: projectId % 2 ? [{ id: id * 10000 + 31, date: moscowMidnight(`${year}-06-10`), documentNumber: 'СФ-88', name: 'Выручка от продажи опытной партии', amount: 2500000 * projectId, counterparty: 'АО «Заказчик»' }] : [],
            rid: [{ id: id * 10000 + 41, date: moscowMidnight(`${year}-05-14`), documentNumber: 'ПЛ-1', name: 'Пошлина за подачу заявки на изобретение', amount: 3300, counterparty: 'ФИПС' }],
            'co-finance': [{ id: id * 10000 + 51, date: moscowMidnight(`${year}-02-01`), documentNumber: 'ВП-1', name: 'Взнос собственных средств', amount: Math.round(grant * 0.2 * periodShare), counterparty: project?.counterparty ?? 'Грантополучатель' }],
          }
        : {},
      _balance: { balance: null, grantorRefundable: status === 'finalized-conclusion' ? 12500 : null, comment: null },
      _updated: {
        report: { updatedAt: created, userId: 7 },
        ...(filled
          ? {
              'expense-structure': { updatedAt: created, userId: 7 },
              'co-finance-structure': { updatedAt: created, userId: 7 },
              'payment-orders': { updatedAt: created, userId: 7 },
              'account-register': { updatedAt: created, userId: 7 },
            }
          : {}),
      },
      _signatures: [],
    };
    await reports.insert(report);

    const owner = project?.ownerId ? await loadUser(s, project.ownerId) : null;
    let current: DocStatus = 'draft';
    let t = now - (200 - id * 12) * day;
    await history.insert({ reportId: id, centerNtiId: report._centerNtiId, status: 'draft', comment: 'Отчет создан', userId: owner?.id ?? 7, fullname: owner?.fio ?? 'Петров Алексей Иванович', createdAt: new Date(t).toISOString() });
    for (const action of PATHS[status]) {
      current = REPORT_TRANSITIONS[action]![current]!;
      t += 3 * day;
      // The grantee who sends is the project's owner; the staff steps are the demo manager and monitor.
      const [userId, fullname] = action === 'new' && owner ? [owner.id, owner.fio] : ACTOR[action]!;
      await history.insert({ reportId: id, centerNtiId: report._centerNtiId, status: current, comment: COMMENTS[action] ?? null, userId, fullname, createdAt: new Date(t).toISOString() });
    }
  }
}
