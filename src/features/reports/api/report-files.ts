import { mutationOptions } from '@tanstack/react-query';
import { api, formData, multipart } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import type { components } from '@/lib/api/generated/main';
import { reportKeys } from './keys';

/** Register uploads (multipart, part "file") and the report's files (grant balance PDF, blank templates). */

type SpreadsheetUpload = components['schemas']['SpreadsheetUpload'];

/** POST /v1/report/{id}/load-accounting-register | load-payment-order-register — .xlsx or .csv; answers an import summary. */
export function loadReportRegister({ id, register, file }: { id: number; register: 'accounting' | 'payment-order'; file: Blob }) {
  const request = { params: { path: { id } }, body: formData({ file }) as unknown as SpreadsheetUpload, ...multipart };
  return register === 'accounting'
    ? unwrap(api().main.POST('/v1/report/{id}/load-accounting-register', request))
    : unwrap(api().main.POST('/v1/report/{id}/load-payment-order-register', request));
}

export const loadReportRegisterMutation = () =>
  mutationOptions({
    mutationKey: [...reportKeys.all, 'load-register'],
    mutationFn: loadReportRegister,
    onSuccess: (_outcome, input, _result, { client }) => client.invalidateQueries({ queryKey: reportKeys.detail(input.id) }),
  });

/** GET /v1/report/{id}/grant-balance — the grant balance as PDF. */
export function downloadGrantBalance(id: number): Promise<Blob> {
  return unwrap(api().main.GET('/v1/report/{id}/grant-balance', { params: { path: { id } }, parseAs: 'blob' })) as Promise<Blob>;
}

/** GET /v1/report/template?templateType= — a blank workbook (report, expense-structure, accounting-register, …). */
export function downloadReportTemplate(templateType?: string): Promise<Blob> {
  return unwrap(api().main.GET('/v1/report/template', { params: { query: templateType ? { templateType } : {} }, parseAs: 'blob' })) as Promise<Blob>;
}
