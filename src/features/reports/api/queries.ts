import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { reportKeys } from './keys';
import type { ReportColorFilter, ReportRegisterType } from './types';

/** Reads of a report (SPEC §7 "Reports"); the screens are not shown, these are ready for them. */
const path = (id: number) => ({ params: { path: { id } } });

/** GET /v1/report/{id}. */
export const reportQuery = (id: number) =>
  queryOptions({ queryKey: reportKeys.detail(id), queryFn: () => unwrap(api().main.GET('/v1/report/{id}', path(id))) });

/** GET /v1/report/{id}/general-info. */
export const reportGeneralInfoQuery = (id: number) =>
  queryOptions({ queryKey: reportKeys.section(id, 'general-info'), queryFn: () => unwrap(api().main.GET('/v1/report/{id}/general-info', path(id))) });

/** GET /v1/report/{id}/updated-dates. */
export const reportUpdatedDatesQuery = (id: number) =>
  queryOptions({ queryKey: reportKeys.section(id, 'updated-dates'), queryFn: () => unwrap(api().main.GET('/v1/report/{id}/updated-dates', path(id))) });

/** GET /v1/report/{id}/history — status changes, oldest first. */
export const reportHistoryQuery = (id: number) =>
  queryOptions({ queryKey: reportKeys.section(id, 'history'), queryFn: () => unwrap(api().main.GET('/v1/report/{id}/history', path(id))) });

/** GET /v1/report/{id}/expense-structure?year= (SPEC: "expense-structure (year)"). */
export const reportExpenseStructureQuery = (id: number, year: number) =>
  queryOptions({
    queryKey: reportKeys.section(id, 'expense-structure', year),
    queryFn: () => unwrap(api().main.GET('/v1/report/{id}/expense-structure', { params: { path: { id }, query: { year } } })),
  });

/** GET /v1/report/{id}/co-finance-structure. */
export const reportCoFinanceStructureQuery = (id: number) =>
  queryOptions({ queryKey: reportKeys.section(id, 'co-finance-structure'), queryFn: () => unwrap(api().main.GET('/v1/report/{id}/co-finance-structure', path(id))) });

/** GET /v1/report/{id}/implementation-program. */
export const reportImplementationProgramQuery = (id: number) =>
  queryOptions({ queryKey: reportKeys.section(id, 'implementation-program'), queryFn: () => unwrap(api().main.GET('/v1/report/{id}/implementation-program', path(id))) });

/** GET /v1/report/{id}/achievement-result-structure. */
export const reportAchievementResultStructureQuery = (id: number) =>
  queryOptions({
    queryKey: reportKeys.section(id, 'achievement-result-structure'),
    queryFn: () => unwrap(api().main.GET('/v1/report/{id}/achievement-result-structure', path(id))),
  });

/** GET /v1/report/{id}/achievement-result-deviation-reasons. */
export const reportDeviationReasonsQuery = (id: number) =>
  queryOptions({
    queryKey: reportKeys.section(id, 'achievement-result-deviation-reasons'),
    queryFn: () => unwrap(api().main.GET('/v1/report/{id}/achievement-result-deviation-reasons', path(id))),
  });

/** GET /v1/report/{id}/payment-orders. */
export const reportPaymentOrdersQuery = (id: number) =>
  queryOptions({ queryKey: reportKeys.section(id, 'payment-orders'), queryFn: () => unwrap(api().main.GET('/v1/report/{id}/payment-orders', path(id))) });

/** GET /v1/report/{id}/payment-orders-structure. */
export const reportPaymentOrdersStructureQuery = (id: number) =>
  queryOptions({
    queryKey: reportKeys.section(id, 'payment-orders-structure'),
    queryFn: () => unwrap(api().main.GET('/v1/report/{id}/payment-orders-structure', path(id))),
  });

/** GET /v1/report/{id}/account-register-{general|education|licenses|income|rid|co-finance}. */
export const reportAccountRegisterQuery = (id: number, type: ReportRegisterType) =>
  queryOptions({
    queryKey: reportKeys.section(id, 'account-register', type),
    queryFn: () => {
      const main = api().main;
      const call = {
        general: () => main.GET('/v1/report/{id}/account-register-general', path(id)),
        education: () => main.GET('/v1/report/{id}/account-register-education', path(id)),
        licenses: () => main.GET('/v1/report/{id}/account-register-licenses', path(id)),
        income: () => main.GET('/v1/report/{id}/account-register-income', path(id)),
        rid: () => main.GET('/v1/report/{id}/account-register-rid', path(id)),
        'co-finance': () => main.GET('/v1/report/{id}/account-register-co-finance', path(id)),
      }[type];
      return unwrap(call());
    },
  });

/** GET /v1/report/report-color/list — colour marks of reports (optionally of one project or year). */
export const reportColorsQuery = (filter: ReportColorFilter = {}) =>
  queryOptions({ queryKey: reportKeys.colors(filter), queryFn: () => unwrap(api().main.GET('/v1/report/report-color/list', { params: { query: filter } })) });

/** GET /v1/report/report-color/status — the colour legend of report statuses. */
export const reportStatusColorsQuery = () =>
  queryOptions({ queryKey: reportKeys.statusColors(), queryFn: () => unwrap(api().main.GET('/v1/report/report-color/status')), staleTime: 60 * 60_000 });

/** GET /v1/report/center-nti-report-history (optionally of one Center NTI). */
export const centerNtiReportHistoryQuery = (centerNtiId?: number) =>
  queryOptions({
    queryKey: reportKeys.centerNtiHistory(centerNtiId),
    queryFn: () => unwrap(api().main.GET('/v1/report/center-nti-report-history', { params: { query: centerNtiId ? { centerNtiId } : {} } })),
  });
