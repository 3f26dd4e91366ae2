import type { ReportColorFilter } from './types';

/**
 * Query keys of the reports domain (one factory, DESIGN.md convention 4). Every section of a report sits under
 * `detail(id)`, so a status change or a save invalidates the whole report at once.
 */
export const reportKeys = {
  all: ['reports'] as const,
  detail: (id: number) => [...reportKeys.all, 'detail', id] as const,
  section: (id: number, section: string, ...params: (string | number)[]) => [...reportKeys.detail(id), section, ...params] as const,
  colors: (filter: ReportColorFilter = {}) => [...reportKeys.all, 'colors', filter] as const,
  statusColors: () => [...reportKeys.all, 'status-colors'] as const,
  centerNtiHistory: (centerNtiId?: number) => [...reportKeys.all, 'center-nti-history', centerNtiId ?? 'all'] as const,
};
