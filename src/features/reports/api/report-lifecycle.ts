import { mutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { reportKeys } from './keys';
import type { ReportAction, ReportCreateInput, ReportUpdateInput } from './types';

/**
 * Create, edit and move a report through its statuses (SPEC §4 "Actions by call"). A transition the current status
 * does not allow answers 409; the caller shows the server message (SPEC §8).
 */

/** POST /v1/report {projectId, year, period}. */
export function createReport(input: ReportCreateInput) {
  return unwrap(api().main.POST('/v1/report', { body: input }));
}

/** PUT /v1/report/{id} — only while the report is a draft or rejected. */
export function updateReport({ id, ...body }: ReportUpdateInput & { id: number }) {
  return unwrap(api().main.PUT('/v1/report/{id}', { params: { path: { id } }, body }));
}

export interface ReportActionInput {
  id: number;
  action: ReportAction;
  /** Required by reject; sent with send-for-approval and review (SPEC §7 "{comment}"). */
  comment?: string;
}

/** PATCH new | accept | reject | ready-to-finalize-conclusion | finalize-conclusion | repeat-finalize-conclusion | send-for-approval, POST review. */
export function runReportAction({ id, action, comment = '' }: ReportActionInput) {
  const main = api().main;
  const path = { params: { path: { id } } };
  switch (action) {
    case 'new':
      return unwrap(main.PATCH('/v1/report/{id}/new', path));
    case 'accept':
      return unwrap(main.PATCH('/v1/report/{id}/accept', path));
    case 'ready-to-finalize-conclusion':
      return unwrap(main.PATCH('/v1/report/{id}/ready-to-finalize-conclusion', path));
    case 'finalize-conclusion':
      return unwrap(main.PATCH('/v1/report/{id}/finalize-conclusion', path));
    case 'repeat-finalize-conclusion':
      return unwrap(main.PATCH('/v1/report/{id}/repeat-finalize-conclusion', path));
    case 'reject':
      return unwrap(main.PATCH('/v1/report/{id}/reject', { ...path, body: { comment } }));
    case 'send-for-approval':
      return unwrap(main.PATCH('/v1/report/{id}/send-for-approval', { ...path, body: { comment } }));
    case 'review':
      return unwrap(main.POST('/v1/report/{id}/review', { ...path, body: { comment } }));
  }
}

export const createReportMutation = () =>
  mutationOptions({
    mutationKey: [...reportKeys.all, 'create'],
    mutationFn: createReport,
    onSuccess: (_report, _input, _result, { client }) => client.invalidateQueries({ queryKey: reportKeys.colors() }),
  });

export const updateReportMutation = () =>
  mutationOptions({
    mutationKey: [...reportKeys.all, 'update'],
    mutationFn: updateReport,
    onSuccess: (report, _input, _result, { client }) => client.invalidateQueries({ queryKey: reportKeys.detail(report.id) }),
  });

export const reportActionMutation = () =>
  mutationOptions({
    mutationKey: [...reportKeys.all, 'action'],
    mutationFn: runReportAction,
    onSuccess: async (_answer, input, _result, { client }) => {
      await client.invalidateQueries({ queryKey: reportKeys.detail(input.id) });
      await client.invalidateQueries({ queryKey: reportKeys.colors() });
    },
  });
