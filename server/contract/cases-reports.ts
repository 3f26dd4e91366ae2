import { expect } from 'vitest';
import { fails, file, form, loose, multipart, ok, type CaseTable, type Harness } from './harness';
import { readXlsx, writeXlsx } from '../lib/xlsx-sample';

/** Contract cases of openapi/main.yaml "Reports" (SPEC §7 Reports; statuses and periods SPEC §4). */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const xlsxFile = (rows: (string | number | null)[][]) => file(new Uint8Array(writeXlsx([{ name: 'Лист1', rows }])), 'register.xlsx', XLSX);
const PERIODS = ['first-quarter', 'second-quarter', 'third-quarter', 'annual'] as const;

let slot = 0;
/** A year/period pair no other case uses (a project has one report per period). */
function nextPeriod() {
  slot += 1;
  return { year: 2040 + Math.floor(slot / 4), period: PERIODS[slot % 4]! };
}

const EXPENSE_ROWS = [
  ['1', 'Оплата труда работников', 1_200_000, 300_000],
  ['2', 'Начисления на оплату труда', 362_400, 90_600],
  ['3', 'Материалы и комплектующие', 400_000, 120_000],
  ['4', 'Оборудование', 900_000, 0],
  ['5', 'Услуги сторонних организаций', 500_000, 150_000],
  ['6', 'Командировочные расходы', 100_000, 20_000],
  ['7', 'Прочие расходы', 37_600, 5_000],
] as const;

export async function draftReport(h: Harness, projectId = 1) {
  const c = await h.as('grantee');
  return ok(c.main.POST('/v1/report', { body: { projectId, ...nextPeriod() } }), 201);
}

async function fillExpense(h: Harness, id: number, year: number) {
  const c = await h.as('grantee');
  return ok(
    c.main.POST('/v1/report/{id}/expense-structure', {
      params: { path: { id } },
      body: { year, rows: EXPENSE_ROWS.map(([code, name, plan, fact]) => ({ code, name, values: { plan, fact } })) },
    }),
  );
}

/** A report sent to the manager (status "new"): expense structure filled and signed, then PATCH new. */
export async function sentReport(h: Harness) {
  const report = await draftReport(h);
  const c = await h.as('grantee');
  await fillExpense(h, report.id, report.year);
  await ok(c.main.PATCH('/v1/report/{id}/sign-expense-structure', { params: { path: { id: report.id } }, body: { year: report.year, sign: 'MIAGCSqGSIb3DQEHAqCAMIACAQEx' } }));
  await ok(c.main.PATCH('/v1/report/{id}/new', { params: { path: { id: report.id } } }));
  return report;
}

async function statusOf(h: Harness, id: number) {
  const c = await h.as('manager');
  return (await ok(c.main.GET('/v1/report/{id}', { params: { path: { id } } }))).status;
}

/** Walks a report through actions (each as the role allowed to run it). */
async function walk(h: Harness, id: number, steps: ('review' | 'send-for-approval' | 'accept' | 'ready' | 'finalize' | 'repeat' | 'reject')[]) {
  const manager = await h.as('manager');
  const monitor = await h.as('monitor');
  const path = { params: { path: { id } } };
  for (const step of steps) {
    if (step === 'review') await ok(monitor.main.POST('/v1/report/{id}/review', { ...path, body: { comment: 'Проверено' } }));
    if (step === 'send-for-approval') await ok(manager.main.PATCH('/v1/report/{id}/send-for-approval', { ...path, body: { comment: 'На согласование' } }));
    if (step === 'accept') await ok(manager.main.PATCH('/v1/report/{id}/accept', path));
    if (step === 'ready') await ok(manager.main.PATCH('/v1/report/{id}/ready-to-finalize-conclusion', path));
    if (step === 'finalize') await ok(manager.main.PATCH('/v1/report/{id}/finalize-conclusion', path));
    if (step === 'repeat') await ok(manager.main.PATCH('/v1/report/{id}/repeat-finalize-conclusion', path));
    if (step === 'reject') await ok(manager.main.PATCH('/v1/report/{id}/reject', { ...path, body: { comment: 'Доработать' } }));
  }
}

