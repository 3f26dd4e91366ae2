import PDFDocument from 'pdfkit';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { RawReply, fileReply, forbidden, notFound, safeFileName, unprocessable } from '../lib/http';
import { includesText, page } from '../lib/paging';
import type { ContextOf, MainSchema, OperationHandlers } from '../lib/operations';
import { hasRole, type AuthUser, type Services } from '../lib/services';
import { POINT_STATUSES, apiStatus, fieldTypeRef, toApiPoint, type StoredPoint } from '../lib/points';
import type { Json } from '../lib/spec';
import { taskTemplateDoc, type TaskTemplateSpec } from '../seed/task-templates';
import { canSeeProject, projectsOf } from './projects';
import { notesOf, storeFile, type StoredAttachment as QuestionnaireAttachment, type StoredNote as StoredNoteDoc } from './questionnaire';

/** An attachment as the questionnaire handlers store it, plus the id of its detached signature file. */
export type StoredAttachment = QuestionnaireAttachment & { _signFileId?: number | null };
export const attachmentsOf = (s: Services) => s.collection<StoredAttachment>('attachments');

/**
 * Tasks / project points (SPEC §2 "My tasks", "Task preview"; §3 Task / point, Draft note; §4 statuses and actions;
 * §7 "Tasks v2"). Points live in the shared "points" collection (server/lib/points.ts).
 *
 * Who sees what (SPEC §6 leaves the server side open; this is the reference reading):
 * - the owner, the responsible user and the users listed in `_viewers` (project members) see a point in their lists;
 * - experts see the expert-review points assigned to them (`_experts`) in their "Экспертиза" list and, like any task of
 *   theirs, in "Все" and the kind lists (an expertise awaiting the expert's review "requires action");
 * - managers (1) and monitors (4, 10) see every non-expert point, read-only;
 * - the action flags (canEdit, canSign, canHold, …) are the stored ones for the people who act on the point (owner,
 *   responsible user, assigned expert) and all false for everyone else.
 *
 * List kinds (each point not archived is in exactly one of active / closed / expired, so the counts add up):
 * - all: every visible point that is not archived ("Все");
 * - active: not archived, not finished (sort < 1000), in a status that needs the user's action, deadline not passed
 *   ("Требуют действий"; its size is the menu count);
 * - expired: not archived, not finished, deadline passed ("Просроченные"; red by the SPEC §2 deadline rule);
 * - closed: not archived, neither active nor expired (submitted, in processing or finished);
 * - archive: archived by the user ("Переместить в архив"); the UI labels this kind "Отработаны" (SPEC §2).
 */

export type StoredTask = StoredPoint & {
  _kind?: 'expert';
  _experts?: number[];
  _statusBeforeHold?: Json;
  _pdfSign?: { fileId: number; signedAt: number; withoutAttorney: boolean } | null;
  _attorneyFileId?: number | null;
};

/** Statuses in which the user has something to do (SPEC §4 form codes plus the two signing statuses). */
export const ACTION_STATUSES = ['NEW', 'FILLING', 'NEEDS_IMPROVEMENTS', 'SUSPENDED', 'RETURN_TO_EDIT', 'SIGNING_REQUIRED', 'REVIEW_WITH_SIGNING'];
const STAFF_ROLES = [1, 4, 10];

export type ListKind = 'all' | 'active' | 'expired' | 'closed' | 'archive';

export const tasksOf = (s: Services) => s.collection<StoredTask>('points');

export function isActor(point: StoredTask, user: AuthUser): boolean {
  return point.ownerId === user.id || point.responsibleUserId === user.id || (point._experts ?? []).includes(user.id);
}

/** Points in the user's own lists ("Мои задачи"): an expert review only for its assigned experts. */
export function isListedFor(point: StoredTask, user: AuthUser): boolean {
  if (point._kind === 'expert') return (point._experts ?? []).includes(user.id);
  if (point.ownerId === user.id || point.responsibleUserId === user.id) return true;
  if ((point._viewers ?? []).includes(user.id)) return true;
  return hasRole(user, ...STAFF_ROLES);
}

export function canView(point: StoredTask, user: AuthUser): boolean {
  if (point._kind === 'expert') return (point._experts ?? []).includes(user.id) || hasRole(user, ...STAFF_ROLES);
  return isListedFor(point, user);
}

const ms = (iso: unknown) => (typeof iso === 'string' ? Date.parse(iso) : NaN);

export function isExpired(point: StoredTask, now: number): boolean {
  const deadline = ms(point.deadline);
  return point.status.sort < 1000 && Number.isFinite(deadline) && deadline < now;
}

export function kindOf(point: StoredTask, now: number): Exclude<ListKind, 'all'> {
  if (point.archive === true) return 'archive';
  if (isExpired(point, now)) return 'expired';
  if (point.status.sort < 1000 && ACTION_STATUSES.includes(point.status.code1C)) return 'active';
  return 'closed';
}

export function matchesKind(point: StoredTask, kind: ListKind, now: number): boolean {
  const k = kindOf(point, now);
  return kind === 'all' ? k !== 'archive' : k === kind;
}

const ACTION_FLAGS = ['canEdit', 'canSign', 'canHold', 'canReturnToEdit', 'canCencelHold', 'canAddToArchive'] as const;

/** The point as this user receives it: private keys removed, action flags only for those who act on it. */
export function pointFor(point: StoredTask, user: AuthUser): MainSchema<'Point'> {
  const api = toApiPoint(point);
  if (!isActor(point, user)) for (const flag of ACTION_FLAGS) api[flag] = false;
  return api;
}

const LIST_KEYS = ['id', 'name', 'description', 'projectId', 'projectName', 'project', 'status', 'type', 'startDate', 'deadline', 'closedate', 'ownerId', 'responsibleUserId', 'canEdit', 'archive'];

/** Name and status of projects (of the given ids only, when given). */
async function projectRefs(s: Services, ids?: number[]): Promise<Map<number, { id: number; name: string; status?: { name: string } | null }>> {
  type Ref = { id: number; name: string; status?: { name: string } | null };
  const projects = ids
    ? (await s.db.query<{ data: Ref }>(`SELECT data FROM docs WHERE collection = 'projects' AND id = ANY($1::text[])`, [[...new Set(ids)].map(String)])).map((r) => r.data)
    : await s.collection<Ref>('projects').all();
  return new Map(projects.map((p) => [p.id, { id: p.id, name: p.name, status: p.status ? { name: p.status.name } : null }]));
}

function listItem(point: StoredTask, user: AuthUser, projects: Map<number, { id: number; name: string; status?: { name: string } | null }>): MainSchema<'PointListItem'> {
  const api: Record<string, Json> = pointFor(point, user);
  const out: Record<string, Json> = {};
  for (const key of LIST_KEYS) if (key in api) out[key] = api[key];
  // The project's current name and status win over the copy kept on the point.
  const project = typeof point.projectId === 'number' ? projects.get(point.projectId) : undefined;
  if (project) {
    out.project = project;
    out.projectName = project.name;
  }
  return out as MainSchema<'PointListItem'>;
}

/** Not finished first, then by deadline (missing last), then newest first. */
export function byUrgency(a: StoredTask, b: StoredTask): number {
  const fa = a.status.sort >= 1000 ? 1 : 0;
  const fb = b.status.sort >= 1000 ? 1 : 0;
  if (fa !== fb) return fa - fb;
  const da = ms(a.deadline);
  const db = ms(b.deadline);
  const va = Number.isFinite(da) ? da : Infinity;
  const vb = Number.isFinite(db) ? db : Infinity;
  if (va !== vb) return va - vb;
  return b.id - a.id;
}

export interface ListQuery {
  page?: number;
  pageSize?: number;
  'filter[name]'?: string;
  'filter[statusCode]'?: string;
  'filter[projectId]'?: number;
  'filter[templateCode]'?: string;
}

export function matchesFilters(point: StoredTask, q: ListQuery): boolean {
  const text = q['filter[name]']?.trim();
  if (text) {
    const hit = includesText(point.name, text) || includesText(point.projectName, text) || String(point.id) === text.replace(/^id\s*:?\s*/i, '');
    if (!hit) return false;
  }
  if (q['filter[statusCode]'] && point.status.code1C !== q['filter[statusCode]']) return false;
  if (q['filter[projectId]'] && point.projectId !== Number(q['filter[projectId]'])) return false;
  if (q['filter[templateCode]'] && point._templateCode !== q['filter[templateCode]']) return false;
  return true;
}

export async function visiblePoints(s: Services, user: AuthUser): Promise<StoredTask[]> {
  return (await tasksOf(s).all()).filter((p) => isListedFor(p, user));
}

/**
 * The WHERE clause of a task list in SQL — the same rules as isListedFor, matchesKind and matchesFilters above (the
 * test "task lists in SQL" compares the two on every user, kind and filter): visibility, list kind, filters.
 */
