import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { reportKeys } from './keys';
import type { ReportBalanceInput, ReportDeviationReasonsInput, ReportGrantorRefundableInput, ReportSignInput, ReportTableInput } from './types';

/** Saves and signatures of report sections; each invalidates the report (sections share its key). */

export type ReportTableSection = 'expense-structure' | 'co-finance-structure' | 'implementation-program';

/** POST /v1/report/{id}/expense-structure | co-finance-structure | implementation-program (a table {year?, rows}). */
export function saveReportTable({ id, section, table }: { id: number; section: ReportTableSection; table: ReportTableInput }) {
  const main = api().main;
  const request = { params: { path: { id } }, body: table };
  if (section === 'expense-structure') return unwrap(main.POST('/v1/report/{id}/expense-structure', request));
  if (section === 'co-finance-structure') return unwrap(main.POST('/v1/report/{id}/co-finance-structure', request));
  return unwrap(main.POST('/v1/report/{id}/implementation-program', request));
}

/** POST /v1/report/{id}/achievement-result-deviation-reasons {items: [{code, reason, comment?}]}. */
export function saveDeviationReasons({ id, ...body }: ReportDeviationReasonsInput & { id: number }) {
  return unwrap(api().main.POST('/v1/report/{id}/achievement-result-deviation-reasons', { params: { path: { id } }, body }));
}

/** PATCH /v1/report/{id}/sign-expense-structure | sign-co-finance-structure {year?, sign?}. */
export function signReportStructure({ id, structure, ...body }: ReportSignInput & { id: number; structure: 'expense' | 'co-finance' }) {
  const request = { params: { path: { id } }, body };
  return structure === 'expense'
    ? unwrap(api().main.PATCH('/v1/report/{id}/sign-expense-structure', request))
    : unwrap(api().main.PATCH('/v1/report/{id}/sign-co-finance-structure', request));
}

/** POST /v1/report/{id}/balance {balance, comment?}. */
export function saveReportBalance({ id, ...body }: ReportBalanceInput & { id: number }) {
  return unwrap(api().main.POST('/v1/report/{id}/balance', { params: { path: { id } }, body }));
}

/** POST /v1/report/{id}/grantor-refundable {amount, comment?}. */
export function saveGrantorRefundable({ id, ...body }: ReportGrantorRefundableInput & { id: number }) {
  return unwrap(api().main.POST('/v1/report/{id}/grantor-refundable', { params: { path: { id } }, body }));
}

const invalidateReport = (key: string) => ({
  mutationKey: [...reportKeys.all, key],
  onSuccess: (_answer: unknown, input: { id: number }, _result: unknown, { client }: { client: QueryClient }) =>
    client.invalidateQueries({ queryKey: reportKeys.detail(input.id) }),
});

export const saveReportTableMutation = () => mutationOptions({ ...invalidateReport('save-table'), mutationFn: saveReportTable });
export const saveDeviationReasonsMutation = () => mutationOptions({ ...invalidateReport('save-deviation-reasons'), mutationFn: saveDeviationReasons });
export const signReportStructureMutation = () => mutationOptions({ ...invalidateReport('sign-structure'), mutationFn: signReportStructure });
export const saveReportBalanceMutation = () => mutationOptions({ ...invalidateReport('save-balance'), mutationFn: saveReportBalance });
export const saveGrantorRefundableMutation = () => mutationOptions({ ...invalidateReport('save-grantor-refundable'), mutationFn: saveGrantorRefundable });