export const reportsCases: CaseTable = {
  async reportCreate(h) {
    const report = await draftReport(h);
    expect(report).toMatchObject({ projectId: 1, status: 'draft', statusName: 'Черновик' });
    const c = await h.as('grantee');
    await fails(c.main.POST('/v1/report', { body: { projectId: 1, year: report.year, period: report.period } }), 409, 'уже есть');
    await fails(c.main.POST('/v1/report', { body: loose({ projectId: 1, year: 2041, period: 'fourth-quarter' }) }), 422, 'period');
    await fails(c.main.POST('/v1/report', { body: loose({ projectId: 1, period: 'annual' }) }), 422, 'year');
    await fails(c.main.POST('/v1/report', { body: { projectId: 999999, year: 2041, period: 'annual' } }), 422, 'Проект не найден');
    await fails((await h.as('user')).main.POST('/v1/report', { body: { projectId: 1, ...nextPeriod() } }), 403);
  },
  async reportGet(h) {
    const c = await h.as('grantee');
    const report = await ok(c.main.GET('/v1/report/{id}', { params: { path: { id: 1 } } }));
    expect(report).toMatchObject({ id: 1, projectId: 1 });
    await ok((await h.as('monitor')).main.GET('/v1/report/{id}', { params: { path: { id: 1 } } }));
    await fails(c.main.GET('/v1/report/{id}', { params: { path: { id: 999999 } } }), 404);
    await fails((await h.as('user')).main.GET('/v1/report/{id}', { params: { path: { id: 1 } } }), 403);
    await fails(c.main.GET('/v1/report/{id}', { params: { path: loose({ id: 'первый' }) } }), 400);
  },
  async reportUpdate(h) {
    const report = await draftReport(h);
    const c = await h.as('grantee');
    const updated = await ok(c.main.PUT('/v1/report/{id}', { params: { path: { id: report.id } }, body: { comment: 'Уточнены суммы' } }));
    expect(updated.comment).toBe('Уточнены суммы');
    await fails(c.main.PUT('/v1/report/{id}', { params: { path: { id: report.id } }, body: loose({}) }), 422);
    await fails(c.main.PUT('/v1/report/{id}', { params: { path: { id: report.id } }, body: { year: 2025, period: 'first-quarter' } }), 409, 'уже есть');
    // Report 2 (accepted) cannot be edited.
    await fails(c.main.PUT('/v1/report/{id}', { params: { path: { id: 2 } }, body: { comment: 'Нельзя' } }), 409, 'изменить нельзя');
    await fails(c.main.PUT('/v1/report/{id}', { params: { path: { id: 999999 } }, body: { comment: 'x' } }), 404);
  },
  async reportNew(h) {
    const report = await draftReport(h);
    const c = await h.as('grantee');
    await fails(c.main.PATCH('/v1/report/{id}/new', { params: { path: { id: report.id } } }), 409, 'подпишите структуру расходов');
    await fillExpense(h, report.id, report.year);
    await ok(c.main.PATCH('/v1/report/{id}/sign-expense-structure', { params: { path: { id: report.id } } }));
    await fails((await h.as('manager')).main.PATCH('/v1/report/{id}/new', { params: { path: { id: report.id } } }), 403);
    await ok(c.main.PATCH('/v1/report/{id}/new', { params: { path: { id: report.id } } }));
    expect(await statusOf(h, report.id)).toBe('new');
    await fails(c.main.PATCH('/v1/report/{id}/new', { params: { path: { id: report.id } } }), 409, 'Направлен менеджеру');
    await fails(c.main.PATCH('/v1/report/{id}/new', { params: { path: { id: 999999 } } }), 404);
  },
  async reportReview(h) {
    const report = await sentReport(h);
    const grantee = await h.as('grantee');
    await fails(grantee.main.POST('/v1/report/{id}/review', { params: { path: { id: report.id } }, body: { comment: 'Сам' } }), 403);
    await fails((await h.as('monitor')).main.POST('/v1/report/{id}/review', { params: { path: { id: report.id } }, body: loose({}) }), 422);
    await walk(h, report.id, ['review']);
    expect(await statusOf(h, report.id)).toBe('reviewed');
    await fails((await h.as('monitor')).main.POST('/v1/report/{id}/review', { params: { path: { id: report.id } }, body: { comment: 'Дважды' } }), 409);
    // A later review of an accepted report marks it verified.
    await walk(h, report.id, ['send-for-approval', 'accept', 'review']);
    expect(await statusOf(h, report.id)).toBe('verified');
  },
  async reportReject(h) {
    const report = await sentReport(h);
    const manager = await h.as('manager');
    await fails(manager.main.PATCH('/v1/report/{id}/reject', { params: { path: { id: report.id } }, body: loose({ comment: '' }) }), 422);
    await fails((await h.as('monitor')).main.PATCH('/v1/report/{id}/reject', { params: { path: { id: report.id } }, body: { comment: 'Монитор не отклоняет' } }), 403);
    await walk(h, report.id, ['reject']);
    const after = await ok(manager.main.GET('/v1/report/{id}', { params: { path: { id: report.id } } }));
    expect(after).toMatchObject({ status: 'rejected', comment: 'Доработать' });
    // Rejected → editable → resent as "improved".
    const c = await h.as('grantee');
    await ok(c.main.PUT('/v1/report/{id}', { params: { path: { id: report.id } }, body: { comment: 'Исправлено' } }));
    await ok(c.main.PATCH('/v1/report/{id}/new', { params: { path: { id: report.id } } }));
    expect(await statusOf(h, report.id)).toBe('improved');
    await fails(manager.main.PATCH('/v1/report/{id}/reject', { params: { path: { id: 1 } }, body: { comment: 'Финальный' } }), 409);
  },
  async reportSendForApproval(h) {
    const report = await sentReport(h);
    const manager = await h.as('manager');
    await fails(manager.main.PATCH('/v1/report/{id}/send-for-approval', { params: { path: { id: report.id } }, body: { comment: 'Рано' } }), 409);
    await walk(h, report.id, ['review', 'send-for-approval']);
    expect(await statusOf(h, report.id)).toBe('send-for-approve');
    await fails(manager.main.PATCH('/v1/report/{id}/send-for-approval', { params: { path: { id: report.id } }, body: loose({ text: 'x' }) }), 422);
  },
  async reportAccept(h) {
    const report = await sentReport(h);
    const manager = await h.as('manager');
    await fails(manager.main.PATCH('/v1/report/{id}/accept', { params: { path: { id: report.id } } }), 409);
    await walk(h, report.id, ['review', 'send-for-approval']);
    await fails((await h.as('grantee')).main.PATCH('/v1/report/{id}/accept', { params: { path: { id: report.id } } }), 403);
    await walk(h, report.id, ['accept']);
    expect(await statusOf(h, report.id)).toBe('accepted');
  },
  async reportReadyToFinalizeConclusion(h) {
    const report = await sentReport(h);
    const manager = await h.as('manager');
    await fails(manager.main.PATCH('/v1/report/{id}/ready-to-finalize-conclusion', { params: { path: { id: report.id } } }), 409);
    await walk(h, report.id, ['review', 'send-for-approval', 'accept', 'ready']);
    expect(await statusOf(h, report.id)).toBe('ready-to-finalize-conclusion');
  },
  async reportFinalizeConclusion(h) {
    const report = await sentReport(h);
    const manager = await h.as('manager');
    await fails(manager.main.PATCH('/v1/report/{id}/finalize-conclusion', { params: { path: { id: report.id } } }), 409);
    await walk(h, report.id, ['review', 'send-for-approval', 'accept', 'ready', 'finalize']);
    expect(await statusOf(h, report.id)).toBe('finalized-conclusion');
    await fails(manager.main.PATCH('/v1/report/{id}/finalize-conclusion', { params: { path: { id: 999999 } } }), 404);
  },
  async reportRepeatFinalizeConclusion(h) {
    const report = await sentReport(h);
    const manager = await h.as('manager');
    await fails(manager.main.PATCH('/v1/report/{id}/repeat-finalize-conclusion', { params: { path: { id: report.id } } }), 409);
    await walk(h, report.id, ['review', 'send-for-approval', 'accept', 'ready', 'finalize', 'repeat']);
    expect(await statusOf(h, report.id)).toBe('repeat-finalize-conclusion');
    await walk(h, report.id, ['finalize']);
    expect(await statusOf(h, report.id)).toBe('finalized-conclusion');
    const history = await ok(manager.main.GET('/v1/report/{id}/history', { params: { path: { id: report.id } } }));
    expect(history.map((e) => e.status)).toEqual(['draft', 'new', 'reviewed', 'send-for-approve', 'accepted', 'ready-to-finalize-conclusion', 'finalized-conclusion', 'repeat-finalize-conclusion', 'finalized-conclusion']);
  },

  async reportPaymentOrdersStructureGet(h) {
    const c = await h.as('grantee');
    const structure = await ok(c.main.GET('/v1/report/{id}/payment-orders-structure', { params: { path: { id: 2 } } }));
    const orders = await ok(c.main.GET('/v1/report/{id}/payment-orders', { params: { path: { id: 2 } } }));
    const total = structure.rows.reduce((a, r) => a + Number(r.values.amount ?? 0), 0);
    expect(total).toBeCloseTo(orders.items.reduce((a, o) => a + o.amount, 0), 2);
    await fails(c.main.GET('/v1/report/{id}/payment-orders-structure', { params: { path: { id: 999999 } } }), 404);
  },
  async reportUpdatedDatesGet(h) {
    const report = await draftReport(h);
    const c = await h.as('grantee');
    const before = await ok(c.main.GET('/v1/report/{id}/updated-dates', { params: { path: { id: report.id } } }));
    expect(before.items.find((i) => i.section === 'expense-structure')?.updatedAt).toBeNull();
    await fillExpense(h, report.id, report.year);
    const after = await ok(c.main.GET('/v1/report/{id}/updated-dates', { params: { path: { id: report.id } } }));
    expect(after.items.find((i) => i.section === 'expense-structure')).toMatchObject({ updatedAt: expect.any(String), userId: 7 });
    await fails(c.main.GET('/v1/report/{id}/updated-dates', { params: { path: { id: 999999 } } }), 404);
  },
  async reportGeneralInfoGet(h) {
    const c = await h.as('grantee');
    const info = await ok(c.main.GET('/v1/report/{id}/general-info', { params: { path: { id: 2 } } }));
    expect(info).toMatchObject({ reportId: 2, projectId: 1, year: 2025, period: 'first-quarter', dateFrom: '2025-01-01T00:00:00+03:00', dateTo: '2025-03-31T00:00:00+03:00' });
    await fails((await h.as('user')).main.GET('/v1/report/{id}/general-info', { params: { path: { id: 2 } } }), 403);
  },
  async reportExpenseStructureGet(h) {
    const c = await h.as('grantee');
    const table = await ok(c.main.GET('/v1/report/{id}/expense-structure', { params: { path: { id: 2 }, query: { year: 2025 } } }));
    expect(table).toMatchObject({ reportId: 2, year: 2025, signed: true });
    expect(table.rows).toHaveLength(7);
    const other = await ok(c.main.GET('/v1/report/{id}/expense-structure', { params: { path: { id: 2 }, query: { year: 2026 } } }));
    expect(other.rows.every((r) => r.values.plan === null)).toBe(true);
    await fails(c.main.GET('/v1/report/{id}/expense-structure', { params: { path: { id: 2 }, query: loose({}) } }), 400);
    await fails(c.main.GET('/v1/report/{id}/expense-structure', { params: { path: { id: 2 }, query: { year: 1999 } } }), 400);
  },
  async reportExpenseStructureSave(h) {
    const report = await draftReport(h);
    const c = await h.as('grantee');
    const saved = await fillExpense(h, report.id, report.year);
    expect(saved).toMatchObject({ signed: false, year: report.year });
    expect(saved.rows[0]?.values).toEqual({ plan: 1_200_000, fact: 300_000 });
    const bad = await fails(
      c.main.POST('/v1/report/{id}/expense-structure', { params: { path: { id: report.id } }, body: { rows: [{ code: '1', name: 'Оплата', values: { plan: -5 } }, { code: '99', name: 'Новая', values: {} }] } }),
      422,
    );
    expect(bad.errors?.map((e) => e.valueIndex)).toEqual([0, 1]);
    await fails(c.main.POST('/v1/report/{id}/expense-structure', { params: { path: { id: report.id } }, body: loose({ year: 2025 }) }), 422);
    await fails(c.main.POST('/v1/report/{id}/expense-structure', { params: { path: { id: 2 } }, body: { rows: [] } }), 409);
  },
  async reportPaymentOrdersGet(h) {
    const c = await h.as('grantee');
    const orders = await ok(c.main.GET('/v1/report/{id}/payment-orders', { params: { path: { id: 2 } } }));
    expect(orders.items.length).toBeGreaterThan(0);
    await fails(c.main.GET('/v1/report/{id}/payment-orders', { params: { path: { id: 999999 } } }), 404);
  },
  ...Object.fromEntries(
    (
      [
        ['reportAccountRegisterGeneralGet', 'general'],
        ['reportAccountRegisterEducationGet', 'education'],
        ['reportAccountRegisterLicensesGet', 'licenses'],
        ['reportAccountRegisterIncomeGet', 'income'],
        ['reportAccountRegisterRidGet', 'rid'],
        ['reportAccountRegisterCoFinanceGet', 'co-finance'],
      ] as const
    ).map(([op, type]) => [
      op,
      async (h: Harness) => {
        const c = await h.as('grantee');
        const path = `/v1/report/{id}/account-register-${type}` as '/v1/report/{id}/account-register-general';
        const register = await ok(c.main.GET(path, { params: { path: { id: 2 } } }));
        expect(register.type).toBe(type);
        expect(register.total).toBeCloseTo(register.items.reduce((a, i) => a + (i.amount ?? 0), 0), 2);
        await fails(c.main.GET(path, { params: { path: { id: 999999 } } }), 404);
        await fails((await h.as('user')).main.GET(path, { params: { path: { id: 2 } } }), 403);
      },
    ]),
  ),
  async reportHistoryGet(h) {
    const c = await h.as('grantee');
    const history = await ok(c.main.GET('/v1/report/{id}/history', { params: { path: { id: 1 } } }));
    expect(history.map((e) => e.status)).toEqual(['draft', 'new', 'reviewed', 'send-for-approve', 'accepted', 'ready-to-finalize-conclusion', 'finalized-conclusion']);
    await fails(c.main.GET('/v1/report/{id}/history', { params: { path: { id: 999999 } } }), 404);
  },
  async reportCoFinanceStructureGet(h) {
    const c = await h.as('grantee');
    const table = await ok(c.main.GET('/v1/report/{id}/co-finance-structure', { params: { path: { id: 2 } } }));
    expect(table.rows.map((r) => r.code)).toEqual(['1', '2', '3']);
    await fails(c.main.GET('/v1/report/{id}/co-finance-structure', { params: { path: { id: 999999 } } }), 404);
  },
  async reportCoFinanceStructureSave(h) {
    const report = await draftReport(h);
    const c = await h.as('grantee');
    const saved = await ok(c.main.POST('/v1/report/{id}/co-finance-structure', { params: { path: { id: report.id } }, body: { rows: [{ code: '1', name: 'Собственные средства', values: { plan: 500_000, fact: 120_000 } }] } }));
    expect(saved.rows).toHaveLength(1);
    await fails(c.main.POST('/v1/report/{id}/co-finance-structure', { params: { path: { id: report.id } }, body: { rows: [{ code: '1', name: 'x', values: { plan: 'много' } }] } }), 422, 'неотрицательным числом');
    await fails(c.main.POST('/v1/report/{id}/co-finance-structure', { params: { path: { id: 1 } }, body: { rows: [] } }), 409);
  },
  async reportImplementationProgramGet(h) {
    const c = await h.as('grantee');
    const table = await ok(c.main.GET('/v1/report/{id}/implementation-program', { params: { path: { id: 2 } } }));
    expect(table.columns?.map((col) => col.code)).toEqual(['dateFrom', 'dateTo', 'result', 'done']);
    await fails(c.main.GET('/v1/report/{id}/implementation-program', { params: { path: { id: 999999 } } }), 404);
  },
  async reportImplementationProgramSave(h) {
    const report = await draftReport(h);
    const c = await h.as('grantee');
    const rows = [{ code: '1', name: 'Изготовление опытного образца', values: { dateFrom: '01.04.2041', dateTo: '31.08.2041', result: 'Опытный образец', done: false } }];
    expect((await ok(c.main.POST('/v1/report/{id}/implementation-program', { params: { path: { id: report.id } }, body: { rows } }))).rows).toHaveLength(1);
    await fails(
      c.main.POST('/v1/report/{id}/implementation-program', { params: { path: { id: report.id } }, body: { rows: [{ ...rows[0]!, values: { ...rows[0]!.values, dateTo: '01.01.2041' } }] } }),
      422,
      'Окончание раньше начала',
    );
    await fails(c.main.POST('/v1/report/{id}/implementation-program', { params: { path: { id: report.id } }, body: { rows: [{ ...rows[0]!, values: { done: 'да' } }] } }), 422);
  },
  async reportAchievementResultStructureGet(h) {
    const c = await h.as('grantee');
    const table = await ok(c.main.GET('/v1/report/{id}/achievement-result-structure', { params: { path: { id: 2 } } }));
    expect(table.rows.length).toBeGreaterThan(0);
    await fails(c.main.GET('/v1/report/{id}/achievement-result-structure', { params: { path: { id: 999999 } } }), 404);
  },
  async reportDeviationReasonsGet(h) {
    const c = await h.as('grantee');
    const reasons = await ok(c.main.GET('/v1/report/{id}/achievement-result-deviation-reasons', { params: { path: { id: 2 } } }));
    expect(reasons.items.length).toBeGreaterThan(0);
    await fails(c.main.GET('/v1/report/{id}/achievement-result-deviation-reasons', { params: { path: { id: 999999 } } }), 404);
  },
  async reportDeviationReasonsSave(h) {
    // Report 3 (a filled draft of project 1) has indicators below plan: codes 2 and 3.
    const c = await h.as('grantee');
    const saved = await ok(c.main.POST('/v1/report/{id}/achievement-result-deviation-reasons', { params: { path: { id: 3 } }, body: { items: [{ code: '2', reason: 'Сотрудники приняты позже плана' }] } }));
    expect(saved.items).toEqual([{ code: '2', reason: 'Сотрудники приняты позже плана', comment: null }]);
    const bad = await fails(
      c.main.POST('/v1/report/{id}/achievement-result-deviation-reasons', { params: { path: { id: 3 } }, body: { items: [{ code: '1', reason: 'Достигнут' }, { code: '42', reason: 'Нет такого' }, { code: '3', reason: ' ' }] } }),
      422,
    );
    expect(bad.errors?.map((e) => e.valueIndex)).toEqual([0, 1, 2]);
    await fails(c.main.POST('/v1/report/{id}/achievement-result-deviation-reasons', { params: { path: { id: 2 } }, body: { items: [] } }), 409);
  },
  async reportLoadAccountingRegister(h) {
    const report = await draftReport(h);
    const c = await h.as('grantee');
    const template = await ok(c.main.GET('/v1/report/template', { params: { query: { templateType: 'accounting-register' } }, parseAs: 'blob' }));
    const outcome = await ok(
      c.main.POST('/v1/report/{id}/load-accounting-register', { params: { path: { id: report.id } }, body: loose(form({ file: file(new Uint8Array(await (template as unknown as Blob).arrayBuffer()), 'reg.xlsx', XLSX) })), ...multipart }),
    );
    expect(outcome).toMatchObject({ success: true, imported: 3 });
    const general = await ok(c.main.GET('/v1/report/{id}/account-register-general', { params: { path: { id: report.id } } }));
    expect(general.items[0]).toMatchObject({ name: 'Оплата услуг по испытаниям опытного образца', amount: 350000, date: '2025-02-15T00:00:00+03:00' });
    const bad = await ok(
      c.main.POST('/v1/report/{id}/load-accounting-register', {
        params: { path: { id: report.id } },
        body: loose(form({ file: xlsxFile([['Реестр', 'Дата', 'Наименование', 'Сумма'], ['Неведомый', '32.01.2025', null, 'много']]) })),
        ...multipart,
      }),
    );
    expect(bad).toMatchObject({ success: false, imported: 0, skipped: 1 });
    expect(bad.errors.map((e) => e.field)).toEqual(['Реестр', 'Наименование', 'Сумма', 'Дата']);
    await fails(c.main.POST('/v1/report/{id}/load-accounting-register', { params: { path: { id: report.id } }, body: loose(form({ file: xlsxFile([['Сумма'], [1]]) })), ...multipart }), 422, 'нет столбца');
    await fails(c.main.POST('/v1/report/{id}/load-accounting-register', { params: { path: { id: 2 } }, body: loose(form({ file: xlsxFile([['Реестр', 'Наименование'], ['Общий', 'x']]) })), ...multipart }), 409);
  },
  async reportLoadPaymentOrderRegister(h) {
    const report = await draftReport(h);
    const c = await h.as('grantee');
    const csv = 'Номер;Дата;Сумма;Назначение платежа;Получатель;ИНН получателя;Статья расходов\n201;10.02.2041;"450 000,00";Заработная плата;Сотрудники;;1\n202;12.02.2041;135900;Взносы;УФК;5406011111;2\n';
    const outcome = await ok(c.main.POST('/v1/report/{id}/load-payment-order-register', { params: { path: { id: report.id } }, body: loose(form({ file: file(csv, 'orders.csv', 'text/csv') })), ...multipart }));
    expect(outcome).toMatchObject({ success: true, imported: 2 });
    const orders = await ok(c.main.GET('/v1/report/{id}/payment-orders', { params: { path: { id: report.id } } }));
    expect(orders.items.map((o) => o.amount)).toEqual([450000, 135900]);
    const structure = await ok(c.main.GET('/v1/report/{id}/payment-orders-structure', { params: { path: { id: report.id } } }));
    expect(structure.rows.find((r) => r.code === '1')?.values).toMatchObject({ count: 1, amount: 450000 });
    const bad = await ok(
      c.main.POST('/v1/report/{id}/load-payment-order-register', {
        params: { path: { id: report.id } },
        body: loose(form({ file: xlsxFile([['Номер', 'Сумма', 'ИНН получателя', 'Статья расходов'], [null, -1, '12', '99']]) })),
        ...multipart,
      }),
    );
    expect(bad.errors.map((e) => e.field)).toEqual(['Номер', 'Сумма', 'ИНН получателя', 'Статья расходов']);
    // A failed load keeps the previous orders.
    expect((await ok(c.main.GET('/v1/report/{id}/payment-orders', { params: { path: { id: report.id } } }))).items).toHaveLength(2);
    await fails(c.main.POST('/v1/report/{id}/load-payment-order-register', { params: { path: { id: report.id } }, body: loose(form({})), ...multipart }), 422, 'file');
  },
  async reportGrantBalancePdf(h) {
    const c = await h.as('grantee');
    const blob = await ok(c.main.GET('/v1/report/{id}/grant-balance', { params: { path: { id: 2 } }, parseAs: 'blob' }));
    expect(Buffer.from(await (blob as unknown as Blob).arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    await fails(c.main.GET('/v1/report/{id}/grant-balance', { params: { path: { id: 999999 } }, parseAs: 'blob' }), 404);
  },
  async reportColorList(h) {
    const c = await h.as('grantee');
    const list = await ok(c.main.GET('/v1/report/report-color/list', { params: { query: { projectId: 1, year: 2025 } } }));
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r) => r.projectId === 1 && r.year === 2025)).toBe(true);
    const other = await ok((await h.as('user')).main.GET('/v1/report/report-color/list', { params: { query: { projectId: 1 } } }));
    expect(other).toEqual([]);
    await fails(c.main.GET('/v1/report/report-color/list', { params: { query: { year: 1900 } } }), 400);
  },
  async reportColorStatus(h) {
    const c = await h.as('grantee');
    const legend = await ok(c.main.GET('/v1/report/report-color/status'));
    expect(legend).toHaveLength(11);
    await fails(h.anon.main.GET('/v1/report/report-color/status'), 401);
  },
  async reportTemplateDownload(h) {
    const c = await h.as('grantee');
    const blob = await ok(c.main.GET('/v1/report/template', { parseAs: 'blob' }));
    expect(readXlsx(Buffer.from(await (blob as unknown as Blob).arrayBuffer()))[0]).toEqual(['Код', 'Статья расходов', 'План, руб.', 'Факт, руб.']);
    await fails(c.main.GET('/v1/report/template', { params: { query: { templateType: 'nope' } }, parseAs: 'blob' }), 404);
    await fails(c.main.GET('/v1/report/template', { params: { query: { templateType: '' } }, parseAs: 'blob' }), 400);
  },
  async reportSignExpenseStructure(h) {
    const report = await draftReport(h);
    const c = await h.as('grantee');
    await fails(c.main.PATCH('/v1/report/{id}/sign-expense-structure', { params: { path: { id: report.id } } }), 409, 'не заполнена');
    await fillExpense(h, report.id, report.year);
    await ok(c.main.PATCH('/v1/report/{id}/sign-expense-structure', { params: { path: { id: report.id } }, body: { year: report.year } }));
    expect((await ok(c.main.GET('/v1/report/{id}/expense-structure', { params: { path: { id: report.id }, query: { year: report.year } } }))).signed).toBe(true);
    await fails(c.main.PATCH('/v1/report/{id}/sign-expense-structure', { params: { path: { id: report.id } } }), 409, 'уже подписана');
    await fails(c.main.PATCH('/v1/report/{id}/sign-expense-structure', { params: { path: { id: report.id } }, body: loose({ year: 'этот' }) }), 422);
  },
  async reportSignCoFinanceStructure(h) {
    const report = await draftReport(h);
    const c = await h.as('grantee');
    await fails(c.main.PATCH('/v1/report/{id}/sign-co-finance-structure', { params: { path: { id: report.id } } }), 409, 'не заполнена');
    await ok(c.main.POST('/v1/report/{id}/co-finance-structure', { params: { path: { id: report.id } }, body: { rows: [{ code: '1', name: 'Собственные средства', values: { plan: 100, fact: 50 } }] } }));
    await ok(c.main.PATCH('/v1/report/{id}/sign-co-finance-structure', { params: { path: { id: report.id } } }));
    await fails(c.main.PATCH('/v1/report/{id}/sign-co-finance-structure', { params: { path: { id: 999999 } } }), 404);
  },
  async reportBalanceSave(h) {
    const c = await h.as('grantee');
    // Report 3 is a draft of project 1 (grant 20 000 000 ₽).
    const saved = await ok(c.main.POST('/v1/report/{id}/balance', { params: { path: { id: 3 } }, body: { balance: 1_500_000, comment: 'Остаток на 30.06' } }));
    expect(saved).toMatchObject({ reportId: 3, balance: 1_500_000, grantAmount: 20_000_000, comment: 'Остаток на 30.06' });
    await fails(c.main.POST('/v1/report/{id}/balance', { params: { path: { id: 3 } }, body: { balance: -1 } }), 422, 'отрицательным');
    await fails(c.main.POST('/v1/report/{id}/balance', { params: { path: { id: 3 } }, body: { balance: 99_000_000 } }), 422, 'размер гранта');
    await fails(c.main.POST('/v1/report/{id}/balance', { params: { path: { id: 3 } }, body: loose({ balance: 'много' }) }), 422);
    await fails(c.main.POST('/v1/report/{id}/balance', { params: { path: { id: 2 } }, body: { balance: 1 } }), 409);
  },
  async reportGrantorRefundableSave(h) {
    const report = await draftReport(h, 3);
    const c = await h.as('grantee');
    await ok(c.main.POST('/v1/report/{id}/balance', { params: { path: { id: report.id } }, body: { balance: 0 } }));
    await fails(c.main.POST('/v1/report/{id}/grantor-refundable', { params: { path: { id: report.id } }, body: { amount: 10 } }), 422, 'превышать остаток');
    const seeded = await ok(c.main.POST('/v1/report/{id}/grantor-refundable', { params: { path: { id: 3 } }, body: { amount: 12_500, comment: 'Неиспользованный остаток' } }));
    expect(seeded).toMatchObject({ grantorRefundable: 12_500 });
    await fails(c.main.POST('/v1/report/{id}/grantor-refundable', { params: { path: { id: 3 } }, body: loose({}) }), 422);
  },
  async reportCenterNtiHistoryGet(h) {
    const c = await h.as('manager');
    const all = await ok(c.main.GET('/v1/report/center-nti-report-history'));
    expect(all.length).toBeGreaterThan(0);
    const one = await ok(c.main.GET('/v1/report/center-nti-report-history', { params: { query: { centerNtiId: 1 } } }));
    expect(one.every((e) => e.centerNtiId === 1)).toBe(true);
    // The seeded reports of project 1 (its employees work with Center NTI 1) are in it with their whole history.
    expect(one.filter((e) => e.reportId === 1).map((e) => e.status)).toEqual(['draft', 'new', 'reviewed', 'send-for-approve', 'accepted', 'ready-to-finalize-conclusion', 'finalized-conclusion']);
    await fails(c.main.GET('/v1/report/center-nti-report-history', { params: { query: loose({ centerNtiId: 'первый' }) } }), 400);
  },
};
