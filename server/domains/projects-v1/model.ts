import { conflict, forbidden, notFound, unprocessable } from '../../lib/http';
import type { UploadedFile } from '../../lib/router';
import { hasRole, type AuthUser, type Services } from '../../lib/services';
import { SpreadsheetError, readSpreadsheet, type Cell } from '../../lib/xlsx-sample';

/**
 * Projects v1 (SPEC §7 "Projects v1"): project actions and comments, Center NTI, indicator parser, exports and
 * templates, consortiums, employees, grantee contacts and tickets. The screens of these calls are not shown in
 * SPEC (§1: "API clients exist for these; their screens are not shown"), so the rules below are the reference
 * back end's own reading; every assumed rule is listed in openapi/README.md.
 *
 * Projects live in the shared collection "projects" (the API Project object; GET list/by id are served by
 * domains/projects.ts). The document workflow status of a project is kept in the collection "project_workflow".
 */

// ------------------------------------------------------------------ shared helpers (also used by reports.ts)

export const isoNow = (s: Services) => new Date(s.clock.now()).toISOString();

/** Roles that see every project's documents: manager, administrator, monitors (SPEC §6 role ids). */
export const STAFF_READ = [1, 2, 4, 10];
/** Roles that decide on documents (accept, reject, approve): manager and administrator. */
export const STAFF_DECIDE = [1, 2];

export type StoredProject = {
  [key: string]: unknown;
  id: number;
  name: string;
  status: { name: string };
  template: { name: string };
  ownerId?: number | null;
  users?: { id: number; fullname: string }[];
  counterparty?: string | null;
  inn?: string | null;
  contractNo?: string | null;
  templateCode?: string | null;
  plan?: { code1C: string; name: string; description?: string | null; dateFrom: string | null; dateTo: string | null }[] | null;
  description?: string | null;
};

export const projectsOf = (s: Services) => s.collection<StoredProject>('projects');

export function isProjectMember(project: StoredProject, user: AuthUser): boolean {
  if (project.ownerId === user.id) return true;
  if (Array.isArray(project.users) && project.users.some((u) => u.id === user.id)) return true;
  const privateMembers = [project._memberIds, project._userIds, project._viewers].find(Array.isArray) as number[] | undefined;
  return !!privateMembers?.includes(user.id);
}

export const canReadProject = (project: StoredProject, user: AuthUser) => hasRole(user, ...STAFF_READ) || isProjectMember(project, user);

/** The project of a by-id call: 404 when missing, 403 when the user may not see it. */
export async function readableProject(s: Services, id: number, user: AuthUser): Promise<StoredProject> {
  const project = await projectsOf(s).get(id);
  if (!project) throw notFound('Проект не найден');
  if (!canReadProject(project, user)) throw forbidden('Нет доступа к проекту');
  return project;
}

export async function memberProjectIds(s: Services, user: AuthUser): Promise<Set<number>> {
  const all = await projectsOf(s).all();
  return new Set(all.filter((p) => isProjectMember(p, user)).map((p) => p.id));
}

export async function storeFile(s: Services, file: { name: string; mime: string; data: Buffer }): Promise<number> {
  const id = await s.db.nextId('files');
  await s.db.query('INSERT INTO files (id, name, mime, size, content, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    id,
    file.name,
    file.mime || 'application/octet-stream',
    file.data.length,
    file.data,
    s.clock.nowSeconds(),
  ]);
  return id;
}

export async function fileExists(s: Services, id: number): Promise<boolean> {
  return !!(await s.db.one('SELECT id FROM files WHERE id = $1', [id]));
}

export function fullNameOf(user: { fio?: string | null; lastname?: string | null; firstname?: string | null; middlename?: string | null; username?: string }) {
  return user.fio?.trim() || [user.lastname, user.firstname, user.middlename].filter(Boolean).join(' ') || user.username || 'Пользователь';
}

/** The single uploaded file of a multipart call (part "file"). */
export function uploadedFile(files: Record<string, UploadedFile[]>, part = 'file'): UploadedFile {
  const file = files[part]?.[0];
  if (!file) throw unprocessable([{ field: part, message: 'Файл не выбран' }]);
  return file;
}

export function spreadsheetRows(file: UploadedFile): Cell[][] {
  try {
    return readSpreadsheet(file.data, file.fileName);
  } catch (error) {
    if (error instanceof SpreadsheetError) throw unprocessable([{ field: 'file', message: error.message }]);
    throw error;
  }
}

