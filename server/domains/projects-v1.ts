import { withoutPrivate } from '../lib/stored';
import { JsonReply, badRequest, conflict, fileReply, forbidden, notFound, unprocessable, type FieldError } from '../lib/http';
import type { RequestContext, UploadedFile } from '../lib/router';
import type { OperationHandlers, OperationId } from '../lib/operations';
import { page } from '../lib/paging';
import { hasRole, type AuthUser, type Services } from '../lib/services';
import type { Json } from '../lib/spec';
import { renderPdf } from '../lib/pdf-sample';
import {
  SpreadsheetError,
  XLSX_MIME,
  cellNumber,
  cellText,
  headerKey,
  readSpreadsheet,
  writeXlsx,
  type Cell,
} from '../lib/xlsx-sample';

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
const PROJECT_EDITABLE: DocStatus[] = ['draft', 'rejected'];
/**
 * The workflow status of a project is kept beside the shared project document (collection "project_workflow",
 * keyed by project id), so the Project object itself stays exactly the API shape; its status.name shows the label.
 * Projects of the demo seed have none: they are running projects, accepted long ago.
 */
const workflowOf = (s: Services) => s.collection<{ id: number; status: DocStatus }>('project_workflow');
export async function projectDocStatus(s: Services, projectId: number): Promise<DocStatus> {
  return (await workflowOf(s).get(projectId))?.status ?? 'accepted';
}

// ------------------------------------------------------------------ spreadsheet registries (consortiums, employees, contacts)

