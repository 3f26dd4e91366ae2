import { fileReply, unprocessable, type FieldError } from '../../lib/http';
import type { OperationHandlers } from '../../lib/operations';
import type { Services } from '../../lib/services';
import { renderPdf, rub } from '../../lib/pdf-sample';
import { DOC_STATUS_NAMES, ddmmyyyy } from '../projects-v1/model';
import { PERIOD_NAMES } from './model';
import { reportTools } from './tools';

/** Grant balance: the PDF, the balance and refundable amounts, the Center NTI history. */
export function reportBalanceHandlers(s: Services): OperationHandlers {
  const { history, access, requireEditable, save, balanceOf, visibleReports } = reportTools(s);
  return {
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
