import type { components } from '@/lib/api/generated/main';

/** Report types are aliases of the generated schemas (openapi/main.yaml "Reports"). */
type Schemas = components['schemas'];
export type Report = Schemas['Report'];
export type ReportStatus = Schemas['ReportStatus'];
export type ReportPeriod = Schemas['ReportPeriod'];
export type ReportCreateInput = Schemas['ReportCreateInput'];
export type ReportUpdateInput = Schemas['ReportUpdateInput'];
export type ReportTable = Schemas['ReportTable'];
export type ReportTableInput = Schemas['ReportTableInput'];
export type ReportUpdatedDates = Schemas['ReportUpdatedDates'];
export type ReportGeneralInfo = Schemas['ReportGeneralInfo'];
export type ReportPaymentOrders = Schemas['ReportPaymentOrders'];
export type ReportRegister = Schemas['ReportRegister'];
export type ReportRegisterType = ReportRegister['type'];
export type ReportHistoryEntry = Schemas['ReportHistoryEntry'];
export type ReportDeviationReasons = Schemas['ReportDeviationReasons'];
export type ReportDeviationReasonsInput = Schemas['ReportDeviationReasonsInput'];
export type ReportColor = Schemas['ReportColor'];
export type ReportStatusColor = Schemas['ReportStatusColor'];
export type ReportSignInput = Schemas['ReportSignInput'];
export type ReportBalance = Schemas['ReportBalance'];
export type ReportBalanceInput = Schemas['ReportBalanceInput'];
export type ReportGrantorRefundableInput = Schemas['ReportGrantorRefundableInput'];
export type ImportOutcome = Schemas['ImportOutcome'];

export interface ReportColorFilter {
  projectId?: number;
  year?: number;
}

/** SPEC §4 report actions, as the PATCH/POST path segment each uses. */
export type ReportAction =
  | 'new'
  | 'review'
  | 'reject'
  | 'send-for-approval'
  | 'accept'
  | 'ready-to-finalize-conclusion'
  | 'finalize-conclusion'
  | 'repeat-finalize-conclusion';
