/** One query-key factory for the tasks domain (DESIGN.md convention 4); mutations invalidate `tasksKeys.all`. */
export type PointListKind = 'all' | 'active' | 'expired' | 'closed' | 'archive';

export interface PointListParams {
  kind: PointListKind;
  name?: string;
  statusCode?: string;
  projectId?: number;
  templateCode?: string;
  page: number;
  pageSize: number;
}

export interface ExpertListParams {
  text?: string;
  templateIds: number[];
  statusCodes: string[];
  page: number;
  pageSize: number;
}

export const tasksKeys = {
  all: ['tasks'] as const,
  activeCount: () => [...tasksKeys.all, 'active-count'] as const,
  list: (params: PointListParams) => [...tasksKeys.all, 'list', params] as const,
  expert: (params: ExpertListParams) => [...tasksKeys.all, 'expert', params] as const,
  notes: (name?: string) => [...tasksKeys.all, 'notes', name ?? ''] as const,
  detail: (id: number) => [...tasksKeys.all, 'detail', id] as const,
  attachments: (id: number) => [...tasksKeys.all, 'attachments', id] as const,
  statuses: () => [...tasksKeys.all, 'statuses'] as const,
  templates: () => [...tasksKeys.all, 'templates'] as const,
};