function listWhere(user: AuthUser, kind: ListKind, q: ListQuery, now: number): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (value: unknown) => `$${params.push(value)}`;
  const where = [`collection = 'points'`];
  const assignedExpertise = `(t_expert AND data->'_experts' @> ${p(JSON.stringify([user.id]))}::jsonb)`;
  if (hasRole(user, ...STAFF_ROLES)) where.push(`(NOT t_expert OR ${assignedExpertise})`);
  else {
    const me = p(JSON.stringify(user.id));
    const mine = `(t_owner = ${me}::jsonb OR t_responsible = ${me}::jsonb OR t_viewers @> ${p(JSON.stringify([user.id]))}::jsonb)`;
    where.push(`(${assignedExpertise} OR (NOT t_expert AND ${mine}))`);
  }
  const open = `(t_sort::numeric < 1000)`;
  const expired = () => `coalesce(${open} AND t_deadline < ${p(now)}, false)`;
  const active = () => `coalesce(${open} AND t_status = ANY(${p(ACTION_STATUSES)}::text[]), false)`;
  if (kind === 'archive') where.push('t_archive');
  else {
    where.push('NOT t_archive');
    if (kind === 'expired') where.push(expired());
    if (kind === 'active') where.push(`NOT ${expired()}`, active());
    if (kind === 'closed') where.push(`NOT ${expired()}`, `NOT ${active()}`);
  }
  const text = q['filter[name]']?.trim();
  if (text) {
    const needle = p(text.toLocaleLowerCase('ru'));
    where.push(`(strpos(lower(coalesce(t_name, '')), ${needle}) > 0 OR strpos(lower(coalesce(t_project_name, '')), ${needle}) > 0 OR id = ${p(text.replace(/^id\s*:?\s*/i, ''))})`);
  }
  if (q['filter[statusCode]']) where.push(`t_status = ${p(q['filter[statusCode]'])}`);
  if (q['filter[projectId]']) where.push(`t_project = ${p(JSON.stringify(Number(q['filter[projectId]'])))}::jsonb`);
  if (q['filter[templateCode]']) where.push(`t_template = ${p(q['filter[templateCode]'])}`);
  return { sql: where.join(' AND '), params };
}

/** byUrgency in SQL: not finished first, then by deadline (missing last), then newest first. */
const URGENCY_ORDER = `CASE WHEN t_sort::numeric >= 1000 THEN 1 ELSE 0 END, t_deadline NULLS LAST, id::bigint DESC`;

/** A task list page: filtered, counted and paged by the database; only the page's documents are read. */
async function listKind(s: Services, user: AuthUser, kind: ListKind, q: ListQuery) {
  const { sql, params } = listWhere(user, kind, q, s.clock.now());
  const perPage = Math.max(1, Number(q.pageSize ?? 20));
  const currentPage = Math.max(1, Number(q.page ?? 1));
  // Count and order on the narrow columns; the documents (large JSON) are read for the page's rows only.
  const rows = await s.db.query<{ data: StoredTask; total: number }>(
    `WITH page AS (SELECT id, count(*) OVER () AS total, row_number() OVER (ORDER BY ${URGENCY_ORDER}) AS n FROM docs WHERE ${sql} ORDER BY n LIMIT ${perPage} OFFSET ${(currentPage - 1) * perPage})
     SELECT d.data, page.total::int AS total FROM page JOIN docs d ON d.collection = 'points' AND d.id = page.id ORDER BY page.n`,
    params,
  );
  const projects = await projectRefs(s, rows.map((r) => r.data.projectId).filter((id): id is number => typeof id === 'number'));
  const totalCount = rows[0]?.total ?? (currentPage > 1 ? (await countKind(s, user, kind, q)).count : 0);
  return {
    items: rows.map((r) => listItem(r.data, user, projects)),
    _meta: { currentPage, pageCount: Math.ceil(totalCount / perPage), totalCount, perPage },
  };
}

