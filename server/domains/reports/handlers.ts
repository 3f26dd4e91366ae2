import { JsonReply, conflict, forbidden, unprocessable } from '../../lib/http';
import type { OperationHandlers } from '../../lib/operations';
import { hasRole, type Services } from '../../lib/services';
import type { Json } from '../../lib/spec';
import { DOC_STATUSES, DOC_STATUS_NAMES, STAFF_DECIDE, isProjectMember, isoNow } from '../projects-v1/model';
import { CO_FINANCE_ITEMS, EXPENSE_ITEMS, PERIOD_NAMES, type Period, SECTIONS, STATUS_COLORS, emptyTable, periodRange, toApiReport } from './model';
import { reportTools } from './tools';
import { reportStructureHandlers } from './structures';
import { reportRegisterHandlers } from './registers';
import { reportBalanceHandlers } from './balance';

export function reportsHandlers(s: Services): OperationHandlers {
  const { reports, history, projects, access, requireEditable, save, writeHistory, act, visibleReports } = reportTools(s);
  return {
    ...reportStructureHandlers(s),
    ...reportRegisterHandlers(s),
    ...reportBalanceHandlers(s),
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
    async reportHistoryGet({ params, user }) {
      const { report } = await access(Number(params.id), user, 'read');
      return history.where({ reportId: report.id });
    },
    async reportColorList({ query, user }) {
      return (await visibleReports(user))
        .filter((r) => (query.projectId === undefined || r.projectId === Number(query.projectId)) && (query.year === undefined || r.year === Number(query.year)))
        .map((r) => ({ projectId: r.projectId, reportId: r.id, year: r.year, period: r.period, status: r.status, color: STATUS_COLORS[r.status] }));
    },
    async reportColorStatus() {
      return DOC_STATUSES.map((status) => ({ status, name: DOC_STATUS_NAMES[status], color: STATUS_COLORS[status] }));
    },
  };
}
