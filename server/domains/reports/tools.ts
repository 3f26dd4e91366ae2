import { conflict, forbidden, notFound, unprocessable } from '../../lib/http';
import { hasRole, type AuthUser, type Services } from '../../lib/services';
import type { Json } from '../../lib/spec';
import { DOC_STATUS_NAMES, STAFF_DECIDE, STAFF_READ, fullNameOf, isProjectMember, isoNow, nextStatus, projectsOf, type DocStatus } from '../projects-v1/model';
import { ACTION_ROLES, type Column, EXPENSE_ITEMS, type HistoryEntry, REPORT_EDITABLE, REPORT_TRANSITIONS, type RegisterType, STATUS_COLORS, type Section, type StoredReport, type TableState, emptyTable, normaliseRows, sum, validateRows } from './model';

/** Shared helpers of the report handlers: access checks, saving with history, workflow actions, tables and registers. */
function createReportTools(s: Services) {
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

  return { reports, history, projects, access, requireEditable, save, writeHistory, act, table, expenseState, spent, balanceOf, visibleReports, saveTable, signTable, register };
}

const toolsByServer = new WeakMap<Services, ReturnType<typeof createReportTools>>();

/** The helpers of one server, made once (every handler group of the domain shares them and their caches). */
export function reportTools(s: Services) {
  let tools = toolsByServer.get(s);
  if (!tools) toolsByServer.set(s, (tools = createReportTools(s)));
  return tools;
}