async function countKind(s: Services, user: AuthUser, kind: ListKind, q: ListQuery) {
  const { sql, params } = listWhere(user, kind, q, s.clock.now());
  return { count: (await s.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM docs WHERE ${sql}`, params))?.n ?? 0 };
}

/** A point the user may see, or 404 / 403. */
export async function loadVisible(s: Services, user: AuthUser, id: number): Promise<StoredTask> {
  const point = await tasksOf(s).get(id);
  if (!point) throw notFound('Задача не найдена');
  if (!canView(point, user)) throw forbidden('Нет доступа к задаче');
  return point;
}

/** A point the user acts on, or 404 / 403. */
export async function loadActionable(s: Services, user: AuthUser, id: number): Promise<StoredTask> {
  const point = await loadVisible(s, user, id);
  if (!isActor(point, user)) throw forbidden('Действие доступно только исполнителю задачи');
  return point;
}

const refuse = (message: string) => unprocessable([{ message }], message);

// ---------------------------------------------------------------------------------------------------------------
// Attachments of a point (stored by the questionnaire handlers in collection "attachments", bytes in `files`).

export async function pointAttachments(s: Services, pointId: number): Promise<StoredAttachment[]> {
  const list = await attachmentsOf(s).where({ _pointId: pointId, _state: 'stored' });
  return list.sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id);
}

export const saveFile = storeFile;

export async function readFile(s: Services, id: number): Promise<{ name: string; mime: string; content: Buffer } | null> {
  const row = await s.db.one<{ name: string; mime: string; content: Uint8Array }>('SELECT name, mime, content FROM files WHERE id = $1', [id]);
  return row ? { name: row.name, mime: row.mime, content: Buffer.from(row.content) } : null;
}

// ---------------------------------------------------------------------------------------------------------------
// PDF of the point's data (SPEC §2 "Выгрузка в PDF"; signed as the last step of the signing sequence).

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
let fonts: { regular: Buffer; bold: Buffer } | null = null;
const loadFonts = () =>
  (fonts ??= { regular: readFileSync(path.join(fontDir, 'DejaVuSans.ttf')), bold: readFileSync(path.join(fontDir, 'DejaVuSans-Bold.ttf')) });

function moscow(iso: unknown): string {
  const t = ms(iso);
  if (!Number.isFinite(t)) return '—';
  const d = new Date(t + 3 * 3_600_000); // Moscow is UTC+3 all year round.
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}.${p(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}

export function displayValue(value: Json): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Да' : 'Нет';
  if (typeof value === 'string' && value.startsWith('[')) {
    try {
      const parsed = JSON.parse(value);
      if (Array.isArray(parsed)) return parsed.map(String).join(', ');
    } catch {
      /* plain text that starts with "[" */
    }
  }
  return String(value);
}

interface Field {
  code1C: string;
  name: string;
  groupCode?: string | null;
  sort?: number;
}
interface Group {
  code1C: string;
  name: string;
  multiple?: boolean;
}
interface Value {
  fieldCode: string;
  value: Json;
  groupIndex?: number;
  valueIndex?: number;
}

/** Field groups with their values: a plain group is a list of (name, value); a repeatable group is a table. */
export function pointSections(point: StoredTask) {
  const fields = ((point.templateFields ?? []) as Field[]).slice().sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
  const groups = (point.templateGroups ?? []) as Group[];
  const values = (point.values ?? []) as Value[];
  const valuesOf = (code: string, groupIndex?: number) =>
    values.filter((v) => v.fieldCode === code && (groupIndex === undefined || (v.groupIndex ?? 0) === groupIndex));
  const sections: { title: string; multiple: boolean; fields: Field[]; rows: string[][] }[] = [];
  const ungrouped = fields.filter((f) => !f.groupCode || !groups.some((g) => g.code1C === f.groupCode));
  if (ungrouped.length) {
    sections.push({ title: 'Основные сведения', multiple: false, fields: ungrouped, rows: [ungrouped.map((f) => valuesOf(f.code1C).map((v) => displayValue(v.value)).join('; ') || '—')] });
  }
  for (const group of groups) {
    const own = fields.filter((f) => f.groupCode === group.code1C);
    if (!own.length) continue;
    if (group.multiple) {
      const indexes = [...new Set(values.filter((v) => own.some((f) => f.code1C === v.fieldCode)).map((v) => v.groupIndex ?? 0))].sort((a, b) => a - b);
      const rows = indexes.map((gi) => own.map((f) => valuesOf(f.code1C, gi).map((v) => displayValue(v.value)).join('; ') || '—'));
      sections.push({ title: group.name, multiple: true, fields: own, rows });
    } else {
      sections.push({ title: group.name, multiple: false, fields: own, rows: [own.map((f) => valuesOf(f.code1C).map((v) => displayValue(v.value)).join('; ') || '—')] });
    }
  }
  return sections;
}

/** A real PDF of the point's data, deterministic for the same data (fixed creation date) so its signature holds. */
export function pointPdf(point: StoredTask, attachments: StoredAttachment[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const created = Number.isFinite(ms(point.startDate)) ? new Date(ms(point.startDate)) : new Date(Date.UTC(2026, 0, 1));
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: point.name, Author: 'Личный кабинет грантополучателя', Subject: `Задача ${point.id}`, CreationDate: created, ModDate: created },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const { regular, bold } = loadFonts();
    doc.registerFont('regular', regular);
    doc.registerFont('bold', bold);
    doc.font('bold').fontSize(15).text(point.name, { align: 'center' });
    doc.moveDown(0.5);
    doc.font('regular').fontSize(10);
    const meta: [string, string][] = [
      ['ID задачи', String(point.id)],
      ['Проект', String(point.projectName ?? '—')],
      ['Статус', point.status.name],
      ['Начало (МСК)', moscow(point.startDate)],
      ['Срок (МСК)', moscow(point.deadline)],
    ];
    for (const [k, v] of meta) doc.font('bold').text(`${k}: `, { continued: true }).font('regular').text(v);
    if (point.description) {
      doc.moveDown(0.5);
      doc.font('regular').text(String(point.description));
    }
    for (const section of pointSections(point)) {
      doc.moveDown(0.8);
      doc.font('bold').fontSize(12).text(section.title);
      doc.moveDown(0.3);
      doc.fontSize(10);
      if (!section.multiple) {
        section.fields.forEach((f, i) => {
          doc.font('bold').text(f.name);
          doc.font('regular').text(section.rows[0]?.[i] ?? '—');
          doc.moveDown(0.3);
        });
      } else if (section.rows.length === 0) {
        doc.font('regular').text('Нет данных');
      } else {
        section.rows.forEach((row, r) => {
          doc.font('bold').text(`Запись ${r + 1}`);
          section.fields.forEach((f, i) => doc.font('regular').text(`${f.name}: ${row[i] ?? '—'}`));
          doc.moveDown(0.3);
        });
      }
    }
    if (attachments.length) {
      doc.moveDown(0.8);
      doc.font('bold').fontSize(12).text('Приложенные документы');
      doc.fontSize(10).font('regular');
      for (const a of attachments) doc.text(`• ${a.originalFileName ?? a.fileName}`);
    }
    doc.end();
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Zip package (SPEC §2 "Скачать zip"): a minimal PKZIP writer (deflate via node:zlib, UTF-8 names, CRC-32).

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function zip(entries: { name: string; data: Buffer; date?: Date }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const used = new Set<string>();
  for (const entry of entries) {
    // Entry names get the one file-name cleaning (no paths, control or bidi characters, device names, 200 characters);
    // equal names (case-insensitive, as on Windows) are numbered.
    const clean = safeFileName(entry.name);
    let name = clean;
    for (let i = 2; used.has(name.toLowerCase()); i++) name = clean.replace(/(\.[^.]*)?$/, (ext) => ` (${i})${ext ?? ''}`);
    used.add(name.toLowerCase());
    const nameBytes = Buffer.from(name, 'utf8');
    const deflated = deflateRawSync(entry.data);
    const useDeflate = deflated.length < entry.data.length;
    const body = useDeflate ? deflated : entry.data;
    const crc = crc32(entry.data);
    const d = entry.date ?? new Date(Date.UTC(2026, 0, 1));
    const dosTime = (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2);
    const dosDate = ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate();
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(useDeflate ? 8 : 0, 8);
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(useDeflate ? 8 : 0, 10);
    central.writeUInt16LE(dosTime, 12);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, body);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + body.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

export function pdfFileName(point: StoredTask): string {
  return `Задача ${point.id}.pdf`;
}

async function pointPackage(s: Services, point: StoredTask): Promise<Buffer> {
  const attachments = await pointAttachments(s, point.id);
  const entries: { name: string; data: Buffer }[] = [];
  entries.push({ name: pdfFileName(point), data: await pointPdf(point, attachments) });
  if (point._pdfSign?.fileId) {
    const sig = await readFile(s, point._pdfSign.fileId);
    if (sig) entries.push({ name: `${pdfFileName(point)}.sig`, data: sig.content });
  }
  for (const a of attachments) {
    if (typeof a.fileId !== 'number') continue;
    const file = await readFile(s, a.fileId);
    if (!file) continue;
    const name = a.originalFileName ?? a.fileName ?? file.name;
    entries.push({ name, data: file.content });
    if (a._signFileId) {
      const sig = await readFile(s, a._signFileId);
      if (sig) entries.push({ name: `${name}.sig`, data: sig.content });
    }
  }
  return zip(entries);
}

// ---------------------------------------------------------------------------------------------------------------

function statusPatch(code: string) {
  return { status: apiStatus(code) };
}

export function tasksHandlers(s: Services): OperationHandlers {
  const points = tasksOf(s);
  const list = (kind: ListKind) => async ({ user: me, query }: ContextOf<'projectPointList'>) => listKind(s, me, kind, query);
  return {
    projectPointList: list('all'),
    projectPointListActive: list('active'),
    projectPointListExpired: list('expired'),
    projectPointListClosed: list('closed'),
    projectPointListArchive: list('archive'),

    async projectPointListExpert({ user: me, query }) {
      // SPEC §6: only experts get the "Экспертиза" list.
      if (!hasRole(me, 5)) throw forbidden('Список экспертизы доступен только экспертам');
      const competitions = await s.collection<{ id: number; code1C: string }>('competitions').all();
      const idByCode = new Map(competitions.map((c) => [c.code1C, c.id]));
      const text = String(query['filter[text]'] ?? '').trim();
      const templateIds = ((query['filter[templateId][]'] ?? []) as number[]).map(Number);
      const statusCodes = (query['filter[statusCode][]'] ?? []) as string[];
      const projects = await projectRefs(s);
      const found = (await points.all())
        .filter((p) => p._kind === 'expert' && (p._experts ?? []).includes(me.id))
        .filter((p) => !text || includesText(p.name, text) || includesText(p.projectName, text) || includesText(p.description, text) || String(p.id) === text)
        .filter((p) => !templateIds.length || templateIds.includes(Number(idByCode.get(p._templateCode))))
        .filter((p) => !statusCodes.length || statusCodes.includes(p.status.code1C))
        .sort(byUrgency);
      return page(found.map((p) => listItem(p, me, projects)), query);
    },

    async projectPointCount({ user: me, query }) {
      return countKind(s, me, 'all', query);
    },
    async projectPointActiveCount({ user: me, query }) {
      return countKind(s, me, 'active', query);
    },

    async projectPointGet({ user: me, params }) {
      const point = await loadVisible(s, me, Number(params.id));
      const api = pointFor(point, me);
      const projects = await projectRefs(s);
      const project = typeof point.projectId === 'number' ? projects.get(point.projectId) : undefined;
      if (project) {
        api.project = project;
        api.projectName = project.name;
      }
      return api;
    },

    async projectPointChangeResponsible({ user: me, params, body }) {
      const point = await loadVisible(s, me, Number(params.id));
      const project = typeof point.projectId === 'number'
        ? await s.collection<{ id: number; ownerId: number | null; users: { id: number; fullname: string }[] }>('projects').get(point.projectId)
        : null;
      // SPEC §6: only the project owner assigns the responsible user.
      const ownerId = project?.ownerId ?? point.ownerId;
      if (ownerId !== me.id) throw forbidden('Назначать ответственного может только владелец проекта');
      const userId = Number(body.userId);
      const members = new Set([ownerId, ...(project?.users ?? []).map((x) => x.id)]);
      if (project && !members.has(userId)) throw refuse('Пользователь не входит в команду проекта');
      const exists = await s.db.one('SELECT id FROM users WHERE id = $1', [userId]);
      if (!exists) throw refuse('Пользователь не найден');
      const viewers = [...new Set([...(point._viewers ?? []), userId])];
      await points.put({ ...point, responsibleUserId: userId, _viewers: viewers });
      return { success: true, message: 'Ответственный назначен' };
    },

    async projectPointHold({ user: me, params }) {
      const point = await loadActionable(s, me, Number(params.id));
      // SPEC §4: withdraw is unavailable when holdMode is D.
      if (point.holdMode === 'D') throw refuse('Отзыв заявки для этой задачи недоступен');
      if (!point.canHold) throw refuse('Заявку сейчас нельзя отозвать');
      const before = { status: point.status, canHold: point.canHold, canSign: point.canSign, canEdit: point.canEdit, canReturnToEdit: point.canReturnToEdit, signValid: point.signValid };
      const common = { ...point, _statusBeforeHold: before, canHold: false, canEdit: false, canCencelHold: true };
      if (point.holdMode === 'S') {
        // SPEC §3: S means the withdrawal awaits a signature ("Подписать отзыв").
        await points.put({ ...common, ...statusPatch('REVIEW_WITH_SIGNING'), canSign: true, signable: true, signValid: false, canReturnToEdit: false });
        return { success: true, message: 'Для завершения отзыва подпишите его' };
      }
      await points.put({ ...common, ...statusPatch('SUSPENDED'), canSign: false, canReturnToEdit: true });
      return { success: true, message: 'Заявка отозвана' };
    },

    async projectPointHoldCancel({ user: me, params }) {
      const point = await loadActionable(s, me, Number(params.id));
      if (!point.canCencelHold) throw refuse('Отзыв заявки нельзя отменить');
      const before = (point._statusBeforeHold ?? { status: apiStatus('IN_PROCESSING'), canHold: true, canSign: false, canEdit: false, canReturnToEdit: false, signValid: true }) as Json;
      await points.put({
        ...point,
        status: before.status,
        canHold: before.canHold,
        canSign: before.canSign,
        canEdit: before.canEdit,
        canReturnToEdit: before.canReturnToEdit,
        signValid: before.signValid,
        canCencelHold: false,
        _statusBeforeHold: null,
      });
      return { success: true, message: 'Отзыв отменен' };
    },

    async projectPointToEdit({ user: me, params }) {
      const point = await loadActionable(s, me, Number(params.id));
      if (!point.canReturnToEdit) throw refuse('Задачу нельзя вернуть к редактированию');
      await points.put({
        ...point,
        ...statusPatch('RETURN_TO_EDIT'),
        canEdit: true,
        canReturnToEdit: false,
        canHold: false,
        canCencelHold: false,
        canSign: false,
        signValid: false,
        _statusBeforeHold: null,
        _pdfSign: null,
      });
      // Editing again invalidates the file signatures.
      for (const a of await pointAttachments(s, point.id)) if (a.signValid) await attachmentsOf(s).put({ ...a, signValid: false, _signFileId: null });
      return { success: true, message: 'Точка возвращена к редактированию' };
    },

    async projectPointArchive({ user: me, params }) {
      const point = await loadActionable(s, me, Number(params.id));
      // SPEC §4: archiving is possible only when canAddToArchive.
      if (point.archive) throw refuse('Задача уже в архиве');
      if (!point.canAddToArchive) throw refuse('Эту задачу нельзя переместить в архив');
      await points.put({ ...point, archive: true, canAddToArchive: false });
      return { success: true, message: 'Проектная точка добавлена в архив' };
    },

    async projectPointUnarchive({ user: me, params }) {
      const point = await loadActionable(s, me, Number(params.id));
      if (!point.archive) throw refuse('Задача не находится в архиве');
      await points.put({ ...point, archive: false, canAddToArchive: true });
      return { success: true, message: 'Проектная точка удалена из архива' };
    },

    async projectPointPdf({ user: me, params, query }) {
      const point = await loadVisible(s, me, Number(params.id));
      const pdf = await pointPdf(point, await pointAttachments(s, point.id));
      if (query.txt === 'Y') return new RawReply(pdf.toString('base64'), 'text/plain; charset=utf-8');
      return fileReply(pdf, 'application/pdf', pdfFileName(point));
    },

    async attachZip({ user: me, params }) {
      const point = await loadVisible(s, me, Number(params.id));
      return fileReply(await pointPackage(s, point), 'application/zip', `Документы задачи ${point.id}.zip`);
    },

    async attachZipLink({ user: me, params, origin }) {
      const point = await loadVisible(s, me, Number(params.id));
      return { link: `${origin}/hosts/main/v2/projects/zip/${point.id}` };
    },

    /** GET list/project — the projects the user may see (SPEC §7 "lists of project"), for filters. */
    async lookupProjects({ user: me }) {
      const projects = await projectsOf(s).all();
      return projects.filter((p) => canSeeProject(me, p)).map((p) => ({ id: p.id, name: p.name, code: p.briefcaseCode ?? null }));
    },

    async lookupPointStatuses() {
      return POINT_STATUSES.map(({ id, name, code1C, sort }) => ({ id, name, code1C, sort }));
    },

    /** POST notes: rename a draft note (id) or create one for a point or a competition template. */
    async notesSave({ user: me, body }) {
      const name = typeof body.name === 'string' ? body.name.trim() : '';
      const present = (n: StoredNoteDoc) => ({
        id: n.id,
        pointId: n.pointId ?? null,
        pointName: n.pointName ?? null,
        name: n.name,
        code1C: n.code1C ?? null,
        savedAt: n._updatedAt ? new Date(n._updatedAt).toISOString() : null,
      });
      if (body.id) {
        const note = await notesOf(s).get(Number(body.id));
        if (!note || note._ownerId !== me.id) throw notFound('Черновик не найден');
        if (!name) throw unprocessable([{ field: 'name', message: 'Заполните поле' }], 'Заполните поле');
        return present(await notesOf(s).put({ ...note, name, _updatedAt: s.clock.now() }));
      }
      if (body.pointId) {
        const point = await loadActionable(s, me, Number(body.pointId));
        const existing = (await notesOf(s).where({ _ownerId: me.id, pointId: point.id }))[0];
        const doc = {
          pointId: point.id,
          pointName: point.name,
          name: name || point.name,
          code1C: point._templateCode,
          _ownerId: me.id,
          _templateCode: point._templateCode,
          _pointCode: `${point._templateCode}-POINT`,
          _values: existing?._values ?? {},
          _updatedAt: s.clock.now(),
        };
        return present(existing ? await notesOf(s).put({ ...existing, ...doc }) : await notesOf(s).insert(doc));
      }
      if (typeof body.code1C === 'string' && body.code1C) {
        const template = await s.collection<Json>('templates').get(body.code1C);
        if (!template) throw unprocessable([{ field: 'code1C', message: 'Конкурс не найден' }], 'Конкурс не найден');
        const existing = (await notesOf(s).where({ _ownerId: me.id, _templateCode: template.code1C, pointId: null }))[0];
        const doc = {
          pointId: null,
          pointName: String(template.point?.name ?? template.name),
          name: name || `Черновик заявки «${template.name}»`,
          code1C: String(template.code1C),
          _ownerId: me.id,
          _templateCode: String(template.code1C),
          _pointCode: String(template.templatePointCode ?? `${template.code1C}-POINT`),
          _values: existing?._values ?? {},
          _updatedAt: s.clock.now(),
        };
        return present(existing ? await notesOf(s).put({ ...existing, ...doc }) : await notesOf(s).insert(doc));
      }
      throw unprocessable([{ message: 'Укажите задачу или конкурс черновика' }], 'Укажите задачу или конкурс черновика');
    },

    async notesList({ user: me, query }) {
      const notes = await notesOf(s).where({ _ownerId: me.id });
      const text = String(query['filter[name]'] ?? '').trim();
      // The last save of a draft: the note itself or the latest field written to its draft store (SPEC §3 key).
      const stashed = new Map(
        (await s.db.query<{ hash: string; at: string | number }>('SELECT hash, max(updated_at) AS at FROM stash WHERE user_id = $1 GROUP BY hash', [me.id])).map(
          (r) => [r.hash, Number(r.at)],
        ),
      );
      const savedAt = (n: StoredNoteDoc) => {
        const at = Math.max(n._updatedAt ?? 0, stashed.get(`${me.id}questionnaire${n.pointId ?? n.code1C}`) ?? 0);
        return at > 0 ? new Date(at).toISOString() : null;
      };
      return notes
        .filter((n) => !text || includesText(n.name, text) || includesText(n.pointName, text))
        .sort((a, b) => b.id - a.id)
        .map((n) => ({ id: n.id, pointId: n.pointId ?? null, pointName: n.pointName ?? null, name: n.name, code1C: n.code1C ?? null, savedAt: savedAt(n) }));
    },
  };
}



// ---------------------------------------------------------------------------------------------------------------
// Demo data (SPEC §4 every status; every flag combination the task buttons need; signable files; attorney;
// expert reviews; drafts; several projects and owners). Deterministic: dates are offsets from the seed time.

const HOUR = 3_600_000;

/** Project-task templates (codes PT-…), kept beside the competition questionnaires in collection "templates". */
export const PROJECT_TASK_TEMPLATES: TaskTemplateSpec[] = [
  {
    code1C: 'PT-REPORT-STAGE1',
    name: 'Отчёт по этапу 1',
    description: 'Научно-технический отчёт о работах первого этапа календарного плана.',
    groups: [
      { code1C: 'RS_MAIN', name: 'Общие сведения' },
      { code1C: 'RS_WORKS', name: 'Выполненные работы', multiple: true, description: 'По одной записи на каждую работу календарного плана' },
      { code1C: 'RS_TEAM', name: 'Исполнители', multiple: true },
      { code1C: 'RS_RESULTS', name: 'Результаты этапа' },
    ],
    fields: [
      { code1C: 'RS_PERIOD', name: 'Отчётный период', groupCode: 'RS_MAIN', type: 'text', required: true },
      { code1C: 'RS_SUMMARY', name: 'Краткое описание выполненных работ', groupCode: 'RS_MAIN', type: 'textarea', required: true },
      { code1C: 'RS_WORK_NAME', name: 'Наименование работы', groupCode: 'RS_WORKS', type: 'text', required: true },
      { code1C: 'RS_WORK_RESULT', name: 'Полученный результат', groupCode: 'RS_WORKS', type: 'textarea' },
      { code1C: 'RS_WORK_DATE', name: 'Дата завершения', groupCode: 'RS_WORKS', type: 'date' },
      { code1C: 'RS_TEAM_FIO', name: 'ФИО исполнителя', groupCode: 'RS_TEAM', type: 'text' },
      { code1C: 'RS_TEAM_ROLE', name: 'Роль в проекте', groupCode: 'RS_TEAM', type: 'text' },
      { code1C: 'RS_PUBLICATIONS', name: 'Количество публикаций', groupCode: 'RS_RESULTS', type: 'number' },
      { code1C: 'RS_RID', name: 'Получены результаты интеллектуальной деятельности', groupCode: 'RS_RESULTS', type: 'checkbox', list: ['Да'] },
    ],
    attachments: [
      { code1C: 'RS_ATT_REPORT', name: 'Научно-технический отчёт', extensions: ['pdf', 'docx'], description: 'Подписывается электронной подписью' },
      { code1C: 'RS_ATT_ACT', name: 'Акт сдачи-приёмки работ', extensions: ['pdf'] },
      { code1C: 'RS_ATT_EXTRA', name: 'Дополнительные материалы', extensions: ['pdf', 'png', 'jpg', 'csv', 'xml', 'zip'] },
    ],
  },
  {
    code1C: 'PT-PLAN',
    name: 'Календарный план',
    description: 'Этапы проекта со сроками и стоимостью работ.',
    groups: [
      { code1C: 'PL_STAGES', name: 'Этапы', multiple: true },
      { code1C: 'PL_MAIN', name: 'Пояснения' },
    ],
    fields: [
      { code1C: 'PL_STAGE_NAME', name: 'Наименование этапа', groupCode: 'PL_STAGES', type: 'text', required: true },
      { code1C: 'PL_STAGE_FROM', name: 'Начало', groupCode: 'PL_STAGES', type: 'date' },
      { code1C: 'PL_STAGE_TO', name: 'Окончание', groupCode: 'PL_STAGES', type: 'date' },
      { code1C: 'PL_STAGE_COST', name: 'Стоимость, руб.', groupCode: 'PL_STAGES', type: 'number' },
      { code1C: 'PL_COMMENT', name: 'Комментарий к плану', groupCode: 'PL_MAIN', type: 'textarea' },
    ],
    attachments: [{ code1C: 'PL_ATT_PLAN', name: 'Календарный план (подписанный)', extensions: ['pdf'] }],
  },
  {
    code1C: 'PT-ZNI',
    name: 'Запрос на изменение',
    description: 'Изменение условий договора: сроков, состава работ или сметы.',
    groups: [{ code1C: 'ZN_MAIN', name: 'Суть изменения' }],
    fields: [
      { code1C: 'ZN_SUBJECT', name: 'Что требуется изменить', groupCode: 'ZN_MAIN', type: 'select', list: ['Сроки этапа', 'Состав работ', 'Смета расходов'], required: true },
      { code1C: 'ZN_REASON', name: 'Обоснование', groupCode: 'ZN_MAIN', type: 'textarea', required: true },
      { code1C: 'ZN_NEW_DATE', name: 'Новый срок', groupCode: 'ZN_MAIN', type: 'date' },
    ],
    attachments: [{ code1C: 'ZN_ATT_LETTER', name: 'Письмо-обоснование', extensions: ['pdf'] }],
  },
  {
    code1C: 'PT-FIN-REPORT',
    name: 'Финансовый отчёт',
    description: 'Отчёт о расходовании средств гранта.',
    groups: [
      { code1C: 'FN_EXPENSES', name: 'Расходы', multiple: true },
      { code1C: 'FN_TOTAL', name: 'Итоги' },
    ],
    fields: [
      { code1C: 'FN_ITEM', name: 'Статья расходов', groupCode: 'FN_EXPENSES', type: 'text', required: true },
      { code1C: 'FN_SUM', name: 'Сумма, руб.', groupCode: 'FN_EXPENSES', type: 'number', required: true },
      { code1C: 'FN_DOC', name: 'Подтверждающий документ', groupCode: 'FN_EXPENSES', type: 'text' },
      { code1C: 'FN_TOTAL_SUM', name: 'Всего израсходовано, руб.', groupCode: 'FN_TOTAL', type: 'number' },
      { code1C: 'FN_COFIN', name: 'Софинансирование, руб.', groupCode: 'FN_TOTAL', type: 'number' },
    ],
    attachments: [{ code1C: 'FN_ATT_REGISTER', name: 'Реестр платёжных документов', extensions: ['pdf', 'xml', 'csv'] }],
  },
  {
    code1C: 'PT-EXPERT',
    name: 'Экспертное заключение',
    expertMode: true,
    description: 'Оценка заявки экспертом по критериям конкурса.',
    groups: [
      { code1C: 'EX_SCORES', name: 'Оценки по критериям' },
      { code1C: 'EX_RESULT', name: 'Заключение' },
    ],
    fields: [
      { code1C: 'EX_NOVELTY', name: 'Научная новизна (0–10)', groupCode: 'EX_SCORES', type: 'number', required: true },
      { code1C: 'EX_TEAM', name: 'Квалификация команды (0–10)', groupCode: 'EX_SCORES', type: 'number', required: true },
      { code1C: 'EX_MARKET', name: 'Рыночный потенциал (0–10)', groupCode: 'EX_SCORES', type: 'number', required: true },
      { code1C: 'EX_CONCLUSION', name: 'Текст заключения', groupCode: 'EX_RESULT', type: 'textarea', required: true },
      { code1C: 'EX_RECOMMEND', name: 'Рекомендация', groupCode: 'EX_RESULT', type: 'select', list: ['Поддержать', 'Поддержать с доработками', 'Отклонить'] },
    ],
    attachments: [],
  },
];

/** The structure a point copies from its template (the competition questionnaire or a PT- template). */
async function structureOf(s: Services, code: string) {
  const template = await s.collection<Json>('templates').get(code);
  const point = template?.point ?? taskTemplateDoc(PROJECT_TASK_TEMPLATES[0]!).point;
  return {
    templateGroups: (point.pointGroups ?? []).map((g: Json) => ({ code1C: g.code1C, name: g.name, description: g.description ?? null, multiple: !!g.multiple, readOnly: !!g.readOnly, groupIndex: g.groupIndex ?? null })),
    templateFields: (point.pointFields ?? []).map((f: Json) => ({
      code1C: f.code1C,
      name: f.name,
      groupCode: f.groupCode ?? null,
      sort: f.sort ?? 0,
      fieldType: fieldTypeRef(f.fieldType),
      printDescription: f.printDescription ?? false,
      description: f.description ?? null,
    })),
    templateAttachments: point.pointAttachments ?? [],
  };
}

const PROJECTS: Record<number, { name: string; ownerId: number; status: string }> = {
  1: { name: 'Нейросетевая платформа диагностики', ownerId: 7, status: 'Реализация' },
  2: { name: 'Умная теплица', ownerId: 8, status: 'Реализация' },
  3: { name: 'Биоразлагаемая упаковка', ownerId: 7, status: 'Реализация' },
  4: { name: 'Цифровой двойник цеха', ownerId: 100, status: 'Заключение договора' },
  5: { name: 'Система мониторинга рек', ownerId: 102, status: 'Реализация' },
  6: { name: 'Образовательная VR-платформа', ownerId: 7, status: 'Завершён' },
};

interface SeedPoint {
  name: string;
  status: string;
  owner: number;
  project?: number | null;
  template: string;
  type?: string;
  /** Start and deadline as offsets from now in hours; null = no date. */
  start?: number | null;
  deadline?: number | null;
  flags?: Partial<Record<'canEdit' | 'canSign' | 'canHold' | 'canReturnToEdit' | 'canCencelHold' | 'canAddToArchive' | 'archive' | 'signable' | 'signValid' | 'attorneyRequired', boolean>>;
  holdMode?: 'D' | 'S' | null;
  attorney?: { signer_fio: string; startDate: string; endDate: string } | null;
  managerComment?: string;
  responsible?: number;
  viewers?: number[];
  experts?: number[];
  /** Expert reviews: the project of the application under review (shown in the «Проект» column). */
  reviewedProject?: string;
  files?: { name: string; signable?: boolean; signValid?: boolean; attachCode?: string; approved?: boolean; comment?: string }[];
  values?: [string, Json, number?][];
  description?: string;
}

const REPORT_VALUES: [string, Json, number?][] = [
  ['RS_PERIOD', '01.01.2026 – 31.03.2026'],
  ['RS_SUMMARY', 'Собран и размечен датасет из 12 000 снимков, обучены три базовые модели, проведено сравнение точности на отложенной выборке.'],
  ['RS_WORK_NAME', 'Сбор и разметка датасета', 0],
  ['RS_WORK_RESULT', 'Размечено 12 000 снимков, согласованность разметчиков 0,91', 0],
  ['RS_WORK_DATE', '15.02.2026', 0],
  ['RS_WORK_NAME', 'Обучение базовых моделей', 1],
  ['RS_WORK_RESULT', 'Лучшая модель: точность 93,4 % на отложенной выборке', 1],
  ['RS_WORK_DATE', '25.03.2026', 1],
  ['RS_TEAM_FIO', 'Петров Алексей Иванович', 0],
  ['RS_TEAM_ROLE', 'Руководитель проекта', 0],
  ['RS_TEAM_FIO', 'Александрова Ирина Сергеевна', 1],
  ['RS_TEAM_ROLE', 'Ведущий инженер по данным', 1],
  ['RS_PUBLICATIONS', 2],
  ['RS_RID', '["Да"]'],
];
const PLAN_VALUES: [string, Json, number?][] = [
  ['PL_STAGE_NAME', 'Разработка прототипа', 0],
  ['PL_STAGE_FROM', '01.02.2026', 0],
  ['PL_STAGE_TO', '30.06.2026', 0],
  ['PL_STAGE_COST', 1_500_000, 0],
  ['PL_STAGE_NAME', 'Испытания и сертификация', 1],
  ['PL_STAGE_FROM', '01.07.2026', 1],
  ['PL_STAGE_TO', '31.12.2026', 1],
  ['PL_STAGE_COST', 2_500_000, 1],
  ['PL_COMMENT', 'Сроки второго этапа согласованы с испытательной лабораторией.'],
];
const FIN_VALUES: [string, Json, number?][] = [
  ['FN_ITEM', 'Оплата труда', 0],
  ['FN_SUM', 840_000, 0],
  ['FN_DOC', 'Ведомость № 14 от 31.03.2026', 0],
  ['FN_ITEM', 'Материалы и комплектующие', 1],
  ['FN_SUM', 215_300, 1],
  ['FN_DOC', 'Счёт-фактура № 208', 1],
  ['FN_TOTAL_SUM', 1_055_300],
  ['FN_COFIN', 120_000],
];
const ZNI_VALUES: [string, Json, number?][] = [
  ['ZN_SUBJECT', 'Сроки этапа'],
  ['ZN_REASON', 'Поставщик сенсоров сдвинул отгрузку на 6 недель; просим перенести окончание этапа.'],
  ['ZN_NEW_DATE', '15.08.2026'],
];
const EXPERT_VALUES: [string, Json, number?][] = [
  ['EX_NOVELTY', 8],
  ['EX_TEAM', 7],
  ['EX_MARKET', 6],
  ['EX_CONCLUSION', 'Проект обладает научной новизной, команда имеет профильный опыт; бизнес-модель требует уточнения.'],
  ['EX_RECOMMEND', 'Поддержать с доработками'],
];
const VALUES_BY_TEMPLATE: Record<string, [string, Json, number?][]> = {
  'PT-REPORT-STAGE1': REPORT_VALUES,
  'PT-PLAN': PLAN_VALUES,
  'PT-FIN-REPORT': FIN_VALUES,
  'PT-ZNI': ZNI_VALUES,
  'PT-EXPERT': EXPERT_VALUES,
};

const SIGNED_FILES = [
  { name: 'Научно-технический отчёт.pdf', signable: true, attachCode: 'RS_ATT_REPORT' },
  { name: 'Акт сдачи-приёмки работ.pdf', signable: true, attachCode: 'RS_ATT_ACT' },
  { name: 'Фото стенда.png', attachCode: 'RS_ATT_EXTRA' },
];

const ATTORNEY = { signer_fio: 'Петров Алексей Иванович', startDate: '01.01.2026', endDate: '31.12.2026' };

/** Grantee (7): > 20 points across every status, flag and date case; user (8) and the others fewer. */
const SEED_POINTS: SeedPoint[] = [
  // --- editable statuses (SPEC §4 form codes)
  { name: 'Отчёт по этапу 1: нейросетевая диагностика', status: 'NEW', owner: 7, project: 1, template: 'PT-REPORT-STAGE1', start: -5 * 24, deadline: 20 * 24, flags: { canEdit: true } },
  { name: 'Календарный план: упаковка', status: 'FILLING', owner: 7, project: 3, template: 'PT-PLAN', start: -10 * 24, deadline: 12, flags: { canEdit: true } },
  { name: 'Финансовый отчёт за I квартал', status: 'NEEDS_IMPROVEMENTS', owner: 7, project: 1, template: 'PT-FIN-REPORT', start: -20 * 24, deadline: 10 * 24, flags: { canEdit: true }, managerComment: 'Приложите платёжные поручения по статье «Материалы».' },
  { name: 'Запрос на изменение сроков VR-платформы', status: 'SUSPENDED', owner: 7, project: 6, template: 'PT-ZNI', start: -3 * 24, deadline: 30 * 24, flags: { canEdit: true } },
  { name: 'Отчёт по этапу 1: упаковка (доработка)', status: 'RETURN_TO_EDIT', owner: 7, project: 3, template: 'PT-REPORT-STAGE1', start: -15 * 24, deadline: 6 * 24, flags: { canEdit: true } },
  { name: 'Календарный план VR-платформы (на проверке)', status: 'RETURN_TO_EDIT', owner: 7, project: 6, template: 'PT-PLAN', start: -15 * 24, deadline: 8 * 24, flags: {} },
  // --- signing (SPEC §4 signing rule and sequence)
  { name: 'Отчёт по этапу 1: подписание', status: 'SIGNING_REQUIRED', owner: 7, project: 1, template: 'PT-REPORT-STAGE1', start: -7 * 24, deadline: 5 * 24, flags: { canSign: true, signable: true }, files: SIGNED_FILES },
  { name: 'Акт по этапу упаковки: подпись с МЧД', status: 'SIGNING_REQUIRED', owner: 7, project: 3, template: 'PT-REPORT-STAGE1', start: -7 * 24, deadline: 9 * 24, flags: { canSign: true, signable: true, attorneyRequired: true }, files: [{ name: 'Акт сдачи-приёмки работ.pdf', signable: true, attachCode: 'RS_ATT_ACT' }] },
  { name: 'Смета VR-платформы: МЧД загружена', status: 'SIGNING_REQUIRED', owner: 7, project: 6, template: 'PT-FIN-REPORT', start: -7 * 24, deadline: 9 * 24, flags: { canSign: true, signable: true, attorneyRequired: true }, attorney: ATTORNEY, files: [{ name: 'Реестр платёжных документов.xml', signable: true, attachCode: 'FN_ATT_REGISTER' }] },
  { name: 'Отзыв отчёта по диагностике: требуется подпись', status: 'REVIEW_WITH_SIGNING', owner: 7, project: 1, template: 'PT-REPORT-STAGE1', start: -30 * 24, deadline: 15 * 24, flags: { canSign: true, signable: true, canCencelHold: true }, holdMode: 'S', files: [{ name: 'Заявление об отзыве.pdf', signable: true, attachCode: 'RS_ATT_EXTRA' }] },
  // --- withdraw (hold) in the three modes
  { name: 'Отчёт по этапу 2: нейросетевая диагностика', status: 'IN_PROCESSING', owner: 7, project: 1, template: 'PT-REPORT-STAGE1', start: -40 * 24, deadline: 25 * 24, flags: { canHold: true, signValid: true, signable: true }, holdMode: null, files: [{ name: 'Научно-технический отчёт (этап 2).pdf', signable: true, signValid: true, attachCode: 'RS_ATT_REPORT' }] },
  { name: 'Финансовый отчёт упаковки: отзыв с подписью', status: 'IN_PROCESSING', owner: 7, project: 3, template: 'PT-FIN-REPORT', start: -40 * 24, deadline: 25 * 24, flags: { canHold: true, signable: true, signValid: true }, holdMode: 'S', files: [{ name: 'Реестр расходов.csv', signable: true, signValid: true, attachCode: 'FN_ATT_REGISTER' }] },
  { name: 'План VR-платформы: отзыв запрещён', status: 'IN_PROCESSING', owner: 7, project: 6, template: 'PT-PLAN', start: -40 * 24, deadline: 25 * 24, flags: { canHold: true }, holdMode: 'D', values: [['PL_COMMENT', 'Этапы будут внесены после согласования сметы.']] },
  { name: 'Отчёт о целевом использовании: отзыв', status: 'IN_PROCESSING', owner: 7, project: 1, template: 'PT-FIN-REPORT', start: -10 * 24, deadline: 40 * 24, flags: { canHold: true }, holdMode: null },
  { name: 'Отозванный план диагностики', status: 'SUSPENDED', owner: 7, project: 1, template: 'PT-PLAN', start: -12 * 24, deadline: 18 * 24, flags: { canCencelHold: true, canReturnToEdit: true } },
  // --- processing statuses
  { name: 'Запрос на изменение состава работ', status: 'PROCESSING_REQUIRED', owner: 7, project: 1, template: 'PT-ZNI', start: -8 * 24, deadline: 14 * 24, flags: { canReturnToEdit: true } },
  { name: 'Финансовый отчёт VR-платформы', status: 'SENT_TO_MANAGER', owner: 7, project: 6, template: 'PT-FIN-REPORT', start: -25 * 24, deadline: 4 * 24 },
  { name: 'Календарный план упаковки: внешняя экспертиза', status: 'EXTERNAL_PROCESSING', owner: 7, project: 3, template: 'PT-PLAN', start: -25 * 24, deadline: 4 * 24 },
  // --- finished and archive
  { name: 'Промежуточный отчёт (без замечаний)', status: 'NO_ACTION_REQUIRED', owner: 7, project: 1, template: 'PT-REPORT-STAGE1', start: -90 * 24, deadline: -60 * 24, flags: { canAddToArchive: true } },
  { name: 'Отчёт по этапу 0: подготовительный', status: 'COMPLETED', owner: 7, project: 1, template: 'PT-REPORT-STAGE1', start: -120 * 24, deadline: -90 * 24, flags: { canAddToArchive: true, signable: true, signValid: true }, files: [{ name: 'Отчёт этапа 0.pdf', signable: true, signValid: true, attachCode: 'RS_ATT_REPORT' }] },
  { name: 'Архивный план упаковки 2025', status: 'COMPLETED', owner: 7, project: 3, template: 'PT-PLAN', start: -300 * 24, deadline: -200 * 24, flags: { archive: true } },
  { name: 'Запрос на изменение сметы (отклонён)', status: 'REJECTED', owner: 7, project: 6, template: 'PT-ZNI', start: -60 * 24, deadline: -30 * 24, flags: { canAddToArchive: true }, managerComment: 'Изменение сметы превышает 10 % и требует решения конкурсной комиссии.' },
  { name: 'Архивный запрос VR-платформы', status: 'REJECTED', owner: 7, project: 6, template: 'PT-ZNI', start: -200 * 24, deadline: -150 * 24, flags: { archive: true } },
  // --- dates: expired, not started, none
  { name: 'Отчёт о целевом использовании средств (просрочен)', status: 'NEW', owner: 7, project: 1, template: 'PT-FIN-REPORT', start: -30 * 24, deadline: -2 * 24, flags: { canEdit: true } },
  { name: 'Календарный план упаковки на 2027 год (просрочен)', status: 'FILLING', owner: 7, project: 3, template: 'PT-PLAN', start: -20 * 24, deadline: -5, flags: { canEdit: true } },
  { name: 'Отчёт по этапу 3: VR-платформа', status: 'NEW', owner: 7, project: 6, template: 'PT-REPORT-STAGE1', start: 10 * 24, deadline: 40 * 24, flags: { canEdit: true } },
  { name: 'Анкета обратной связи по проекту', status: 'NEW', owner: 7, project: 1, template: 'PT-ZNI', start: null, deadline: null, flags: { canEdit: true } },
  // --- applications (competition "Задачи" tabs)
  { name: 'Заявка на конкурс «Старт-2026»', status: 'FILLING', owner: 7, project: null, template: 'START-2026', type: 'application', start: -14 * 24, deadline: 21 * 24, flags: { canEdit: true } },
  { name: 'Заявка на конкурс «Развитие-2026»', status: 'IN_PROCESSING', owner: 7, project: null, template: 'RAZVITIE-2026', type: 'application', start: -30 * 24, deadline: 30 * 24, flags: {} },
  { name: 'Заявка на конкурс «Кооперация-2025»', status: 'COMPLETED', owner: 7, project: null, template: 'KOOP-2025', type: 'application', start: -400 * 24, deadline: -330 * 24, flags: { canAddToArchive: true } },
  // --- the grantee as responsible user in someone else's project
  { name: 'Отчёт по этапу 1: цифровой двойник', status: 'FILLING', owner: 100, responsible: 7, project: 4, template: 'PT-REPORT-STAGE1', start: -4 * 24, deadline: 16 * 24, flags: { canEdit: true } },
  { name: 'Отчёт по этапу 1: мониторинг рек', status: 'IN_PROCESSING', owner: 102, project: 5, template: 'PT-REPORT-STAGE1', start: -20 * 24, deadline: 10 * 24, flags: {}, viewers: [5] },

  // --- ordinary user (8): «Умная теплица»
  { name: 'Отчёт по этапу 1: умная теплица', status: 'NEW', owner: 8, project: 2, template: 'PT-REPORT-STAGE1', start: -3 * 24, deadline: 27 * 24, flags: { canEdit: true } },
  { name: 'Календарный план теплицы', status: 'FILLING', owner: 8, project: 2, template: 'PT-PLAN', start: -6 * 24, deadline: 20, flags: { canEdit: true } },
  { name: 'Акт по теплице: подпись с МЧД', status: 'SIGNING_REQUIRED', owner: 8, project: 2, template: 'PT-REPORT-STAGE1', start: -5 * 24, deadline: 7 * 24, flags: { canSign: true, signable: true, attorneyRequired: true }, files: [{ name: 'Акт сдачи-приёмки работ.pdf', signable: true, attachCode: 'RS_ATT_ACT' }] },
  { name: 'Финансовый отчёт теплицы', status: 'IN_PROCESSING', owner: 8, project: 2, template: 'PT-FIN-REPORT', start: -15 * 24, deadline: 15 * 24, flags: { canHold: true }, holdMode: 'S' },
  { name: 'Запрос на изменение: теплица', status: 'COMPLETED', owner: 8, project: 2, template: 'PT-ZNI', start: -80 * 24, deadline: -50 * 24, flags: { canAddToArchive: true } },
  { name: 'Архивный отчёт теплицы 2025', status: 'COMPLETED', owner: 8, project: 2, template: 'PT-REPORT-STAGE1', start: -300 * 24, deadline: -250 * 24, flags: { archive: true } },
  { name: 'Отчёт о расходах теплицы (просрочен)', status: 'NEEDS_IMPROVEMENTS', owner: 8, project: 2, template: 'PT-FIN-REPORT', start: -30 * 24, deadline: -1 * 24, flags: { canEdit: true }, managerComment: 'Уточните сумму по статье «Оборудование».' },
  { name: 'Заявка на конкурс «Коммерциализация-2026»', status: 'FILLING', owner: 8, project: null, template: 'KOMMERC-2026', type: 'application', start: -7 * 24, deadline: 25 * 24, flags: { canEdit: true } },
  { name: 'Заявка на конкурс «УМНИК-2026»', status: 'SIGNING_REQUIRED', owner: 8, project: null, template: 'UMNIK-2026', type: 'application', start: -7 * 24, deadline: 25 * 24, flags: { canSign: true, signable: true }, files: [{ name: 'Презентация проекта.pdf', signable: true, attachCode: 'RS_ATT_EXTRA' }] },

  // --- other owners (visible to managers and monitors)
  { name: 'Календарный план цифрового двойника', status: 'NEW', owner: 100, project: 4, template: 'PT-PLAN', start: -2 * 24, deadline: 28 * 24, flags: { canEdit: true } },
  { name: 'Финансовый отчёт: мониторинг рек', status: 'SENT_TO_MANAGER', owner: 102, project: 5, template: 'PT-FIN-REPORT', start: -12 * 24, deadline: 3 * 24 },
  { name: 'Запрос на изменение: мониторинг рек', status: 'REJECTED', owner: 102, project: 5, template: 'PT-ZNI', start: -50 * 24, deadline: -20 * 24, flags: { canAddToArchive: true } },
];

/** Expert reviews (SPEC §2 "Экспертиза") assigned to the expert (5). */
const EXPERT_POINTS: SeedPoint[] = [
  { name: 'Экспертиза заявки № 1042 «Сенсорная перчатка для реабилитации»', status: 'NEW', owner: 5, reviewedProject: 'Сенсорная перчатка для реабилитации', template: 'START-2026', start: -2 * 24, deadline: 5 * 24, flags: { canEdit: true } },
  { name: 'Экспертиза заявки № 1057 «Биочип для экспресс-анализа»', status: 'FILLING', owner: 5, reviewedProject: 'Биочип для экспресс-анализа', template: 'START-2026', start: -4 * 24, deadline: 10, flags: { canEdit: true } },
  { name: 'Экспертиза заявки № 2011 «Платформа предиктивного ремонта»', status: 'SUSPENDED', owner: 5, reviewedProject: 'Платформа предиктивного ремонта', template: 'RAZVITIE-2026', start: -6 * 24, deadline: 8 * 24, flags: { canEdit: true } },
  { name: 'Экспертиза заявки № 2020 «Аддитивное производство лопаток»', status: 'IN_PROCESSING', owner: 5, reviewedProject: 'Аддитивное производство лопаток', template: 'RAZVITIE-2026', start: -10 * 24, deadline: 2 * 24 },
  { name: 'Экспертиза заявки № 3105 «Голосовой помощник для МФЦ»', status: 'COMPLETED', owner: 5, reviewedProject: 'Голосовой помощник для МФЦ', template: 'UMNIK-2026', start: -40 * 24, deadline: -20 * 24 },
  { name: 'Экспертиза заявки № 3110 «Дрон для мониторинга посевов»', status: 'NEEDS_IMPROVEMENTS', owner: 5, reviewedProject: 'Дрон для мониторинга посевов', template: 'UMNIK-2026', start: -10 * 24, deadline: -1 * 24, flags: { canEdit: true }, managerComment: 'Обоснуйте оценку рыночного потенциала.' },
];

/** A small real PDF for a demo attachment. */
function docPdf(title: string, lines: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, CreationDate: new Date(Date.UTC(2026, 0, 15)) } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const { regular, bold } = loadFonts();
    doc.font(bold).fontSize(15).text(title, { align: 'center' }).moveDown();
    doc.font(regular).fontSize(11);
    for (const line of lines) doc.text(line).moveDown(0.5);
    doc.end();
  });
}

// A 1×1 PNG (a grey pixel).
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaGCoBwAChAGAo2m9NQAAAABJRU5ErkJggg==', 'base64');

async function demoFileContent(name: string, point: string): Promise<{ mime: string; data: Buffer }> {
  const ext = name.split('.').pop()?.toLowerCase();
  if (ext === 'png') return { mime: 'image/png', data: PIXEL_PNG };
  if (ext === 'csv') return { mime: 'text/csv', data: Buffer.from('\ufeffДата;Документ;Сумма, руб.\n31.03.2026;Ведомость № 14;840000\n02.04.2026;Счёт-фактура № 208;215300\n', 'utf8') };
  if (ext === 'xml') {
    return {
      mime: 'application/xml',
      data: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<Реестр задача="${point.replace(/"/g, '')}">\n  <Документ номер="14" дата="31.03.2026" сумма="840000"/>\n  <Документ номер="208" дата="02.04.2026" сумма="215300"/>\n</Реестр>\n`, 'utf8'),
    };
  }
  return { mime: 'application/pdf', data: await docPdf(name.replace(/\.[^.]+$/, ''), [`Задача: ${point}`, 'Документ подготовлен для демонстрации личного кабинета.', 'Содержимое условное.']) };
}

