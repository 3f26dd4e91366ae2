import { unprocessable, type FieldError } from '../../lib/http';
import type { OperationHandlers } from '../../lib/operations';
import type { Services } from '../../lib/services';
import { isoNow } from '../projects-v1/model';
import { ACHIEVEMENT_COLUMNS, CO_FINANCE_ITEMS, EXPENSE_ITEMS, MONEY_COLUMNS, PAYMENT_STRUCTURE_COLUMNS, PROGRAM_COLUMNS, type Row, type TableState, normaliseRows, sum, validateRows } from './model';
import { reportTools } from './tools';

/** Report structures (SPEC §7 "Reports"): expense, co-finance, program, achievement, deviation tables and their signing. */
export function reportStructureHandlers(s: Services): OperationHandlers {
  const { access, requireEditable, save, table, expenseState, saveTable, signTable } = reportTools(s);
  return {
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
    reportSignExpenseStructure: signTable('expense-structure'),
    reportSignCoFinanceStructure: signTable('co-finance-structure'),
  };
}