/** DD.MM.YYYY, ISO dates and Excel serial day numbers → "YYYY-MM-DD"; null when the cell is not a date. */
export function cellDate(value: Cell): string | null | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'number') {
    if (value < 1 || value > 100000) return null;
    const date = new Date(Date.UTC(1899, 11, 30) + Math.round(value) * 86400000);
    return date.toISOString().slice(0, 10);
  }
  const text = String(value).trim();
  let m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (m) {
    const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const date = new Date(Date.UTC(y, mo - 1, d));
    if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
    return date.toISOString().slice(0, 10);
  }
  m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (m && !Number.isNaN(Date.parse(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`))) return `${m[1]}-${m[2]}-${m[3]}`;
  return null;
}

/** "YYYY-MM-DD" → ISO 8601 date-time at Moscow midnight (task and document times are Moscow time, SPEC §9). */
export const moscowMidnight = (day: string) => `${day}T00:00:00+03:00`;

export const ddmmyyyy = (iso: string | null | undefined) => {
  if (!iso) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
};

// ------------------------------------------------------------------ document workflow (SPEC §4)

/** SPEC §4 "Project/report document statuses (strings)". */
export const DOC_STATUSES = [
  'draft',
  'new',
  'improved',
  'rejected',
  'send-for-approve',
  'reviewed',
  'accepted',
  'verified',
  'ready-to-finalize-conclusion',
  'finalized-conclusion',
  'repeat-finalize-conclusion',
] as const;
export type DocStatus = (typeof DOC_STATUSES)[number];

export const DOC_STATUS_NAMES: Record<DocStatus, string> = {
  draft: 'Черновик',
  new: 'Направлен менеджеру',
  improved: 'Доработан',
  rejected: 'Отклонен',
  'send-for-approve': 'На согласовании',
  reviewed: 'Проверен',
  accepted: 'Принят',
  verified: 'Подтвержден',
  'ready-to-finalize-conclusion': 'Готов к формированию заключения',
  'finalized-conclusion': 'Заключение сформировано',
  'repeat-finalize-conclusion': 'Повторное формирование заключения',
};

/** A transition table: action → (from status → to status). "Which change is allowed from which status: not shown" (SPEC §4). */
export type Transitions = Record<string, Partial<Record<DocStatus, DocStatus>>>;

export function nextStatus(table: Transitions, action: string, from: DocStatus, what: string): DocStatus {
  const to = table[action]?.[from];
  if (!to) {
    const allowed = Object.keys(table[action] ?? {}).map((k) => `«${DOC_STATUS_NAMES[k as DocStatus]}»`);
    throw conflict(
      `Действие недоступно: ${what} в статусе «${DOC_STATUS_NAMES[from]}»` + (allowed.length ? `; допустимо из статусов ${allowed.join(', ')}` : ''),
    );
  }
  return to;
}

/**
 * Project document workflow (assumed, README "Status transitions"): the grantee sends a draft for approval
 * (a rejected project comes back as "improved"), a manager or monitor reviews it, a manager accepts or rejects it.
 */
export const PROJECT_TRANSITIONS: Transitions = {
  'send-for-approval': { draft: 'send-for-approve', rejected: 'improved' },
  review: { 'send-for-approve': 'reviewed', improved: 'reviewed' },
  accept: { 'send-for-approve': 'accepted', improved: 'accepted', reviewed: 'accepted' },
  reject: { 'send-for-approve': 'rejected', improved: 'rejected', reviewed: 'rejected' },
};
export const PROJECT_EDITABLE: DocStatus[] = ['draft', 'rejected'];
/**
 * The workflow status of a project is kept beside the shared project document (collection "project_workflow",
 * keyed by project id), so the Project object itself stays exactly the API shape; its status.name shows the label.
 * Projects of the demo seed have none: they are running projects, accepted long ago.
 */
export const workflowOf = (s: Services) => s.collection<{ id: number; status: DocStatus }>('project_workflow');
export async function projectDocStatus(s: Services, projectId: number): Promise<DocStatus> {
  return (await workflowOf(s).get(projectId))?.status ?? 'accepted';
}


// ------------------------------------------------------------------ Center NTI

export interface CenterNti {
  id: number;
  fullTitle: string;
  shortTitle: string;
  programNumber: string;
  codePpp: string;
}