interface Column {
  key: string;
  header: string;
  aliases?: string[];
  required?: boolean;
  min?: number;
  max?: number;
  pattern?: RegExp;
  patternMessage?: string;
  email?: boolean;
  example: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkValue(column: Column, value: string | null): string | null {
  if (value === null) return column.required ? `Не заполнено поле «${column.header}»` : null;
  if (column.min !== undefined && value.length < column.min) return `«${column.header}»: не менее ${column.min} символов`;
  if (column.max !== undefined && value.length > column.max) return `«${column.header}»: не более ${column.max} символов`;
  if (column.pattern && !column.pattern.test(value)) return column.patternMessage ?? `«${column.header}»: неверный формат`;
  if (column.email && !EMAIL.test(value)) return 'Введите корректный E-mail';
  return null;
}

interface RegistryDef {
  collection: string;
  /** For messages: "Участник консорциума не найден". */
  notFound: string;
  fileTitle: string;
  columns: Column[];
  /** Extra keys of the record computed from the input (e.g. fullname). */
  derive?: (record: Json) => Json;
  /** Checks that need the database (e.g. the Center NTI exists); returns field errors. */
  verify?: (s: Services, input: Json) => Promise<FieldError[]>;
  /** Query keys besides projectId that filter the list and export (e.g. centerNtiId). */
  filters: string[];
}

const REGISTRIES: Record<'consortiums' | 'employees' | 'contacts', RegistryDef> = {
  consortiums: {
    collection: 'consortiums',
    notFound: 'Участник консорциума не найден',
    fileTitle: 'Консорциум',
    filters: [],
    columns: [
      { key: 'name', header: 'Наименование организации', aliases: ['наименование', 'организация'], required: true, max: 1000, example: 'ООО «Сибирские сенсоры»' },
      { key: 'shortName', header: 'Краткое наименование', max: 255, example: 'Сибсенсор' },
      { key: 'inn', header: 'ИНН', pattern: /^(\d{10}|\d{12})$/, patternMessage: 'ИНН должен содержать 10 или 12 цифр', example: '5406123456' },
      { key: 'kpp', header: 'КПП', min: 9, max: 9, patternMessage: 'КПП должен содержать 9 символов', example: '540601001' },
      { key: 'ogrn', header: 'ОГРН', pattern: /^(\d{13}|\d{15})$/, patternMessage: 'ОГРН должен содержать 13 или 15 цифр', example: '1165476012345' },
      { key: 'role', header: 'Роль в консорциуме', aliases: ['роль'], max: 255, example: 'Индустриальный партнер' },
      { key: 'address', header: 'Адрес', max: 1000, example: 'г. Новосибирск, ул. Инженерная, д. 20' },
    ],
  },
  employees: {
    collection: 'employees',
    notFound: 'Сотрудник не найден',
    fileTitle: 'Сотрудники',
    filters: ['centerNtiId'],
    columns: [
      { key: 'lastname', header: 'Фамилия', required: true, max: 50, example: 'Кравцова' },
      { key: 'firstname', header: 'Имя', required: true, max: 50, example: 'Дарья' },
      { key: 'middlename', header: 'Отчество', max: 50, example: 'Игоревна' },
      { key: 'position', header: 'Должность', max: 255, example: 'Ведущий инженер' },
      { key: 'email', header: 'E-mail', aliases: ['email', 'электронная почта'], email: true, max: 255, example: 'kravtsova@example.ru' },
      { key: 'phone', header: 'Телефон', max: 50, example: '+7 (913) 555-12-34' },
    ],
    derive: (r) => ({ fullname: [r.lastname, r.firstname, r.middlename].filter(Boolean).join(' ') }),
    async verify(s, input) {
      if (input.centerNtiId === null || input.centerNtiId === undefined) return [];
      return (await s.collection('center_nti').get(input.centerNtiId)) ? [] : [{ field: 'centerNtiId', message: 'Центр НТИ не найден' }];
    },
  },
  contacts: {
    collection: 'grantee_contacts',
    notFound: 'Контакт не найден',
    fileTitle: 'Контакты грантополучателя',
    filters: [],
    columns: [
      { key: 'fio', header: 'ФИО', required: true, max: 255, example: 'Белова Марина Сергеевна' },
      { key: 'position', header: 'Должность', max: 255, example: 'Главный бухгалтер' },
      { key: 'email', header: 'E-mail', aliases: ['email', 'электронная почта'], email: true, max: 255, example: 'buh@neurotech.example.ru' },
      { key: 'phone', header: 'Телефон', max: 50, example: '+7 (383) 200-10-20' },
      { key: 'type', header: 'Вид контакта', aliases: ['тип контакта', 'тип'], max: 255, example: 'Бухгалтерия' },
    ],
  },
};

type RegistryRecord = Json & { id: number; projectId: number | null; _createdBy?: number };

/**
 * The operations of one registry (consortiums, employees, grantee contacts): the same eight operations over each
 * registry's record shape, so they take the router's untyped context (the router has checked it against the spec).
 */
type RegistryContext = RequestContext<AuthUser>;
type RegistryOperations = Record<'list' | 'create' | 'template' | 'import' | 'export' | 'get' | 'update' | 'remove', OperationId>;

function registryHandlers(s: Services, def: RegistryDef, ids: RegistryOperations): OperationHandlers {
  const col = s.collection<RegistryRecord>(def.collection);
  const toApi = (r: RegistryRecord) => withoutPrivate(r);

  async function visibleRecords(user: AuthUser, query: Record<string, Json>) {
    const staff = hasRole(user, ...STAFF_READ);
    const mine = staff ? null : await memberProjectIds(s, user);
    return (await col.all()).filter(
      (r) =>
        (staff || r._createdBy === user.id || (r.projectId !== null && mine!.has(r.projectId))) &&
        (query.projectId === undefined || r.projectId === Number(query.projectId)) &&
        def.filters.every((f) => query[f] === undefined || r[f] === Number(query[f])),
    );
  }

  /** Writing into a project needs membership (or the manager/administrator role). */
  async function checkProjectWrite(user: AuthUser, projectId: number | null | undefined) {
    if (projectId === null || projectId === undefined) return;
    const project = await projectsOf(s).get(projectId);
    if (!project) throw unprocessable([{ field: 'projectId', message: 'Проект не найден' }]);
    if (!hasRole(user, ...STAFF_DECIDE) && !isProjectMember(project, user)) throw forbidden('Нет доступа к проекту');
  }

  async function writable(id: number, user: AuthUser) {
    const record = await col.get(id);
    if (!record) throw notFound(def.notFound);
    const mine = record._createdBy === user.id || (record.projectId !== null && (await memberProjectIds(s, user)).has(record.projectId));
    if (!hasRole(user, ...STAFF_DECIDE) && !mine) throw forbidden();
    return record;
  }

  function normalise(body: Json) {
    const out: Json = {};
    for (const c of def.columns) out[c.key] = typeof body[c.key] === 'string' ? body[c.key].trim() || null : (body[c.key] ?? null);
    out.projectId = body.projectId ?? null;
    if (def.filters.includes('centerNtiId')) out.centerNtiId = body.centerNtiId ?? null;
    return { ...out, ...(def.derive?.(out) ?? {}) };
  }

  async function validateInput(input: Json) {
    const errors: FieldError[] = [];
    for (const c of def.columns) {
      const message = checkValue(c, input[c.key]);
      if (message) errors.push({ field: c.key, message });
    }
    errors.push(...((await def.verify?.(s, input)) ?? []));
    if (errors.length) throw unprocessable(errors);
  }

  const sheetRows = (records: Json[]) => [def.columns.map((c) => c.header), ...records.map((r) => def.columns.map((c) => r[c.key] ?? null))];

  return {
    async [ids.list]({ query, user }: RegistryContext) {
      return page((await visibleRecords(user, query)).map(toApi), query);
    },
    async [ids.create]({ body, user }: RegistryContext) {
      await checkProjectWrite(user, body.projectId);
      const input = normalise(body);
      await validateInput(input);
      const now = isoNow(s);
      const record = await col.insert({ ...input, createdAt: now, updatedAt: now, _createdBy: user.id });
      return new JsonReply(201, toApi(record));
    },
    async [ids.get]({ params, user }: RegistryContext) {
      const record = await col.get(Number(params.id));
      if (!record) throw notFound(def.notFound);
      if (!(await visibleRecords(user, {})).some((r) => r.id === record.id)) throw forbidden();
      return toApi(record);
    },
    async [ids.update]({ params, body, user }: RegistryContext) {
      const record = await writable(Number(params.id), user);
      await checkProjectWrite(user, body.projectId);
      const input = normalise({ ...record, ...body });
      await validateInput(input);
      return toApi(await col.put({ ...record, ...input, updatedAt: isoNow(s) }));
    },
    async [ids.remove]({ params, user }: RegistryContext) {
      const record = await writable(Number(params.id), user);
      await col.delete(record.id);
      return { success: true, message: 'Запись удалена' };
    },
    async [ids.template]() {
      const example = def.columns.map((c) => c.example);
      return fileReply(writeXlsx([{ name: def.fileTitle, rows: [def.columns.map((c) => c.header), example] }]), XLSX_MIME, `${def.fileTitle} — шаблон.xlsx`);
    },
    async [ids.export]({ query, user }: RegistryContext) {
      const records = await visibleRecords(user, query);
      return fileReply(writeXlsx([{ name: def.fileTitle, rows: sheetRows(records) }]), XLSX_MIME, `${def.fileTitle}.xlsx`);
    },
    async [ids.import]({ body, files, user }: RegistryContext) {
      const projectId = body.projectId === undefined ? null : Number(body.projectId);
      await checkProjectWrite(user, projectId);
      const extra: Json = {};
      if (def.filters.includes('centerNtiId')) extra.centerNtiId = body.centerNtiId === undefined ? null : Number(body.centerNtiId);
      const verifyErrors = (await def.verify?.(s, extra)) ?? [];
      if (verifyErrors.length) throw unprocessable(verifyErrors);

      const rows = spreadsheetRows(uploadedFile(files));
      const header = rows[0]!.map(headerKey);
      const indexOf = (c: Column) => header.findIndex((h) => h === headerKey(c.header) || (c.aliases ?? []).includes(h));
      const positions = def.columns.map(indexOf);
      const missing = def.columns.filter((c, i) => c.required && positions[i]! < 0);
      if (missing.length) {
        throw unprocessable(missing.map((c) => ({ field: 'file', message: `В файле нет столбца «${c.header}» — используйте шаблон` })));
      }
      const errors: { row: number; field: string | null; message: string }[] = [];
      let imported = 0;
      let skipped = 0;
      const now = isoNow(s);
      for (let r = 1; r < rows.length; r++) {
        const raw: Json = {};
        def.columns.forEach((c, i) => (raw[c.key] = positions[i]! >= 0 ? cellText(rows[r]![positions[i]!] ?? null) : null));
        const rowErrors = def.columns.flatMap((c) => {
          const message = checkValue(c, raw[c.key]);
          return message ? [{ row: r + 1, field: c.header, message }] : [];
        });
        if (rowErrors.length) {
          errors.push(...rowErrors);
          skipped++;
          continue;
        }
        const input = normalise({ ...raw, ...extra, projectId });
        await col.insert({ ...input, createdAt: now, updatedAt: now, _createdBy: user.id });
        imported++;
      }
      return { success: errors.length === 0, imported, skipped, errors };
    },
  };
}

// ------------------------------------------------------------------ indicator parser

const PARSER_TYPES = ['summary', 'years', 'performance', 'implementation-plan', 'additional-need'] as const;
type ParserType = (typeof PARSER_TYPES)[number];

interface ParserDef {
  title: string;
  /** Named columns the file must have (normalised header → key). */
  required: string[];
  /** Columns with numbers besides year columns. */
  numeric: string[];
  dates: string[];
  text: string[];
  /** At least one year column ("2024") is needed. */
  years: boolean;
  example: Cell[][];
}

const NAMED_COLUMNS: Record<string, string[]> = {
  code: ['код', 'код показателя', 'n п п', 'номер'],
  name: ['наименование', 'наименование показателя', 'показатель', 'мероприятие', 'наименование мероприятия', 'наименование потребности'],
  unit: ['ед изм', 'единица измерения', 'ед измерения'],
  plan: ['план', 'плановое значение'],
  fact: ['факт', 'фактическое значение'],
  dateFrom: ['начало', 'дата начала', 'срок начала'],
  dateTo: ['окончание', 'дата окончания', 'срок окончания'],
  result: ['результат', 'ожидаемый результат'],
};

const PARSERS: Record<ParserType, ParserDef> = {
  summary: {
    title: 'Сводные показатели',
    required: ['code', 'name'],
    numeric: [],
    dates: [],
    text: [],
    years: true,
    example: [
      ['Код', 'Наименование показателя', 'Ед. изм.', 2024, 2025, 2026],
      ['1', 'Выручка от реализации продукции', 'тыс. руб.', 4500, 12000, 25000],
      ['1.1', 'в том числе экспорт', 'тыс. руб.', 0, 1500, 4000],
      ['2', 'Количество созданных рабочих мест', 'ед.', 3, 6, 10],
    ],
  },
  years: {
    title: 'Показатели по годам',
    required: ['name'],
    numeric: [],
    dates: [],
    text: [],
    years: true,
    example: [
      ['Код', 'Наименование показателя', 'Ед. изм.', 2024, 2025],
      ['1', 'Объем привлеченных внебюджетных средств', 'тыс. руб.', 1500, 3000],
      ['2', 'Количество поданных заявок на РИД', 'ед.', 1, 2],
    ],
  },
  performance: {
    title: 'Показатели результативности',
    required: ['code', 'name', 'plan', 'fact'],
    numeric: ['plan', 'fact'],
    dates: [],
    text: [],
    years: false,
    example: [
      ['Код', 'Наименование показателя', 'Ед. изм.', 'План', 'Факт'],
      ['1', 'Количество опытных образцов', 'шт.', 2, 2],
      ['2', 'Количество испытаний', 'ед.', 5, 4],
    ],
  },
  'implementation-plan': {
    title: 'План реализации',
    required: ['code', 'name', 'dateFrom', 'dateTo'],
    numeric: [],
    dates: ['dateFrom', 'dateTo'],
    text: ['result'],
    years: false,
    example: [
      ['Код', 'Наименование мероприятия', 'Начало', 'Окончание', 'Результат'],
      ['1', 'Разработка конструкторской документации', '01.02.2025', '30.04.2025', 'Комплект КД'],
      ['2', 'Изготовление опытного образца', '01.05.2025', '31.08.2025', 'Опытный образец'],
    ],
  },
  'additional-need': {
    title: 'Дополнительная потребность',
    required: ['name', 'unit'],
    numeric: [],
    dates: [],
    text: [],
    years: true,
    example: [
      ['Код', 'Наименование потребности', 'Ед. изм.', 2025, 2026],
      ['1', 'Лабораторное оборудование', 'тыс. руб.', 800, 0],
      ['2', 'Сертификация продукции', 'тыс. руб.', 250, 300],
    ],
  },
};

const COLUMN_TITLES: Record<string, string> = {
  code: 'Код',
  name: 'Наименование',
  unit: 'Ед. изм.',
  plan: 'План',
  fact: 'Факт',
  dateFrom: 'Начало',
  dateTo: 'Окончание',
  result: 'Результат',
};

/** Parses an uploaded indicator spreadsheet into rows; cell problems are listed in `errors` (valueIndex = row index). */
export function parseIndicators(type: ParserType, rows: Cell[][]) {
  const def = PARSERS[type];
  const headerRowIndex = rows.findIndex((r) => r.some((c) => NAMED_COLUMNS.name!.includes(headerKey(c))));
  if (headerRowIndex < 0) throw unprocessable([{ field: 'file', message: 'В файле не найдена строка заголовков (столбец «Наименование»)' }]);
  const header = rows[headerRowIndex]!;
  const named: Record<string, number> = {};
  const yearColumns: { index: number; year: number }[] = [];
  const otherColumns: { index: number; key: string }[] = [];
  header.forEach((cell, index) => {
    const key = headerKey(cell);
    if (!key) return;
    const namedKey = Object.entries(NAMED_COLUMNS).find(([, aliases]) => aliases.includes(key))?.[0];
    if (namedKey && named[namedKey] === undefined) named[namedKey] = index;
    else if (/^\d{4}$/.test(key) && Number(key) >= 2000 && Number(key) <= 2100) yearColumns.push({ index, year: Number(key) });
    else otherColumns.push({ index, key });
  });
  const missing = def.required.filter((k) => named[k] === undefined);
  const structural: FieldError[] = missing.map((k) => ({ field: 'file', message: `В файле нет столбца «${COLUMN_TITLES[k]}»` }));
  if (def.years && yearColumns.length === 0) structural.push({ field: 'file', message: 'В файле нет столбцов с годами (например, 2025)' });
  if (structural.length) throw unprocessable(structural);

  const errors: FieldError[] = [];
  const out: Json[] = [];
  const codes = new Set<string>();
  for (let r = headerRowIndex + 1; r < rows.length; r++) {
    const row = rows[r]!;
    const rowIndex = out.length;
    const at = (k: string) => (named[k] === undefined ? null : (row[named[k]!] ?? null));
    const code = cellText(at('code'));
    const name = cellText(at('name'));
    if (!name) {
      errors.push({ field: COLUMN_TITLES.name, message: `Строка ${r + 1}: не заполнено наименование`, valueIndex: rowIndex });
    }
    if (code && codes.has(code)) errors.push({ field: COLUMN_TITLES.code, message: `Строка ${r + 1}: код ${code} повторяется`, valueIndex: rowIndex });
    if (code) codes.add(code);
    const values: Record<string, number | string | boolean | null> = {};
    for (const { index, year } of yearColumns) {
      const n = cellNumber(row[index] ?? null);
      if (Number.isNaN(n)) {
        errors.push({ field: String(year), message: `Строка ${r + 1}, ${year}: значение должно быть числом`, valueIndex: rowIndex });
        values[String(year)] = null;
      } else values[String(year)] = n as number | null;
    }
    for (const key of def.numeric) {
      const n = cellNumber(at(key));
      if (Number.isNaN(n)) {
        errors.push({ field: COLUMN_TITLES[key], message: `Строка ${r + 1}, «${COLUMN_TITLES[key]}»: значение должно быть числом`, valueIndex: rowIndex });
        values[key] = null;
      } else values[key] = n as number | null;
    }
    for (const key of def.dates) {
      const d = cellDate(at(key));
      if (d === null) {
        errors.push({ field: COLUMN_TITLES[key], message: `Строка ${r + 1}, «${COLUMN_TITLES[key]}»: ожидается дата ДД.ММ.ГГГГ`, valueIndex: rowIndex });
        values[key] = null;
      } else values[key] = d ? ddmmyyyy(d) : null;
    }
    if (def.dates.length === 2) {
      const [from, to] = def.dates.map((k) => cellDate(at(k)));
      if (from && to && from > to) {
        errors.push({ field: COLUMN_TITLES.dateTo, message: `Строка ${r + 1}: окончание раньше начала`, valueIndex: rowIndex });
      }
    }
    for (const key of def.text) values[key] = cellText(at(key));
    for (const { index, key } of otherColumns) values[key] = row[index] ?? null;
    out.push({
      code,
      name: name ?? '',
      unit: cellText(at('unit')),
      parentCode: code && code.includes('.') ? code.slice(0, code.lastIndexOf('.')) : null,
      values,
    });
  }
  if (!out.length) throw unprocessable([{ field: 'file', message: 'В файле нет строк с показателями' }]);
  return { type, years: yearColumns.map((y) => y.year), rows: out, errors };
}

// ------------------------------------------------------------------ Center NTI

export interface CenterNti {
  id: number;
  fullTitle: string;
  shortTitle: string;
  programNumber: string;
  codePpp: string;
}

// ------------------------------------------------------------------ tickets

export const TICKET_STATUS_NAMES: Record<string, string> = {
  draft: 'Черновик',
  new: 'Новая',
  'blank-ready': 'Бланк сформирован',
  signed: 'Подписана',
  sent: 'Отправлена',
  accepted: 'Принята',
  rejected: 'Отклонена',
  cancelled: 'Отменена',
};
/** Statuses a new ticket may be created with (SPEC §7 body {projectId, status}). */
const TICKET_INITIAL = ['draft', 'new'];
/** Ticket actions (PATCH ticket/{id}/{action}); who may run them and from which status (assumed). */
const TICKET_ACTIONS: Record<string, { from: string[]; to: string; staffOnly?: boolean; title: string }> = {
  send: { from: ['signed'], to: 'sent', title: 'отправить заявку' },
  accept: { from: ['sent'], to: 'accepted', staffOnly: true, title: 'принять заявку' },
  reject: { from: ['sent'], to: 'rejected', staffOnly: true, title: 'отклонить заявку' },
  cancel: { from: ['draft', 'new', 'blank-ready', 'signed'], to: 'cancelled', title: 'отменить заявку' },
  'to-draft': { from: ['rejected', 'cancelled'], to: 'draft', title: 'вернуть заявку в черновик' },
};
const TICKET_BLANK_FROM = ['draft', 'new', 'blank-ready'];

type StoredTicket = {
  id: number;
  projectId: number;
  status: string;
  statusName: string;
  fileId: number | null;
  signatureFileId: number | null;
  createdAt: string;
  updatedAt: string;
  _createdBy: number;
};
const toApiTicket = (t: StoredTicket) => withoutPrivate(t);

// ------------------------------------------------------------------ templates (GET /v1/projects/template)

/** Template types of GET /v1/projects/template (values not shown in SPEC; these match the uploads they feed). */
export function projectTemplate(type: string): { name: string; rows: Cell[][] } | null {
  if ((PARSER_TYPES as readonly string[]).includes(type)) {
    const def = PARSERS[type as ParserType];
    return { name: def.title, rows: def.example };
  }
  const registry = { consortiums: REGISTRIES.consortiums, employees: REGISTRIES.employees, 'grantee-contacts': REGISTRIES.contacts }[type];
  if (registry) return { name: registry.fileTitle, rows: [registry.columns.map((c) => c.header), registry.columns.map((c) => c.example)] };
  return null;
}
export const PROJECT_TEMPLATE_TYPES = [...PARSER_TYPES, 'consortiums', 'employees', 'grantee-contacts'];

// ------------------------------------------------------------------ handlers

export function projects_v1Handlers(s: Services): OperationHandlers {
  const projects = projectsOf(s);
  const comments = s.collection<Json & { id: number; projectId: number }>('project_comments');
  const centers = s.collection<CenterNti>('center_nti');
  const tickets = s.collection<StoredTicket>('tickets');

  async function findTemplateName(code: string): Promise<string | null> {
    for (const name of ['templates', 'competitions']) {
      const found = (await s.collection<Json & { id: Json }>(name).where({ code1C: code }))[0];
      if (found?.name) return String(found.name);
    }
    const known = (await projects.all()).find((p) => p.templateCode === code);
    return known ? known.template.name : null;
  }

  async function transition(id: number, user: AuthUser, action: string, comment: string | null) {
    const project = await projects.get(id);
    if (!project) throw notFound('Проект не найден');
    const member = isProjectMember(project, user);
    const roles: Record<string, boolean> = {
      'send-for-approval': member || hasRole(user, ...STAFF_DECIDE),
      review: hasRole(user, ...STAFF_READ),
      accept: hasRole(user, ...STAFF_DECIDE),
      reject: hasRole(user, ...STAFF_DECIDE),
    };
    if (!canReadProject(project, user)) throw forbidden('Нет доступа к проекту');
    if (!roles[action]) throw forbidden('Недостаточно прав для этого действия с проектом');
    const to = nextStatus(PROJECT_TRANSITIONS, action, await projectDocStatus(s, id), 'проект');
    await workflowOf(s).put({ id, status: to });
    await projects.put({ ...project, status: { ...project.status, name: DOC_STATUS_NAMES[to] } });
    if (comment) {
      await comments.insert({ projectId: id, comment, userId: user.id, fullname: fullNameOf(user), createdAt: isoNow(s), _action: action });
    }
    return { success: true, message: `Статус проекта: ${DOC_STATUS_NAMES[to]}` };
  }

  async function ticketFor(id: number, user: AuthUser) {
    const ticket = await tickets.get(id);
    if (!ticket) throw notFound('Заявка не найдена');
    const project = await projects.get(ticket.projectId);
    const visible = hasRole(user, ...STAFF_READ) || ticket._createdBy === user.id || (project && isProjectMember(project, user));
    if (!visible) throw forbidden('Нет доступа к заявке');
    return { ticket, project };
  }

  const parser = (type: ParserType) => async ({ body, files, user }: { body: Json; files: Record<string, UploadedFile[]>; user: AuthUser }) => {
    if (body.projectId !== undefined) {
      const project = await projects.get(Number(body.projectId));
      if (!project) throw unprocessable([{ field: 'projectId', message: 'Проект не найден' }]);
      if (!canReadProject(project, user)) throw unprocessable([{ field: 'projectId', message: 'Нет доступа к проекту' }]);
    }
    const file = uploadedFile(files);
    const result = parseIndicators(type, spreadsheetRows(file));
    await s.collection<Json>('indicator_uploads').insert({
      type,
      projectId: body.projectId === undefined ? null : Number(body.projectId),
      fileId: await storeFile(s, { name: file.fileName, mime: file.mimeType, data: file.data }),
      rows: result.rows.length,
      errors: result.errors.length,
      userId: user.id,
      createdAt: isoNow(s),
    });
    return result;
  };

  return {
    // ---------------------------------------------------------------- projects
    async projectCreate({ body, user }) {
      if (!hasRole(user, 1, 2, 7, 8)) throw forbidden('Создавать проекты могут заявители, победители и менеджеры');
      const templateName = await findTemplateName(body.templateCode);
      if (!templateName) throw unprocessable([{ field: 'templateCode', message: 'Конкурс с таким кодом не найден' }]);
      const created = await projects.insert({
        name: body.name.trim(),
        description: body.description ?? null,
        files: [],
        status: { name: DOC_STATUS_NAMES.draft },
        template: { name: templateName },
        templateCode: body.templateCode,
        briefcaseCode: body.briefcaseCode ?? null,
        counterparty: body.counterparty ?? user.work_company ?? null,
        inn: body.inn ?? null,
        contractNo: body.contractNo ?? null,
        plan: body.plan ?? [],
        users: [{ id: user.id, fullname: fullNameOf(user) }],
        zniButton: false,
        ridButton: false,
        ownerId: user.id,
      } as Omit<StoredProject, 'id'>);
      await workflowOf(s).put({ id: created.id, status: 'draft' });
      return new JsonReply(201, created);
    },
    async projectUpdate({ params, body, user }) {
      const project = await projects.get(Number(params.id));
      if (!project) throw notFound('Проект не найден');
      if (!isProjectMember(project, user) && !hasRole(user, ...STAFF_DECIDE)) throw forbidden('Изменять проект может его участник или менеджер');
      const status = await projectDocStatus(s, project.id);
      if (!PROJECT_EDITABLE.includes(status)) throw conflict(`Проект в статусе «${DOC_STATUS_NAMES[status]}» изменить нельзя`);
      const next: StoredProject = { ...project };
      if (body.templateCode !== undefined && body.templateCode !== project.templateCode) {
        const templateName = await findTemplateName(body.templateCode);
        if (!templateName) throw unprocessable([{ field: 'templateCode', message: 'Конкурс с таким кодом не найден' }]);
        next.template = { name: templateName };
      }
      for (const key of ['name', 'description', 'templateCode', 'briefcaseCode', 'counterparty', 'inn', 'contractNo', 'plan'] as const) {
        const value = body[key];
        if (value !== undefined) (next as Record<string, unknown>)[key] = typeof value === 'string' ? value.trim() : value;
      }
      return await projects.put(next);
    },
    async projectAccept({ params, user }) {
      return transition(Number(params.id), user, 'accept', null);
    },
    async projectReject({ params, body, user }) {
      const comment = body.comment.trim();
      if (!comment) throw unprocessable([{ field: 'comment', message: 'Укажите причину отклонения' }]);
      return transition(Number(params.id), user, 'reject', comment);
    },
    async projectSendForApproval({ params, body, user }) {
      return transition(Number(params.id), user, 'send-for-approval', body.comment?.trim() || null);
    },
    async projectReview({ params, body, user }) {
      return transition(Number(params.id), user, 'review', body?.comment?.trim() || null);
    },
    async projectCommentsList({ params, user }) {
      await readableProject(s, Number(params.id), user);
      return (await comments.where({ projectId: Number(params.id) })).map(toApiComment);
    },
    async projectCommentCreate({ params, body, user }) {
      await readableProject(s, Number(params.id), user);
      const text = body.comment.trim();
      if (!text) throw unprocessable([{ field: 'comment', message: 'Заполните поле' }]);
      const created = await comments.insert({ projectId: Number(params.id), comment: text, userId: user.id, fullname: fullNameOf(user), createdAt: isoNow(s) });
      return new JsonReply(201, toApiComment(created));
    },

    // ---------------------------------------------------------------- Center NTI
    async centerNtiList({ query }) {
      return page(await centers.all(), query);
    },
    async centerNtiCreate({ body, user }) {
      if (!hasRole(user, ...STAFF_DECIDE)) throw forbidden('Центры НТИ ведут менеджеры и администраторы');
      const input = {
        fullTitle: body.fullTitle.trim(),
        shortTitle: body.shortTitle.trim(),
        programNumber: body.programNumber.trim(),
        codePpp: body.codePpp,
      };
      const errors: FieldError[] = [];
      for (const key of ['fullTitle', 'shortTitle', 'programNumber'] as const) if (!input[key]) errors.push({ field: key, message: 'Заполните поле' });
      // SPEC §5: codePpp 7 characters — "Номер Центра НТИ в системе 1С 7 символов".
      if (input.codePpp.length !== 7) errors.push({ field: 'codePpp', message: 'Номер Центра НТИ в системе 1С 7 символов' });
      else if ((await centers.where({ codePpp: input.codePpp })).length) errors.push({ field: 'codePpp', message: 'Центр НТИ с таким номером в системе 1С уже есть' });
      if (errors.length) throw unprocessable(errors);
      return new JsonReply(201, await centers.insert(input));
    },
    async centerNtiDelete({ params, user }) {
      if (!hasRole(user, ...STAFF_DECIDE)) throw forbidden('Центры НТИ ведут менеджеры и администраторы');
      const id = Number(params.id);
      if (!(await centers.get(id))) throw notFound('Центр НТИ не найден');
      await centers.delete(id);
      // Employees of the removed center stay, without a center.
      const employees = s.collection<Json & { id: number }>('employees');
      for (const e of await employees.where({ centerNtiId: id })) await employees.put({ ...e, centerNtiId: null, updatedAt: isoNow(s) });
      return { success: true, message: 'Центр НТИ удален' };
    },

    // ---------------------------------------------------------------- indicator parser
    indicatorParserSummary: parser('summary'),
    indicatorParserYears: parser('years'),
    indicatorParserPerformance: parser('performance'),
    indicatorParserImplementationPlan: parser('implementation-plan'),
    indicatorParserAdditionalNeed: parser('additional-need'),

    // ---------------------------------------------------------------- exports and templates
    async projectsExport({ user }) {
      const visible = (await projects.all()).filter((p) => canReadProject(p, user));
      const rows: Cell[][] = [
        ['ID', 'Проект', 'Конкурс', 'Статус', 'Контрагент', 'ИНН', 'Номер договора'],
        ...visible.map((p) => [p.id, p.name, p.template?.name ?? null, p.status?.name ?? null, p.counterparty ?? null, p.inn ?? null, p.contractNo ?? null]),
      ];
      return fileReply(writeXlsx([{ name: 'Проекты', rows }]), XLSX_MIME, 'Проекты.xlsx');
    },
    async projectExportDocument({ query, user }) {
      const project = await readableProject(s, Number(query.projectId), user);
      const pdf = await renderPdf({
        title: `Паспорт проекта № ${project.id}`,
        subtitle: project.name,
        createdAt: new Date(s.clock.now()),
        blocks: [
          {
            kind: 'pairs',
            pairs: [
              ['Конкурс', project.template?.name ?? ''],
              ['Статус', project.status?.name ?? ''],
              ['Контрагент', project.counterparty ?? ''],
              ['ИНН', project.inn ?? ''],
              ['Номер договора', project.contractNo ?? ''],
            ],
          },
          ...(project.description ? [{ kind: 'heading' as const, text: 'Описание' }, { kind: 'paragraph' as const, text: String(project.description).replace(/<[^>]+>/g, ' ') }] : []),
          ...(project.plan?.length
            ? [
                { kind: 'heading' as const, text: 'План мероприятий' },
                {
                  kind: 'table' as const,
                  columns: ['Этап', 'Начало', 'Окончание'],
                  widths: [295, 100, 100],
                  rows: project.plan.map((st) => [st.name, ddmmyyyy(st.dateFrom), ddmmyyyy(st.dateTo)]),
                },
              ]
            : []),
        ],
      });
      return fileReply(pdf, 'application/octet-stream', `Проект ${project.id}.pdf`);
    },
    async projectExportProgram({ query, user }) {
      const project = await readableProject(s, Number(query.projectId), user);
      const rows: Cell[][] = [
        ['Код', 'Наименование мероприятия', 'Описание', 'Начало', 'Окончание'],
        ...(project.plan ?? []).map((st) => [st.code1C, st.name, st.description ?? null, ddmmyyyy(st.dateFrom), ddmmyyyy(st.dateTo)]),
      ];
      return fileReply(writeXlsx([{ name: 'Программа реализации', rows }]), 'application/octet-stream', `Программа реализации проекта ${project.id}.xlsx`);
    },
    async projectTemplateDownload({ query }) {
      const template = projectTemplate(String(query.templateType));
      if (!template) throw notFound(`Шаблон «${query.templateType}» не найден; доступны: ${PROJECT_TEMPLATE_TYPES.join(', ')}`);
      return fileReply(writeXlsx([{ name: template.name, rows: template.rows }]), 'application/octet-stream', `${template.name} — шаблон.xlsx`);
    },

    // ---------------------------------------------------------------- consortiums, employees, grantee contacts
    ...registryHandlers(s, REGISTRIES.consortiums, {
      list: 'consortiumsList',
      create: 'consortiumCreate',
      template: 'consortiumsTemplate',
      import: 'consortiumsImport',
      export: 'consortiumsExport',
      get: 'consortiumGet',
      update: 'consortiumUpdate',
      remove: 'consortiumDelete',
    }),
    ...registryHandlers(s, REGISTRIES.employees, {
      list: 'employeesList',
      create: 'employeeCreate',
      template: 'employeesTemplate',
      import: 'employeesImport',
      export: 'employeesExport',
      get: 'employeeGet',
      update: 'employeeUpdate',
      remove: 'employeeDelete',
    }),
    ...registryHandlers(s, REGISTRIES.contacts, {
      list: 'granteeContactsList',
      create: 'granteeContactCreate',
      template: 'granteeContactsTemplate',
      import: 'granteeContactsImport',
      export: 'granteeContactsExport',
      get: 'granteeContactGet',
      update: 'granteeContactUpdate',
      remove: 'granteeContactDelete',
    }),

    // ---------------------------------------------------------------- tickets
    async ticketCreate({ body, user }) {
      const project = await projects.get(body.projectId);
      if (!project) throw notFound('Проект не найден');
      if (!isProjectMember(project, user) && !hasRole(user, ...STAFF_DECIDE)) throw forbidden('Нет доступа к проекту');
      if (!TICKET_INITIAL.includes(body.status)) {
        throw unprocessable([{ field: 'status', message: `Новая заявка создается в статусе ${TICKET_INITIAL.map((t) => `«${t}»`).join(' или ')}` }]);
      }
      const now = isoNow(s);
      const ticket = await tickets.insert({
        projectId: project.id,
        status: body.status,
        statusName: TICKET_STATUS_NAMES[body.status]!,
        fileId: null,
        signatureFileId: null,
        createdAt: now,
        updatedAt: now,
        _createdBy: user.id,
      });
      return new JsonReply(201, toApiTicket(ticket));
    },
    async ticketGet({ params, user }) {
      return toApiTicket((await ticketFor(Number(params.id), user)).ticket);
    },
    async ticketBlank({ params, user }) {
      const { ticket, project } = await ticketFor(Number(params.id), user);
      if (!TICKET_BLANK_FROM.includes(ticket.status)) {
        throw conflict(`Бланк нельзя сформировать для заявки в статусе «${TICKET_STATUS_NAMES[ticket.status]}»`);
      }
      const pdf = await renderTicketBlank(s, ticket, project);
      const fileId = await storeFile(s, { name: `Бланк заявки ${ticket.id}.pdf`, mime: 'application/pdf', data: pdf });
      const updated = await tickets.put({
        ...ticket,
        fileId,
        signatureFileId: null,
        status: 'blank-ready',
        statusName: TICKET_STATUS_NAMES['blank-ready']!,
        updatedAt: isoNow(s),
      });
      return toApiTicket(updated);
    },
    async ticketAction({ params, user }) {
      const action = String(params.action);
      const rule = TICKET_ACTIONS[action];
      if (!rule) throw badRequest(`Неизвестное действие с заявкой: «${action}»; доступны: ${Object.keys(TICKET_ACTIONS).join(', ')}, blank`);
      const { ticket } = await ticketFor(Number(params.id), user);
      if (rule.staffOnly && !hasRole(user, ...STAFF_DECIDE)) throw forbidden('Действие доступно менеджеру');
      if (!rule.from.includes(ticket.status)) {
        throw conflict(`Нельзя ${rule.title} в статусе «${TICKET_STATUS_NAMES[ticket.status]}»`);
      }
      const updated = await tickets.put({ ...ticket, status: rule.to, statusName: TICKET_STATUS_NAMES[rule.to]!, updatedAt: isoNow(s) });
      return toApiTicket(updated);
    },
    async ticketSignatureCreate({ body, user }) {
      const { ticket } = await ticketFor(body.ticketId, user);
      const errors: FieldError[] = [];
      if (ticket.status !== 'blank-ready') errors.push({ field: 'ticketId', message: 'Подписать можно только заявку со сформированным бланком' });
      if (!(await fileExists(s, body.fileId))) errors.push({ field: 'fileId', message: 'Файл подписи не найден' });
      else if (body.fileId === ticket.fileId) errors.push({ field: 'fileId', message: 'Файл подписи не может совпадать с бланком' });
      if (errors.length) throw unprocessable(errors);
      await tickets.put({ ...ticket, signatureFileId: body.fileId, status: 'signed', statusName: TICKET_STATUS_NAMES.signed!, updatedAt: isoNow(s) });
      return { success: true, message: 'Подпись прикреплена к заявке' };
    },
  };
}

function renderTicketBlank(s: Services, ticket: StoredTicket, project: StoredProject | null) {
  return renderPdf({
    title: `Бланк заявки № ${ticket.id}`,
    subtitle: project?.name ?? `Проект ${ticket.projectId}`,
    createdAt: new Date(s.clock.now()),
    blocks: [
      {
        kind: 'pairs',
        pairs: [
          ['Проект', project ? `${project.id} — ${project.name}` : String(ticket.projectId)],
          ['Грантополучатель', project?.counterparty ?? ''],
          ['ИНН', project?.inn ?? ''],
          ['Номер договора', project?.contractNo ?? ''],
          ['Дата формирования', ddmmyyyy(isoNow(s))],
        ],
      },
      { kind: 'paragraph', text: 'Настоящим подтверждаем достоверность сведений, представленных в заявке.' },
      { kind: 'paragraph', text: 'Руководитель организации ____________________ / ____________________ /' },
    ],
  });
}

const toApiComment = (c: Json) => withoutPrivate(c);

// ------------------------------------------------------------------ seed

export const CENTER_NTI_SEED: Omit<CenterNti, 'id'>[] = [
  { fullTitle: 'Центр компетенций НТИ «Технологии беспроводной связи и интернета вещей» на базе Сколковского института науки и технологий', shortTitle: 'ЦК НТИ «Беспроводная связь»', programNumber: 'НТИ-2018-01', codePpp: '0000101' },
  { fullTitle: 'Центр компетенций НТИ «Технологии хранения и анализа больших данных» на базе МГУ имени М. В. Ломоносова', shortTitle: 'ЦК НТИ «Большие данные»', programNumber: 'НТИ-2018-02', codePpp: '0000102' },
  { fullTitle: 'Центр компетенций НТИ «Новые производственные технологии» на базе СПбПУ Петра Великого', shortTitle: 'ЦК НТИ «Новые производственные технологии»', programNumber: 'НТИ-2018-03', codePpp: '0000103' },
  { fullTitle: 'Центр компетенций НТИ «Технологии компонентов робототехники и мехатроники» на базе Университета Иннополис', shortTitle: 'ЦК НТИ «Робототехника»', programNumber: 'НТИ-2019-04', codePpp: '0000104' },
  { fullTitle: 'Центр компетенций НТИ «Нейротехнологии, технологии виртуальной и дополненной реальности» на базе ДВФУ', shortTitle: 'ЦК НТИ «Нейротехнологии и VR/AR»', programNumber: 'НТИ-2019-05', codePpp: '0000105' },
];

/** Demo employees: [lastname, firstname, middlename, position, projectId, centerNtiId] (Center NTI ids follow CENTER_NTI_SEED). */
export const EMPLOYEE_SEED = [
  ['Кравцова', 'Дарья', 'Игоревна', 'Ведущий инженер', 1, 1],
  ['Гусев', 'Артем', 'Владимирович', 'Руководитель лаборатории', 1, 1],
  ['Ахметова', 'Лилия', 'Рустамовна', 'Аналитик данных', 2, 2],
  ['Сорокин', 'Илья', 'Павлович', 'Инженер-конструктор', 3, 3],
  ['Фролова', 'Наталья', 'Олеговна', 'Менеджер проекта', 4, 4],
  ['Мельников', 'Кирилл', 'Андреевич', 'Программист', 5, 5],
  ['Зуева', 'Татьяна', 'Михайловна', 'Научный сотрудник', 6, 2],
] as const;

export async function seedProjectsV1(s: Services): Promise<void> {
  const now = s.clock.now();
  const at = (daysAgo: number) => new Date(now - daysAgo * 86400000).toISOString();
  for (const c of CENTER_NTI_SEED) await s.collection<CenterNti>('center_nti').insert(c);

  const projectIds = (await projectsOf(s).all()).map((p) => p.id);
  const has = (id: number) => projectIds.includes(id);
  const pid = (id: number) => (has(id) ? id : null);

  const consortiums = s.collection<Json>('consortiums');
  const members = [
    { projectId: 1, name: 'Общество с ограниченной ответственностью «Сибирские сенсоры»', shortName: 'ООО «Сибсенсор»', inn: '5406123456', kpp: '540601001', ogrn: '1165476012345', role: 'Индустриальный партнер', address: 'г. Новосибирск, ул. Инженерная, д. 20' },
    { projectId: 1, name: 'Федеральное государственное бюджетное учреждение науки Институт автоматики и электрометрии СО РАН', shortName: 'ИАиЭ СО РАН', inn: '5408105577', kpp: '540801001', ogrn: '1025403650660', role: 'Научная организация', address: 'г. Новосибирск, пр-т Академика Коптюга, д. 1' },
    { projectId: 2, name: 'Акционерное общество «Казанский завод точного машиностроения»', shortName: 'АО «КЗТМ»', inn: '1659012345', kpp: '165901001', ogrn: '1021603629874', role: 'Производственный партнер', address: 'г. Казань, ул. Техническая, д. 5' },
    { projectId: 3, name: 'Федеральное государственное автономное образовательное учреждение высшего образования «Томский политехнический университет»', shortName: 'ТПУ', inn: '7018007264', kpp: '701701001', ogrn: '1027000890168', role: 'Образовательная организация', address: 'г. Томск, пр-т Ленина, д. 30' },
  ];
  for (const m of members) await consortiums.insert({ ...m, projectId: pid(m.projectId), createdAt: at(120), updatedAt: at(30), _createdBy: 7 });

  const employees = s.collection<Json>('employees');
  for (const [lastname, firstname, middlename, position, projectId, centerNtiId] of EMPLOYEE_SEED) {
    const login = `${lastname.toLowerCase()}`.replace(/[^a-zа-я]/g, '');
    await employees.insert({
      lastname,
      firstname,
      middlename,
      fullname: `${lastname} ${firstname} ${middlename}`,
      position,
      email: `${translit(login)}@project${projectId}.example.ru`,
      phone: `+7 (913) 4${projectId}0-1${centerNtiId}-2${projectId}`,
      projectId: pid(projectId),
      centerNtiId,
      createdAt: at(200 - projectId * 10),
      updatedAt: at(20),
      _createdBy: 7,
    });
  }

  const contacts = s.collection<Json>('grantee_contacts');
  const contactRows = [
    [1, 'Петров Алексей Иванович', 'Генеральный директор', 'grantee@demo.grants.example.ru', '+7 (383) 200-10-10', 'Руководитель'],
    [1, 'Белова Марина Сергеевна', 'Главный бухгалтер', 'buh@neurotech.example.ru', '+7 (383) 200-10-20', 'Бухгалтерия'],
    [2, 'Иванова Ольга Сергеевна', 'Руководитель проекта', 'user@demo.grants.example.ru', '+7 (843) 210-30-40', 'Руководитель'],
    [3, 'Ершов Василий Николаевич', 'Технический директор', 'ershov@agrodron.example.ru', '+7 (3822) 55-12-12', 'Технические вопросы'],
    [4, 'Носова Анастасия Петровна', 'Юрист', 'nosova@biosintez.example.ru', '+7 (846) 300-40-50', 'Юридические вопросы'],
    [5, 'Кириллов Олег Валерьевич', 'Финансовый директор', 'kirillov@umgorod.example.ru', '+7 (342) 270-11-22', 'Финансы'],
    [6, 'Яшина Екатерина Львовна', 'Руководитель проекта', 'yashina@labdata.example.ru', '+7 (473) 255-66-77', 'Руководитель'],
  ] as const;
  for (const [projectId, fio, position, email, phone, type] of contactRows) {
    await contacts.insert({ projectId: pid(projectId), fio, position, email, phone, type, createdAt: at(150), updatedAt: at(15), _createdBy: 7 });
  }

  const comments = s.collection<Json>('project_comments');
  const commentRows = [
    [1, 1, 'Соколова Анна Викторовна', 'Прошу актуализировать календарный план: второй этап сдвигается на месяц.', 40],
    [1, 7, 'Петров Алексей Иванович', 'Календарный план обновлен, новая редакция приложена к задаче «Запрос на изменение».', 38],
    [2, 4, 'Морозов Игорь Андреевич', 'Отчет о ходе работ принят без замечаний.', 12],
  ] as const;
  for (const [projectId, userId, fullname, comment, daysAgo] of commentRows) {
    if (has(projectId)) await comments.insert({ projectId, comment, userId, fullname, createdAt: at(daysAgo) });
  }

  const tickets = s.collection<StoredTicket>('tickets');
  const ticketRows: [number, string][] = [
    [1, 'new'],
    [1, 'sent'],
    [2, 'accepted'],
    [3, 'draft'],
    [4, 'rejected'],
  ];
  for (const [i, [projectId, status]] of ticketRows.entries()) {
    const project = await projectsOf(s).get(projectId);
    if (!project) continue;
    const ticket = await tickets.insert({
      projectId,
      status,
      statusName: TICKET_STATUS_NAMES[status]!,
      fileId: null,
      signatureFileId: null,
      createdAt: at(60 - i * 7),
      updatedAt: at(50 - i * 7),
      _createdBy: project.ownerId ?? 7,
    });
    // Tickets past signing carry their blank and a detached signature, as the flow blank → signature → send leaves them.
    if (['sent', 'accepted', 'rejected'].includes(status)) {
      const fileId = await storeFile(s, { name: `Бланк заявки ${ticket.id}.pdf`, mime: 'application/pdf', data: await renderTicketBlank(s, ticket, project) });
      const signatureFileId = await storeFile(s, {
        name: `Бланк заявки ${ticket.id}.pdf.sig`,
        mime: 'application/pkcs7-signature',
        data: Buffer.from(`ДЕМО — не является электронной подписью. Заявка ${ticket.id}.`, 'utf8'),
      });
      await tickets.put({ ...ticket, fileId, signatureFileId });
    }
  }
}

const TRANSLIT: Record<string, string> = { а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sch', ы: 'y', э: 'e', ю: 'yu', я: 'ya', ь: '', ъ: '' };
const translit = (s: string) => [...s].map((c) => TRANSLIT[c] ?? c).join('');