export async function seedTasks(s: Services): Promise<void> {
  const templates = s.collection<Json>('templates');
  for (const t of PROJECT_TASK_TEMPLATES) if (!(await templates.get(t.code1C))) await templates.put(taskTemplateDoc(t));
  const now = s.clock.now();
  const at = (hours: number | null | undefined) => (hours === null || hours === undefined ? null : new Date(now + hours * HOUR).toISOString());
  const points = tasksOf(s);
  const attachments = attachmentsOf(s);
  const notes = notesOf(s);
  const created: Record<string, number> = {};

  const all = [...SEED_POINTS.map((p) => ({ p, expert: false })), ...EXPERT_POINTS.map((p) => ({ p, expert: true }))];
  for (const { p, expert } of all) {
    const project = p.project ? PROJECTS[p.project] : undefined;
    const structure = await structureOf(s, expert ? 'PT-EXPERT' : p.template);
    const values = (p.values ?? VALUES_BY_TEMPLATE[expert ? 'PT-EXPERT' : p.template] ?? []).map(([fieldCode, value, groupIndex]) => ({ fieldCode, value, groupIndex: groupIndex ?? 0, valueIndex: 0 }));
    const fieldCodes = new Set(structure.templateFields.map((f: Json) => f.code1C));
    const sort = apiStatus(p.status).sort;
    const flags = p.flags ?? {};
    const point = await points.insert({
      name: p.name,
      description: p.description ?? (expert ? 'Оцените заявку по критериям конкурса и сформулируйте заключение.' : `Задача проекта «${project?.name ?? 'заявка на конкурс'}».`),
      projectId: p.project ?? null,
      projectName: project?.name ?? p.reviewedProject ?? null,
      project: p.project && project ? { id: p.project, name: project.name, status: { name: project.status } } : null,
      status: apiStatus(p.status),
      type: expert ? 'expert' : (p.type ?? 'task'),
      startDate: at(p.start === undefined ? -7 * 24 : p.start),
      deadline: at(p.deadline === undefined ? 14 * 24 : p.deadline),
      closedate: sort >= 1000 ? at((p.deadline ?? 0) + 24) : null,
      ownerId: p.owner,
      responsibleUserId: p.responsible ?? p.owner,
      canEdit: flags.canEdit ?? false,
      archive: flags.archive ?? false,
      canSign: flags.canSign ?? false,
      canHold: flags.canHold ?? false,
      holdMode: p.holdMode ?? null,
      canReturnToEdit: flags.canReturnToEdit ?? false,
      canCencelHold: flags.canCencelHold ?? false,
      canAddToArchive: flags.canAddToArchive ?? false,
      signable: flags.signable ?? false,
      signValid: flags.signValid ?? false,
      attorneyRequired: flags.attorneyRequired ?? false,
      attorney: p.attorney ?? null,
      managerComment: p.managerComment ?? null,
      files: [],
      ...structure,
      values: values.filter((v) => fieldCodes.has(v.fieldCode)),
      _templateCode: p.template,
      _viewers: [...new Set([p.owner, p.responsible ?? p.owner, ...(p.viewers ?? []), ...(p.project && project ? [project.ownerId] : [])])],
      ...(expert ? { _kind: 'expert' as const, _experts: [5] } : {}),
      _statusBeforeHold:
        p.status === 'REVIEW_WITH_SIGNING' || (p.status === 'SUSPENDED' && flags.canCencelHold)
          ? { status: apiStatus('IN_PROCESSING'), canHold: true, canSign: false, canEdit: false, canReturnToEdit: false, signValid: true }
          : null,
    });
    created[p.name] = point.id;
    const files: { fileId: number; name: string }[] = [];
    for (const [i, f] of (p.files ?? []).entries()) {
      const content = await demoFileContent(f.name, p.name);
      const fileId = await saveFile(s, f.name, content.mime, content.data);
      const signFileId = f.signValid ? await saveFile(s, `${f.name}.sig`, 'application/pkcs7-signature', Buffer.from(`ДЕМО-ПОДПИСЬ ${f.name}`, 'utf8')) : null;
      const attachment = await attachments.insert({
        fileId,
        fileName: f.name,
        originalFileName: f.name,
        groupCode: null,
        groupIndex: 0,
        attachCode: f.attachCode ?? null,
        sort: i + 1,
        signable: f.signable ?? false,
        signValid: f.signValid ?? false,
        isApproved: f.approved ?? false,
        managerComment: f.comment ?? null,
        valueIndex: i,
        code1C: f.attachCode ?? null,
        _pointId: point.id,
        _ownerId: p.owner,
        _state: 'stored',
        _signFileId: signFileId,
      });
      // As the questionnaire handlers do: a point's files reference attachment ids (download-attach/{id}).
      files.push({ fileId: attachment.id, name: f.name });
    }
    if (files.length) await points.put({ ...point, files });
  }

  // Drafts (SPEC §3 Draft note): with a point → /tasks/{pointId}; without → /programs/create/{code1C}.
  const draft = async (userId: number, name: string, code1C: string, pointName?: string) => {
    const template = await templates.get(code1C);
    await notes.insert({
      name,
      code1C,
      pointId: pointName ? (created[pointName] ?? null) : null,
      pointName: pointName ?? null,
      _ownerId: userId,
      _templateCode: code1C,
      _pointCode: String(template?.templatePointCode ?? `${code1C}-POINT`),
      _values: {},
      _updatedAt: now,
    });
  };
  await draft(7, 'Заявка на конкурс «Цифровые платформы-2026»', 'CIFRA-2026');
  await draft(7, 'Заявка на конкурс «Старт-2026»', 'START-2026', 'Заявка на конкурс «Старт-2026»');
  await draft(7, 'Отчёт по этапу 1: нейросетевая диагностика', 'PT-REPORT-STAGE1', 'Отчёт по этапу 1: нейросетевая диагностика');
  await draft(7, 'Предварительная регистрация 2026', 'PREREG-2026');
  await draft(8, 'Заявка на конкурс «Коммерциализация-2026»', 'KOMMERC-2026', 'Заявка на конкурс «Коммерциализация-2026»');
  await draft(8, 'Заявка на конкурс «УМНИК-2026»', 'UMNIK-2026');
  await draft(5, 'Экспертиза заявки № 1057 «Биочип для экспресс-анализа»', 'START-2026', 'Экспертиза заявки № 1057 «Биочип для экспресс-анализа»');
}
