import { describe, expect, it } from 'vitest';
import { expectRequest, read, recordRequests } from '@/lib/api/request-recorder';
import { reportQuery, reportExpenseStructureQuery, reportAccountRegisterQuery, reportColorsQuery, centerNtiReportHistoryQuery, reportStatusColorsQuery, reportGeneralInfoQuery, reportUpdatedDatesQuery, reportHistoryQuery, reportCoFinanceStructureQuery, reportImplementationProgramQuery, reportAchievementResultStructureQuery, reportDeviationReasonsQuery, reportPaymentOrdersQuery, reportPaymentOrdersStructureQuery } from './queries';
import { createReport, runReportAction, updateReport, type ReportActionInput } from './report-lifecycle';
import { saveDeviationReasons, saveGrantorRefundable, saveReportBalance, saveReportTable, signReportStructure } from './report-sections';
import { downloadGrantBalance, downloadReportTemplate, loadReportRegister } from './report-files';

/**
 * Checks that every call of this feature's API modules sends the request the spec describes (method, path, query,
 * body, bearer token, binary answers as Blob) — without a server: fetch is replaced by a recorder.
 */
recordRequests();


describe('reports API modules', () => {
  it.each([
    ['report', () => read(reportQuery(5)), '/main/v1/report/5'],
    ['general info', () => read(reportGeneralInfoQuery(5)), '/main/v1/report/5/general-info'],
    ['updated dates', () => read(reportUpdatedDatesQuery(5)), '/main/v1/report/5/updated-dates'],
    ['history', () => read(reportHistoryQuery(5)), '/main/v1/report/5/history'],
    ['expense structure', () => read(reportExpenseStructureQuery(5, 2026)), '/main/v1/report/5/expense-structure?year=2026'],
    ['co-finance', () => read(reportCoFinanceStructureQuery(5)), '/main/v1/report/5/co-finance-structure'],
    ['program', () => read(reportImplementationProgramQuery(5)), '/main/v1/report/5/implementation-program'],
    ['achievement', () => read(reportAchievementResultStructureQuery(5)), '/main/v1/report/5/achievement-result-structure'],
    ['deviation reasons', () => read(reportDeviationReasonsQuery(5)), '/main/v1/report/5/achievement-result-deviation-reasons'],
    ['payment orders', () => read(reportPaymentOrdersQuery(5)), '/main/v1/report/5/payment-orders'],
    ['payment orders structure', () => read(reportPaymentOrdersStructureQuery(5)), '/main/v1/report/5/payment-orders-structure'],
    ['register general', () => read(reportAccountRegisterQuery(5, 'general')), '/main/v1/report/5/account-register-general'],
    ['register co-finance', () => read(reportAccountRegisterQuery(5, 'co-finance')), '/main/v1/report/5/account-register-co-finance'],
    ['register rid', () => read(reportAccountRegisterQuery(5, 'rid')), '/main/v1/report/5/account-register-rid'],
    ['colours', () => read(reportColorsQuery({ projectId: 2, year: 2026 })), '/main/v1/report/report-color/list?projectId=2&year=2026'],
    ['status colours', () => read(reportStatusColorsQuery()), '/main/v1/report/report-color/status'],
    ['center NTI history', () => read(centerNtiReportHistoryQuery(3)), '/main/v1/report/center-nti-report-history?centerNtiId=3'],
  ])('reads %s', (_name, call, path) => expectRequest(call, { method: 'GET', path }));

  it.each<[ReportActionInput, string, string, unknown]>([
    [{ id: 5, action: 'new' }, 'PATCH', '/main/v1/report/5/new', null],
    [{ id: 5, action: 'accept' }, 'PATCH', '/main/v1/report/5/accept', null],
    [{ id: 5, action: 'reject', comment: 'Нет смет' }, 'PATCH', '/main/v1/report/5/reject', { comment: 'Нет смет' }],
    [{ id: 5, action: 'send-for-approval' }, 'PATCH', '/main/v1/report/5/send-for-approval', { comment: '' }],
    [{ id: 5, action: 'review', comment: 'ок' }, 'POST', '/main/v1/report/5/review', { comment: 'ок' }],
    [{ id: 5, action: 'ready-to-finalize-conclusion' }, 'PATCH', '/main/v1/report/5/ready-to-finalize-conclusion', null],
    [{ id: 5, action: 'finalize-conclusion' }, 'PATCH', '/main/v1/report/5/finalize-conclusion', null],
    [{ id: 5, action: 'repeat-finalize-conclusion' }, 'PATCH', '/main/v1/report/5/repeat-finalize-conclusion', null],
  ])('runs action %j', (input, method, path, json) => expectRequest(() => runReportAction(input), { method, path, json }));

  it('creates and updates a report', async () => {
    await expectRequest(() => createReport({ projectId: 1, year: 2026, period: 'annual' }), { method: 'POST', path: '/main/v1/report', json: { projectId: 1, year: 2026, period: 'annual' } });
    await expectRequest(() => updateReport({ id: 5, comment: 'x' }), { method: 'PUT', path: '/main/v1/report/5', json: { comment: 'x' } });
  });

  it('saves sections and signs structures', async () => {
    const table = { year: 2026, rows: [{ code: '1', name: 'Оплата труда', values: { plan: 1, fact: 0 } }] };
    await expectRequest(() => saveReportTable({ id: 5, section: 'expense-structure', table }), { method: 'POST', path: '/main/v1/report/5/expense-structure', json: table });
    await expectRequest(() => saveReportTable({ id: 5, section: 'co-finance-structure', table }), { method: 'POST', path: '/main/v1/report/5/co-finance-structure', json: table });
    await expectRequest(() => saveReportTable({ id: 5, section: 'implementation-program', table }), { method: 'POST', path: '/main/v1/report/5/implementation-program', json: table });
    await expectRequest(() => saveDeviationReasons({ id: 5, items: [{ code: '2', reason: 'Поздно' }] }), { method: 'POST', path: '/main/v1/report/5/achievement-result-deviation-reasons', json: { items: [{ code: '2', reason: 'Поздно' }] } });
    await expectRequest(() => signReportStructure({ id: 5, structure: 'expense', year: 2026 }), { method: 'PATCH', path: '/main/v1/report/5/sign-expense-structure', json: { year: 2026 } });
    await expectRequest(() => signReportStructure({ id: 5, structure: 'co-finance' }), { method: 'PATCH', path: '/main/v1/report/5/sign-co-finance-structure', json: {} });
    await expectRequest(() => saveReportBalance({ id: 5, balance: 10 }), { method: 'POST', path: '/main/v1/report/5/balance', json: { balance: 10 } });
    await expectRequest(() => saveGrantorRefundable({ id: 5, amount: 3 }), { method: 'POST', path: '/main/v1/report/5/grantor-refundable', json: { amount: 3 } });
  });

  it('uploads registers as multipart and downloads files as Blob', async () => {
    const file = new File(['a;b'], 'реестр.csv', { type: 'text/csv' });
    await expectRequest(() => loadReportRegister({ id: 5, register: 'accounting', file }), { method: 'POST', path: '/main/v1/report/5/load-accounting-register', form: { file: ['file:реестр.csv'] } });
    await expectRequest(() => loadReportRegister({ id: 5, register: 'payment-order', file }), { method: 'POST', path: '/main/v1/report/5/load-payment-order-register', form: { file: ['file:реестр.csv'] } });
    await expectRequest(async () => expect(await downloadGrantBalance(5)).toBeInstanceOf(Blob), { method: 'GET', path: '/main/v1/report/5/grant-balance' });
    await expectRequest(() => downloadReportTemplate('payment-order-register'), { method: 'GET', path: '/main/v1/report/template?templateType=payment-order-register' });
  });
});
