import type { UploadedFile } from '../lib/router';
import type { OperationHandlers } from '../lib/operations';
import { hasRole, type AuthUser, type Services } from '../lib/services';
import { fileReply, forbidden, notFound, RawReply, unprocessable, type FieldError } from '../lib/http';
import { apiStatus, fieldTypeRef, pointsOf, toApiPoint, type StoredPoint } from '../lib/points';
import type { Json } from '../lib/spec';
import {
  ORGANISATIONS,
  demoQuestionnaires,
  isValidInn10,
  type SeedAttachment,
  type SeedField,
  type SeedQuestionnaire,
  type ParsedItem,
} from '../seed/templates';
import { simplePdf } from '../seed/pdf';
import { MESSAGES, checkValue, fileRulesOf } from './questionnaire-rules';

/**
 * Questionnaires, applications, attachments and recognition (SPEC §2 "Application / questionnaire form", §3, §4
 * "Recognition", §5, §7 "Tasks v2" application/attachment/recognition calls).
 *
 * Storage (shared with the tasks, signing and projects domains):
 * - "templates": questionnaires keyed by code1C (API `Questionnaire` + `id` = code1C).
 * - "points": points created from applications (server/lib/points.ts), template structure copied in.
 * - "attachments": API `AttachedFile` + private keys: `_pointId` (null until an application creates its point),
 *   `_ownerId`, `_public` (competition materials), `_state` ("stored" | "recognising"), `_pdfLines` (seeded
 *   materials rendered on first download). Bytes live in the `files` table (`fileId`).
 * - "recognitions": parsed documents awaiting accept/decline.
 * - "notes": draft notes (API `DraftNote` + `_ownerId`, `_templateCode`, `_pointCode`, `_values`).
 */
export type StoredAttachment = {
  id: number;
  fileId: number | null;
  fileName: string;
  originalFileName: string | null;
  groupCode: string | null;
  groupIndex: number | null;
  attachCode: string | null;
  sort: number | null;
  signable: boolean;
  signValid: boolean;
  isApproved: boolean;
  managerComment: string | null;
  valueIndex: number | null;
  code1C: string | null;
  _pointId: number | null;
  _ownerId: number | null;
  _public?: boolean;
  _state: 'stored' | 'recognising';
  _pdfLines?: string[];
};

interface StoredRecognition {
  id: string;
  attachmentId: number;
  items: ParsedItem[];
  pointId: number | null;
  userId: number;
  accepted: boolean;
}

export interface StoredNote {
  id: number;
  pointId: number | null;
  pointName: string | null;
  name: string;
  code1C: string | null;
  _ownerId: number;
  _templateCode: string;
  _pointCode: string;
  _values: Record<string, { value: unknown; groupIndex?: number; valueIndex?: number }[]>;
  _updatedAt: number;
}

type PointValue = { fieldCode: string; value: string | number | boolean | null; groupIndex: number; valueIndex: number; fieldType: { id: number; dataType: string } };
type ValuesBody = Record<string, { value: string | number | boolean | null; groupIndex?: number; valueIndex?: number }[]>;

export const templatesOf = (s: Services) => s.collection<SeedQuestionnaire>('templates');
export const attachmentsOf = (s: Services) => s.collection<StoredAttachment>('attachments');
const recognitionsOf = (s: Services) => s.collection<StoredRecognition>('recognitions');
export const notesOf = (s: Services) => s.collection<StoredNote>('notes');

/** Point statuses in which the owner edits the questionnaire (SPEC §4, with canEdit). */
export const EDITABLE_STATUSES = ['NEW', 'FILLING', 'NEEDS_IMPROVEMENTS', 'SUSPENDED', 'RETURN_TO_EDIT'];
const FILE_FIELD_MAX = 104_857_600;
const DROP_ZONE_MAX = 20_971_520;

const strip = <T extends object>(doc: T) =>
  Object.fromEntries(Object.entries(doc).filter(([k]) => !k.startsWith('_') && k !== 'id')) as Omit<T, `_${string}` | 'id'>;

const publicAttachment = (a: StoredAttachment) => toApiPoint(a);

const extensionOf = (name: string) => (name.includes('.') ? name.split('.').pop()!.toLowerCase() : '');
const mb = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;
const formatDate = (iso: string) => {
  const d = new Date(new Date(iso).getTime() + 3 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}.${p(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
};

export async function storeFile(s: Services, name: string, mime: string, data: Buffer): Promise<number> {
  const id = await s.db.nextId('files');
  await s.db.query('INSERT INTO files (id, name, mime, size, content, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [id, name, mime, data.length, data, s.clock.now()]);
  return id;
}

async function readFile(s: Services, id: number): Promise<{ name: string; mime: string; content: Buffer } | null> {
  const row = await s.db.one<{ name: string; mime: string; content: Uint8Array }>('SELECT name, mime, content FROM files WHERE id = $1', [id]);
  return row ? { name: row.name, mime: row.mime, content: Buffer.from(row.content) } : null;
}

/** Template structure as copied into a point (API Point templateGroups/templateFields/templateAttachments). */
export function templateStructure(q: SeedQuestionnaire) {
  return {
    templateGroups: q.point.pointGroups,
    templateFields: q.point.pointFields.map((f) => ({
      code1C: f.code1C,
      name: f.name,
      groupCode: f.groupCode,
      sort: f.sort,
      fieldType: fieldTypeRef(f.fieldType),
      printDescription: !!f.description,
      description: f.description ?? null,
    })),
    templateAttachments: q.point.pointAttachments,
  };
}

/** SPEC §3 value save item → API PointValue[] (only known fields are kept). */
export function toPointValues(q: SeedQuestionnaire, values: ValuesBody): PointValue[] {
  const out: PointValue[] = [];
  for (const field of q.point.pointFields) {
    for (const entry of values[field.code1C] ?? []) {
      out.push({
        fieldCode: field.code1C,
        value: entry.value,
        groupIndex: entry.groupIndex ?? 0,
        valueIndex: entry.valueIndex ?? 0,
        fieldType: { id: field.fieldType.id, dataType: field.fieldType.dataType },
      });
    }
  }
  return out;
}

interface LocatedField {
  template: SeedQuestionnaire;
  field: SeedField;
}

export function questionnaireHandlers(s: Services): OperationHandlers {
  let fieldIndex: Map<string, LocatedField> | null = null;
  let attachIndex: Map<string, { template: SeedQuestionnaire; attachment?: SeedAttachment; field?: SeedField }> | null = null;

  async function indexes() {
    if (fieldIndex && attachIndex) return { fields: fieldIndex, attachments: attachIndex };
    fieldIndex = new Map();
    attachIndex = new Map();
    for (const template of await templatesOf(s).all()) {
      for (const field of template.point.pointFields) {
        fieldIndex.set(field.code1C, { template, field });
        if (field.fieldType.dataType === 'file' || field.fieldType.dataType === 'dropFile') attachIndex.set(field.code1C, { template, field });
      }
      for (const attachment of template.point.pointAttachments) attachIndex.set(attachment.code1C, { template, attachment });
    }
    return { fields: fieldIndex, attachments: attachIndex };
  }

  async function templateOf(code: string): Promise<SeedQuestionnaire> {
    const template = await templatesOf(s).get(code);
    if (!template) throw notFound('Анкета конкурса не найдена');
    return template;
  }

  async function pointFor(user: AuthUser, id: number, mode: 'read' | 'edit'): Promise<StoredPoint> {
    const point = await pointsOf(s).get(id);
    if (!point) throw notFound('Проектная точка не найдена');
    const responsible = (point as { responsibleUserId?: number | null }).responsibleUserId;
    const mine = point.ownerId === user.id || responsible === user.id;
    const viewer = mine || point._viewers?.includes(user.id) || hasRole(user, 1, 4, 10);
    if (mode === 'read' && !viewer) throw forbidden('Нет доступа к проектной точке');
    if (mode === 'edit') {
      if (!mine) throw forbidden('Редактировать проектную точку может только её владелец или ответственный');
      if (!EDITABLE_STATUSES.includes(point.status.code1C) || point.canEdit !== true) {
        throw unprocessable([{ message: 'Проектная точка недоступна для редактирования' }]);
      }
    }
    return point;
  }

  /** SPEC §8: a questionnaire outside the filling window answers with a message (the client toasts and goes back). */
  async function assertFillingOpen(template: SeedQuestionnaire) {
    const competition = (await s.collection<{ id: number; code1C: string; dateTo: string | null; dateFillFrom: string | null; name: string }>('competitions').where({ code1C: template.code1C }))[0];
    const now = s.clock.now();
    const from = competition?.dateFillFrom ?? template.dateFillFrom;
    if (from && Date.parse(from) > now) throw unprocessable([{ message: `Заполнение анкеты станет доступно ${formatDate(from)}` }]);
    if (competition?.dateTo && Date.parse(competition.dateTo) < now) throw unprocessable([{ message: `Приём заявок по конкурсу ${competition.name} завершён` }]);
  }

  function validateValues(template: SeedQuestionnaire, values: ValuesBody, full: boolean, skip: Set<string> = new Set()): FieldError[] {
    const errors: FieldError[] = [];
    const groups = new Map(template.point.pointGroups.map((g) => [g.code1C, g]));
    // Group instances present in the body (a repeatable group may have several, each must be complete).
    const instances = new Map<string, Set<number>>();
    for (const field of template.point.pointFields) {
      for (const entry of values[field.code1C] ?? []) {
        const key = field.groupCode ?? '';
        if (!instances.has(key)) instances.set(key, new Set([0]));
        instances.get(key)!.add(entry.groupIndex ?? 0);
      }
    }
    for (const field of template.point.pointFields) {
      if (skip.has(field.code1C) || field.readOnly) continue;
      const dataType = field.fieldType.dataType;
      if (['group', 'actionButton', 'rules', 'hidden'].includes(dataType)) continue;
      const group = field.groupCode ? groups.get(field.groupCode) : undefined;
      if (group?.readOnly) continue;
      const entries = values[field.code1C] ?? [];
      const groupIndexes = [...(instances.get(field.groupCode ?? '') ?? new Set([0]))];
      for (const groupIndex of groupIndexes) {
        const own = entries.filter((e) => (e.groupIndex ?? 0) === groupIndex);
        if (own.length === 0) {
          const message = checkValue(field, '', { full, server: true });
          if (message) errors.push({ field: field.code1C, message, groupIndex, valueIndex: 0 });
          continue;
        }
        const nonEmpty = own.some((e) => e.value !== null && String(e.value).trim() !== '');
        own.forEach((entry, i) => {
          // For a multi-value field only the first empty slot counts against "required".
          const message = checkValue(field, entry.value, { full: full && (!nonEmpty ? i === 0 : false), server: true });
          if (message) errors.push({ field: field.code1C, message, groupIndex, valueIndex: entry.valueIndex ?? i });
        });
      }
    }
    return errors;
  }

  function projectNameOf(template: SeedQuestionnaire, values: ValuesBody, project?: { name?: string; description?: string }) {
    const nameField = template.point.pointFields.find((f) => f.paramName === 'projectName');
    const descriptionField = template.point.pointFields.find((f) => f.paramName === 'projectDescription');
    const fromField = (f?: SeedField) => (f ? String(values[f.code1C]?.[0]?.value ?? '').trim() : '');
    return {
      name: project?.name?.trim() || fromField(nameField),
      description: project?.description?.trim() || fromField(descriptionField),
      hasNameField: !!nameField,
    };
  }

  /** Files referenced in values (file fields and attachments) that the user uploaded before the point existed. */
  async function linkPendingFiles(user: AuthUser, template: SeedQuestionnaire, values: ValuesBody, pointId: number) {
    const codes = new Set([
      ...template.point.pointAttachments.map((a) => a.code1C),
      ...template.point.pointFields.filter((f) => f.fieldType.dataType === 'file' || f.fieldType.dataType === 'dropFile').map((f) => f.code1C),
    ]);
    const linked: StoredAttachment[] = [];
    for (const [code, entries] of Object.entries(values)) {
      if (!codes.has(code)) continue;
      for (const entry of entries) {
        const id = Number(entry.value);
        if (!Number.isInteger(id) || id <= 0) continue;
        const attachment = await attachmentsOf(s).get(id);
        if (!attachment || attachment._ownerId !== user.id || (attachment._pointId !== null && attachment._pointId !== pointId)) continue;
        const updated = { ...attachment, _pointId: pointId, _state: 'stored' as const, groupIndex: entry.groupIndex ?? 0, valueIndex: entry.valueIndex ?? 0 };
        await attachmentsOf(s).put(updated);
        linked.push(updated);
      }
    }
    return linked;
  }

  function definitionFor(template: SeedQuestionnaire, code: string) {
    const attachment = template.point.pointAttachments.find((a) => a.code1C === code);
    const field = template.point.pointFields.find((f) => f.code1C === code);
    return { attachment, field };
  }

  /** SPEC §5 "File field" / "Drop file": extension and size of an upload. */
  function checkUpload(file: UploadedFile, def: { attachment?: SeedAttachment; field?: SeedField }): string | null {
    const ext = extensionOf(file.fileName);
    if (def.field) {
      const rules = fileRulesOf(def.field);
      const drop = def.field.fieldType.dataType === 'dropFile';
      const max = rules.maxSize ?? (drop ? DROP_ZONE_MAX : FILE_FIELD_MAX);
      if (rules.extensions && !rules.extensions.includes(ext)) {
        return drop
          ? `Неверный формат файла. Небходимо загрузить файл с расширением ${rules.extensions.join(', ')}`
          : `Формат файла не поддерживается. Допустимые форматы: ${rules.extensions.join(', ')}`;
      }
      if (file.data.length > max) return drop ? `Максимальный размер файла ${mb(max)}МБ` : `Размер файла превышает ${mb(max)}Mb`;
      return null;
    }
    const fileType = def.attachment?.fileType;
    const max = fileType?.maxSize ?? DROP_ZONE_MAX;
    if (fileType?.extensions?.length && !fileType.extensions.includes(ext)) {
      return `Неверный формат файла. Небходимо загрузить файл с расширением ${fileType.extensions.join(', ')}`;
    }
    if (file.data.length > max) return `Максимальный размер файла ${mb(max)}МБ`;
    return null;
  }

  async function canReadAttachment(user: AuthUser, a: StoredAttachment) {
    if (a._public) return true;
    if (a._pointId === null) return a._ownerId === user.id;
    await pointFor(user, a._pointId, 'read');
    return true;
  }

  async function attachmentBytes(a: StoredAttachment) {
    if (a.fileId === null && a._pdfLines) {
      const fileId = await storeFile(s, a.fileName, 'application/pdf', await simplePdf(a._pdfLines));
      a = { ...a, fileId };
      await attachmentsOf(s).put(a);
    }
    const file = a.fileId !== null ? await readFile(s, a.fileId) : null;
    if (!file) throw notFound('Файл не найден');
    return file;
  }

  async function saveUpload(user: AuthUser, file: UploadedFile, code: string, valueIndex: number, pointId: number | null, def: { attachment?: SeedAttachment; field?: SeedField }, state: StoredAttachment['_state']) {
    const fileId = await storeFile(s, file.fileName, file.mimeType || 'application/octet-stream', file.data);
    const id = await s.db.nextId('attachments');
    const attachment: StoredAttachment = {
      id,
      fileId,
      fileName: file.fileName,
      originalFileName: file.fileName,
      groupCode: def.attachment?.groupCode ?? def.field?.groupCode ?? null,
      groupIndex: 0,
      attachCode: code,
      sort: id,
      signable: !!def.field?.signable || def.attachment?.fileTypeId === 3,
      signValid: false,
      isApproved: false,
      managerComment: null,
      valueIndex,
      code1C: code,
      _pointId: pointId,
      _ownerId: user.id,
      _state: state,
    };
    await attachmentsOf(s).insert(attachment);
    return attachment;
  }

  async function removeAttachment(a: StoredAttachment) {
    await attachmentsOf(s).delete(a.id);
    if (a.fileId !== null) await s.db.query('DELETE FROM files WHERE id = $1', [a.fileId]);
  }

  const recognitionKey = (userId: number, pointId: number | null | undefined, code: string, fileIndex: number | undefined) =>
    `${userId}:${pointId ?? 'new'}:${code}:${fileIndex ?? 0}`;

  return {
    // ------------------------------------------------------------ questionnaire
    async applicationGet({ params, user: me }) {
      const id = String(params.id);
      if (/^\d+$/.test(id)) {
        const point = await pointFor(me, Number(id), 'read');
        const template = await templateOf(point._templateCode);
        const states = ((point as Json)._fieldStates ?? {}) as Record<string, { isApproved?: boolean; managerComment?: string | null; readOnly?: boolean }>;
        const parced = ((point as Json)._parcedValues ?? []) as ParsedItem[];
        const q = strip(template);
        return {
          ...q,
          point: {
            ...template.point,
            name: point.name,
            pointFields: template.point.pointFields.map((f) => ({ ...f, ...(states[f.code1C] ?? {}) })),
            parcedValues: parced,
          },
        };
      }
      const template = await templateOf(id);
      await assertFillingOpen(template);
      return strip(template);
    },

    async applicationCreate({ body, user: me }) {
      const request = body as { project?: { name?: string; description?: string }; pointId?: number; code1C: string; templateCode: string; values: ValuesBody };
      if (request.pointId) {
        // An existing point (e.g. re-created from a draft): same as saving it and sending it on.
        const point = await pointFor(me, request.pointId, 'edit');
        const template = await templateOf(point._templateCode);
        const errors = validateValues(template, request.values, true);
        if (errors.length) throw unprocessable(errors);
        await finishPoint(point, template, request.values, 'send');
        return { pointId: point.id, projectId: point.projectId ?? undefined, success: true, message: 'Проект успешно создан' };
      }
      const template = await templateOf(request.templateCode);
      await assertFillingOpen(template);
      if (template.dateSubmitFrom && Date.parse(template.dateSubmitFrom) > s.clock.now()) {
        throw unprocessable([{ message: `Отправка заявок станет доступна ${formatDate(template.dateSubmitFrom)}` }]);
      }
      if (request.code1C !== template.templatePointCode) throw unprocessable([{ field: 'code1C', message: 'Неверный код точки шаблона' }]);
      const project = projectNameOf(template, request.values, request.project);
      const errors = validateValues(template, request.values, true);
      if (!project.hasNameField && !project.name) errors.unshift({ field: 'projectName', message: MESSAGES.required, groupIndex: 0, valueIndex: 0 });
      if (errors.length) throw unprocessable(errors);

      const signable = template.point.pointFields.some((f) => f.signable);
      const statusCode = signable ? 'SIGNING_REQUIRED' : 'IN_PROCESSING';
      const competition = (await s.collection<{ id: number; code1C: string; dateTo: string | null }>('competitions').where({ code1C: template.code1C }))[0];
      const now = new Date(s.clock.now()).toISOString();
      const point = (await pointsOf(s).insert({
        name: template.point.name,
        description: project.description || null,
        projectId: null,
        projectName: project.name,
        project: null,
        status: apiStatus(statusCode),
        type: 'application',
        startDate: now,
        deadline: competition?.dateTo ?? null,
        closedate: null,
        ownerId: me.id,
        responsibleUserId: me.id,
        canEdit: false,
        canSign: signable,
        canHold: true,
        holdMode: null,
        canReturnToEdit: true,
        canCencelHold: false,
        canAddToArchive: false,
        archive: false,
        signable,
        signValid: false,
        attorneyRequired: false,
        attorney: null,
        managerComment: null,
        files: [],
        ...templateStructure(template),
        values: toPointValues(template, request.values),
        _templateCode: template.code1C,
        _createdAt: s.clock.now(),
      } as unknown as Omit<StoredPoint, 'id'>)) as StoredPoint;
      const linked = await linkPendingFiles(me, template, request.values, point.id);
      // Accepted recognitions made before the point existed now belong to it.
      const parced: ParsedItem[] = [];
      for (const r of await recognitionsOf(s).where({ userId: me.id, pointId: null, accepted: true })) {
        if (linked.some((a) => a.id === r.attachmentId)) parced.push(...r.items);
        await recognitionsOf(s).delete(r.id);
      }
      await pointsOf(s).put({ ...point, files: linked.map((a) => ({ fileId: a.id, name: a.fileName })), _parcedValues: parced } as StoredPoint);
      for (const note of await notesOf(s).where({ _ownerId: me.id, _templateCode: template.code1C, pointId: null })) await notesOf(s).delete(note.id);
      return { pointId: point.id, success: true, message: 'Проект успешно создан' };
    },

    async applicationNoteSave({ body, user: me }) {
      const request = body as { code1C: string; pointCode: string; values: ValuesBody };
      const template = await templateOf(request.code1C);
      if (request.pointCode !== template.templatePointCode) throw unprocessable([{ field: 'pointCode', message: 'Неверный код точки шаблона' }]);
      // A draft keeps whatever is typed: only the format of filled values is checked, nothing is required.
      const errors = validateValues(template, request.values, false);
      if (errors.length) throw unprocessable(errors);
      const project = projectNameOf(template, request.values);
      const existing = (await notesOf(s).where({ _ownerId: me.id, _templateCode: template.code1C, pointId: null }))[0];
      const note: Omit<StoredNote, 'id'> & { id?: number } = {
        ...(existing ? { id: existing.id } : {}),
        pointId: null,
        pointName: template.point.name,
        name: project.name || `Черновик заявки «${template.name}»`,
        code1C: template.code1C,
        _ownerId: me.id,
        _templateCode: template.code1C,
        _pointCode: request.pointCode,
        _values: request.values,
        _updatedAt: s.clock.now(),
      };
      const saved = existing ? await notesOf(s).put(note as StoredNote) : await notesOf(s).insert(note);
      return toApiPoint(saved);
    },

    async projectPointSubmit({ params, body, user }) {
      return savePoint(user, Number(params.id), (body as { values: ValuesBody }).values, 'send');
    },
    async projectPointSave({ params, body, user }) {
      return savePoint(user, Number(params.id), (body as { values: ValuesBody }).values, 'save');
    },

    async valueValidate({ body }) {
      const request = body as { fieldCode?: string; code?: string; value: unknown };
      const code = request.fieldCode ?? request.code;
      if (!code) throw unprocessable([{ field: 'fieldCode', message: 'Не указано поле' }]);
      const located = (await indexes()).fields.get(code);
      if (!located) throw unprocessable([{ field: code, message: `Неизвестное поле ${code}` }]);
      const message = checkValue(located.field, typeof request.value === 'object' && request.value !== null ? JSON.stringify(request.value) : request.value, { full: false, server: true });
      if (message) throw unprocessable([{ field: code, message }], message);
      return { valid: true };
    },

    async companyByInn({ params }) {
      const inn = String(params.inn);
      if (inn.length === 10 && !isValidInn10(inn)) throw unprocessable([{ field: 'inn', message: MESSAGES.innChecksum }]);
      const org = ORGANISATIONS.find((o) => o.inn === inn);
      if (!org) throw notFound(`Организация с ИНН ${inn} не найдена`);
      return {
        inn,
        values: { granteeINN: org.inn, granteeName: org.name, granteeKPP: org.kpp, granteeOGRN: org.ogrn, granteeOKTMO: org.oktmo, granteeAddress: org.address },
      };
    },

    // ------------------------------------------------------------ attachments
    async attachUpload({ body, files, user: me }) {
      const request = body as { attachCode: string; valueIndex?: number; pointId?: number };
      const file = files.file?.[0];
      if (!file) throw unprocessable([{ field: 'file', message: 'Файл не выбран' }]);
      let template: SeedQuestionnaire;
      if (request.pointId) template = await templateOf((await pointFor(me, request.pointId, 'edit'))._templateCode);
      else {
        const found = (await indexes()).attachments.get(request.attachCode);
        if (!found) throw notFound('Вложение не найдено');
        template = found.template;
      }
      const def = definitionFor(template, request.attachCode);
      if (!def.attachment && !def.field) throw notFound('Вложение не найдено');
      const problem = checkUpload(file, def);
      if (problem) throw unprocessable([{ field: request.attachCode, message: problem, valueIndex: request.valueIndex ?? 0 }]);
      if (def.field?.fieldType.dataType === 'dropFile' && !def.field.multiple && request.pointId) {
        const existing = await attachmentsOf(s).where({ _pointId: request.pointId, attachCode: request.attachCode, valueIndex: request.valueIndex ?? 0 });
        if (existing.length) throw unprocessable([{ field: request.attachCode, message: 'Данное поле поддерживает загрузку только одного файла' }]);
      }
      const saved = await saveUpload(me, file, request.attachCode, request.valueIndex ?? 0, request.pointId ?? null, def, 'stored');
      if (request.pointId) {
        const point = await pointsOf(s).get(request.pointId);
        if (point) await pointsOf(s).put({ ...point, files: [...((point.files as Json[]) ?? []), { fileId: saved.id, name: saved.fileName }] } as StoredPoint);
      }
      return publicAttachment(saved);
    },

    async attachList({ query, user: me }) {
      const pointId = Number(query['filter[pointId]']);
      await pointFor(me, pointId, 'read');
      const match: Record<string, unknown> = { _pointId: pointId, _state: 'stored' };
      if (query['filter[attachCode]']) match.attachCode = String(query['filter[attachCode]']);
      return (await attachmentsOf(s).where(match)).map(publicAttachment);
    },

    async attachDownload({ params, query, user: me }) {
      const attachment = await attachmentsOf(s).get(Number(params.id));
      if (!attachment || !(await canReadAttachment(me, attachment))) throw notFound('Файл не найден');
      const file = await attachmentBytes(attachment);
      if (query.txt === 'Y') return new RawReply(file.content.toString('base64'), 'text/plain; charset=utf-8');
      return fileReply(file.content, 'application/octet-stream', attachment.fileName);
    },

    async attachDownloadLink({ params, user: me }) {
      const attachment = await attachmentsOf(s).get(Number(params.id));
      if (!attachment || !(await canReadAttachment(me, attachment))) throw notFound('Файл не найден');
      return { link: `/hosts/main/v2/projects/download-attach/${attachment.id}` };
    },

    async attachDelete({ params, user: me }) {
      const attachment = await attachmentsOf(s).get(Number(params.id));
      if (!attachment || attachment._public) throw notFound('Файл не найден');
      if (attachment._pointId !== null) await pointFor(me, attachment._pointId, 'edit');
      else if (attachment._ownerId !== me.id) throw forbidden('Удалить файл может только его владелец');
      // SPEC §5 "Drop file": an approved file cannot be deleted.
      if (attachment.isApproved) throw unprocessable([{ field: attachment.attachCode ?? 'file', message: 'Файл согласован и не может быть удален' }]);
      await removeAttachment(attachment);
      if (attachment._pointId !== null) {
        const point = await pointsOf(s).get(attachment._pointId);
        if (point) {
          await pointsOf(s).put({
            ...point,
            files: ((point.files as { fileId: number }[]) ?? []).filter((f) => f.fileId !== attachment.id),
            values: ((point.values as PointValue[]) ?? []).filter((v) => !(v.fieldCode === attachment.attachCode && String(v.value) === String(attachment.id))),
          } as StoredPoint);
        }
      }
      return { success: true, message: 'Файл удален' };
    },

    // ------------------------------------------------------------ recognition (SPEC §4)
    async recognitionParseFile({ params, body, files, user: me }) {
      const code = String(params.id);
      const request = body as { fileIndex?: number; pointId?: number };
      const file = files.file?.[0];
      if (!file) throw unprocessable([{ field: 'file', message: 'Файл не выбран' }]);
      let template: SeedQuestionnaire;
      if (request.pointId) template = await templateOf((await pointFor(me, request.pointId, 'edit'))._templateCode);
      else {
        const found = (await indexes()).attachments.get(code);
        if (!found) throw notFound('Вложение не найдено');
        template = found.template;
      }
      const def = definitionFor(template, code);
      if (!def.attachment) throw notFound('Вложение не найдено');
      if (!def.attachment.parcelable) throw unprocessable([{ field: code, message: 'Документ этого вида не распознаётся' }]);
      const problem = checkUpload(file, def);
      if (problem) throw unprocessable([{ field: code, message: problem }]);
      const key = recognitionKey(me.id, request.pointId, code, request.fileIndex);
      const previous = await recognitionsOf(s).get(key);
      if (previous && !previous.accepted) {
        const old = await attachmentsOf(s).get(previous.attachmentId);
        if (old) await removeAttachment(old);
      }
      const attachment = await saveUpload(me, file, code, request.fileIndex ?? 0, request.pointId ?? null, def, 'recognising');
      const items = recognise(code, file, template);
      await recognitionsOf(s).put({ id: key, attachmentId: attachment.id, items, pointId: request.pointId ?? null, userId: me.id, accepted: false });
      return { items, file: publicAttachment(attachment) };
    },

    async recognitionAcceptFile({ body, user: me }) {
      const request = body as { attachementCode: string; fileIndex?: number; pointId?: number | null };
      const key = recognitionKey(me.id, request.pointId, request.attachementCode, request.fileIndex);
      const recognition = await recognitionsOf(s).get(key);
      if (!recognition) throw notFound('Результат распознавания не найден');
      if (recognition.items.some((i) => i.values.some((v) => v.error))) {
        throw unprocessable([{ field: request.attachementCode, message: 'Исправьте ошибки в файле и загрузите его повторно' }]);
      }
      const attachment = await attachmentsOf(s).get(recognition.attachmentId);
      if (attachment) await attachmentsOf(s).put({ ...attachment, _state: 'stored' });
      if (request.pointId) {
        const point = await pointFor(me, request.pointId, 'edit');
        const template = await templateOf(point._templateCode);
        const values = ((point.values as PointValue[]) ?? []).filter((v) => !recognition.items.some((i) => i.code1C === v.fieldCode));
        for (const item of recognition.items) {
          const field = template.point.pointFields.find((f) => f.code1C === item.code1C);
          if (!field) continue;
          item.values.forEach((v, valueIndex) => values.push({ fieldCode: field.code1C, value: v.value, groupIndex: 0, valueIndex, fieldType: { id: field.fieldType.id, dataType: field.fieldType.dataType } }));
        }
        const parced = [...(((point as Json)._parcedValues ?? []) as ParsedItem[]), ...recognition.items];
        await pointsOf(s).put({ ...point, values, files: attachment ? [...((point.files as Json[]) ?? []), { fileId: attachment.id, name: attachment.fileName }] : point.files, _parcedValues: parced } as StoredPoint);
        await recognitionsOf(s).delete(key);
      } else {
        await recognitionsOf(s).put({ ...recognition, accepted: true });
      }
      return { success: true, message: 'Данные документа добавлены в анкету' };
    },

    async recognitionDeclineFile({ body, user: me }) {
      const request = body as { attachementCode: string; fileIndex?: number; pointId?: number | null };
      const key = recognitionKey(me.id, request.pointId, request.attachementCode, request.fileIndex);
      const recognition = await recognitionsOf(s).get(key);
      if (!recognition) throw notFound('Результат распознавания не найден');
      const attachment = await attachmentsOf(s).get(recognition.attachmentId);
      if (attachment && attachment._state === 'recognising') await removeAttachment(attachment);
      await recognitionsOf(s).delete(key);
      return { success: true, message: 'Загрузка отменена' };
    },

    async recognitionFileValues({ body, user: me }) {
      const request = body as { attachementCode: string; fileIndex?: number; pointId?: number | null };
      const recognition = await recognitionsOf(s).get(recognitionKey(me.id, request.pointId, request.attachementCode, request.fileIndex));
      if (recognition) {
        const attachment = await attachmentsOf(s).get(recognition.attachmentId);
        return { items: recognition.items, ...(attachment ? { file: publicAttachment(attachment) } : {}) };
      }
      if (request.pointId) {
        const point = await pointFor(me, request.pointId, 'read');
        const template = await templateOf(point._templateCode);
        const parced = (((point as Json)._parcedValues ?? []) as ParsedItem[]).filter((i) => {
          const field = template.point.pointFields.find((f) => f.code1C === i.code1C);
          const def = template.point.pointAttachments.find((a) => a.code1C === request.attachementCode);
          return field && def && field.groupCode === def.groupCode;
        });
        if (parced.length) return { items: parced };
      }
      throw notFound('Результат распознавания не найден');
    },

    async recognitionExampleFile({ params }) {
      const code = String(params.code);
      const example = await exampleFile(code);
      if (!example) throw notFound('Образец файла не найден');
      return fileReply(example.content, 'application/octet-stream', example.name);
    },
  };

  async function finishPoint(point: StoredPoint, template: SeedQuestionnaire, values: ValuesBody, mode: 'save' | 'send') {
    const states = ((point as Json)._fieldStates ?? {}) as Record<string, { isApproved?: boolean }>;
    const locked = new Set(template.point.pointFields.filter((f) => f.readOnly || states[f.code1C]?.isApproved).map((f) => f.code1C));
    const old = ((point.values as PointValue[]) ?? []).filter((v) => locked.has(v.fieldCode));
    const fresh = toPointValues(template, values).filter((v) => !locked.has(v.fieldCode));
    let next: StoredPoint = { ...point, values: [...old, ...fresh] } as StoredPoint;
    const project = projectNameOf(template, values);
    if (project.name) next = { ...next, projectName: project.name } as StoredPoint;
    if (mode === 'save' && point.status.code1C === 'NEW') next = { ...next, status: apiStatus('FILLING') };
    if (mode === 'send') {
      const signable = point.signable === true || template.point.pointFields.some((f) => f.signable);
      next = {
        ...next,
        status: apiStatus(signable ? 'SIGNING_REQUIRED' : 'IN_PROCESSING'),
        canEdit: false,
        canSign: signable,
        canHold: true,
        canReturnToEdit: true,
        signable,
        signValid: false,
      } as StoredPoint;
    }
    await pointsOf(s).put(next);
  }

  async function savePoint(user: AuthUser, id: number, values: ValuesBody, mode: 'save' | 'send') {
    const point = await pointFor(user, id, 'edit');
    const template = await templateOf(point._templateCode);
    const states = ((point as Json)._fieldStates ?? {}) as Record<string, { isApproved?: boolean }>;
    const skip = new Set(Object.entries(states).filter(([, v]) => v.isApproved).map(([k]) => k));
    const errors = validateValues(template, values, mode === 'send', skip);
    if (errors.length) throw unprocessable(errors);
    await linkPendingFiles(user, template, values, point.id);
    await finishPoint(point, template, values, mode);
    return { success: true, message: 'Проектная точка успешно сохранена' };
  }

  async function exampleFile(code: string): Promise<{ name: string; content: Buffer } | null> {
    if (code === 'ATT_ST_EGRUL') return { name: 'Образец выписки из ЕГРЮЛ.txt', content: Buffer.from(egrulExample(ORGANISATIONS[0]!), 'utf8') };
    if (code === 'ATT_ST_SMETA') return { name: 'Образец сметы расходов.csv', content: Buffer.from(SMETA_EXAMPLE, 'utf8') };
    const found = (await indexes()).attachments.get(code);
    if (found?.attachment?.fileTypeId === 19) {
      return {
        name: `Образец — ${found.attachment.name}.pdf`,
        content: await simplePdf([`Образец: ${found.attachment.name}`, `Конкурс: ${found.template.name}`, 'Заполните все разделы по образцу, подпишите и загрузите файл в анкету.']),
      };
    }
    return null;
  }
}

// ---------------------------------------------------------------- recognition

export function egrulExample(org: (typeof ORGANISATIONS)[number]): string {
  return [
    'ВЫПИСКА ИЗ ЕДИНОГО ГОСУДАРСТВЕННОГО РЕЕСТРА ЮРИДИЧЕСКИХ ЛИЦ',
    `Полное наименование: ${org.name}`,
    `ИНН: ${org.inn}`,
    `КПП: ${org.kpp}`,
    `ОГРН: ${org.ogrn}`,
    `ОКТМО: ${org.oktmo}`,
    `Адрес: ${org.address}`,
  ].join('\n');
}

const SMETA_EXAMPLE = ['Статья расходов;Сумма', 'Оплата труда;1800000', 'Материалы и комплектующие;650000', 'Услуги сторонних организаций;900000', 'Патентование;150000'].join('\n');

/** Recognises the text of an uploaded document (TXT/CSV; a PDF without a text layer cannot be read). */
export function recognise(code: string, file: UploadedFile, template: SeedQuestionnaire): ParsedItem[] {
  const text = extensionOf(file.fileName) === 'pdf' ? null : file.data.toString('utf8');
  const fields = new Map(template.point.pointFields.map((f) => [f.code1C, f]));
  const item = (fieldCode: string, value: string | number | null, error: string | null): ParsedItem => ({
    groupCode: fields.get(fieldCode)?.groupCode ?? null,
    name: fields.get(fieldCode)?.name ?? fieldCode,
    code1C: fieldCode,
    values: [{ value, error }],
  });
  if (code === 'ATT_ST_EGRUL') {
    const unreadable = 'Текст документа не распознан: загрузите выписку в формате TXT или PDF с текстовым слоем';
    const find = (label: string) => text?.match(new RegExp(`^\\s*${label}\\s*[:：]\\s*(.+)$`, 'mi'))?.[1]?.trim() ?? null;
    const pairs: [string, string, (v: string) => string | null][] = [
      ['ST_ORG_NAME', 'Полное наименование', () => null],
      ['ST_INN', 'ИНН', (v) => (isValidInn10(v) ? null : 'ИНН в документе некорректен')],
      ['ST_KPP', 'КПП', (v) => (/^\d{9}$/.test(v) ? null : 'КПП в документе должен содержать 9 цифр')],
      ['ST_OGRN', 'ОГРН', (v) => (/^\d{13}$/.test(v) ? null : 'ОГРН в документе должен содержать 13 цифр')],
      ['ST_OKTMO', 'ОКТМО', (v) => (/^\d{11}$/.test(v) ? null : 'ОКТМО в документе должен содержать 11 цифр')],
      ['ST_ADDRESS', 'Адрес', () => null],
    ];
    return pairs.map(([fieldCode, label, check]) => {
      const value = find(label);
      if (value === null) return item(fieldCode, null, text === null ? unreadable : `В документе не найдено значение «${label}»`);
      return item(fieldCode, value, check(value));
    });
  }
  if (code === 'ATT_ST_SMETA') {
    if (text === null) return [item('ST_BUDGET', null, 'Смета должна быть в формате CSV или TXT')];
    const rows = text.split(/\r?\n/).map((r) => r.trim()).filter(Boolean);
    const errors: string[] = [];
    let total = 0;
    rows.forEach((row, i) => {
      const [name, sum] = row.split(';').map((c) => c?.trim() ?? '');
      if (i === 0 && sum && !/^\d/.test(sum)) return; // header
      if (!name) errors.push(`Строка ${i + 1}: не указана статья расходов`);
      const amount = Number((sum ?? '').replace(/\s/g, '').replace(',', '.'));
      if (!sum || !Number.isFinite(amount) || amount < 0) errors.push(`Строка ${i + 1}: сумма «${sum ?? ''}» не является числом`);
      else total += amount;
    });
    if (!errors.length && total === 0) errors.push('В смете нет ни одной статьи расходов');
    const limit = 4_000_000;
    if (!errors.length && total > limit) errors.push(`Сумма сметы ${total.toLocaleString('ru-RU')} руб. превышает максимальный размер гранта ${limit.toLocaleString('ru-RU')} руб.`);
    return [item('ST_BUDGET', errors.length ? null : Math.round(total), errors.length ? errors.join('; ') : null)];
  }
  return [];
}

// ---------------------------------------------------------------- seed

/** Questionnaires of the demo competitions, plus two points of the START questionnaire for the edit screens. */
export async function seedQuestionnaire(s: Services): Promise<void> {
  for (const q of demoQuestionnaires(s.clock.now())) await templatesOf(s).put(q);
  const template = (await templatesOf(s).get('START-2026'))!;
  const org = ORGANISATIONS[0]!;
  const now = s.clock.now();
  const v = (code: string, value: string | number | null, groupIndex = 0, valueIndex = 0) => ({ code, value, groupIndex, valueIndex });
  const filled = [
    v('ST_PROJECT_NAME', 'Нейросетевая система ранней диагностики заболеваний сетчатки'),
    v('ST_PROJECT_DESCRIPTION', 'Программно-аппаратный комплекс, анализирующий снимки глазного дна и выявляющий признаки диабетической ретинопатии.'),
    v('ST_INDUSTRY', 'Медицина и здравоохранение'),
    v('ST_DIRECTION', 'Искусственный интеллект'),
    v('ST_REGION', 'Новосибирская область'),
    v('ST_TRL', 'Лабораторный образец (УГТ 3–4)'),
    v('ST_TAGS', JSON.stringify(['Импортозамещение', 'Социальная значимость'])),
    v('ST_START_DATE', '01.02.2027'),
    v('ST_BUDGET', 3_500_000),
    v('ST_INN', org.inn),
    v('ST_ORG_NAME', org.name),
    v('ST_KPP', org.kpp),
    v('ST_OGRN', org.ogrn),
    v('ST_OKTMO', org.oktmo),
    v('ST_ADDRESS', org.address),
    v('ST_EMAIL', 'info@neurotech.example.ru'),
    v('ST_PHONE', '+7 (383) 555-12-34'),
    v('ST_TEAM_FIO', 'Петров Алексей Иванович', 0),
    v('ST_TEAM_ROLE', 'Руководитель проекта', 0),
    v('ST_TEAM_FIO', 'Сидорова Марина Олеговна', 1),
    v('ST_TEAM_ROLE', 'Технический специалист', 1),
    v('ST_PLAN_STAGE', 'Сбор и разметка датасета', 0),
    v('ST_PLAN_FROM', '01.02.2027', 0),
    v('ST_PLAN_TO', '31.05.2027', 0),
    v('ST_PLAN_COST', 1_200_000, 0),
    v('ST_PUBLICATIONS', 'https://habr.example.ru/neurotech-retina', 0, 0),
    v('ST_PUBLICATIONS', 'https://vc.example.ru/neurotech', 0, 1),
    v('ST_AGREE_PD', 'Y'),
  ];
  const values = filled.map((x) => {
    const field = template.point.pointFields.find((f) => f.code1C === x.code)!;
    return { fieldCode: x.code, value: x.value, groupIndex: x.groupIndex, valueIndex: x.valueIndex, fieldType: { id: field.fieldType.id, dataType: field.fieldType.dataType } };
  });
  const base = (ownerId: number, statusCode: string, managerComment: string | null) => ({
    name: template.point.name,
    description: 'Заявка возвращена фондом на доработку',
    projectId: null,
    projectName: 'Нейросетевая система ранней диагностики заболеваний сетчатки',
    project: null,
    status: apiStatus(statusCode),
    type: 'application',
    startDate: new Date(now - 10 * 86_400_000).toISOString(),
    deadline: new Date(now + 14 * 86_400_000).toISOString(),
    closedate: null,
    ownerId,
    responsibleUserId: ownerId,
    canEdit: true,
    canSign: false,
    canHold: false,
    holdMode: null,
    canReturnToEdit: false,
    canCencelHold: false,
    canAddToArchive: false,
    archive: false,
    signable: true,
    signValid: false,
    attorneyRequired: false,
    attorney: null,
    managerComment,
    files: [] as { fileId: number; name: string }[],
    ...templateStructure(template),
    values,
    _templateCode: template.code1C,
    _fieldStates: {
      ST_PROJECT_NAME: { isApproved: true, managerComment: 'Название согласовано' },
      ST_BUDGET: { managerComment: 'Уточните сумму: она должна совпадать с суммой этапов календарного плана' },
      ST_INN: { isApproved: true, managerComment: null },
    },
  });
  // Two editable points (grantee and ordinary user): approved fields, manager comments and an approved file.
  for (const ownerId of [7, 8]) {
    const point = (await pointsOf(s).insert(
      base(ownerId, 'NEEDS_IMPROVEMENTS', 'Дополните календарный план и уточните запрашиваемую сумму.') as unknown as Omit<StoredPoint, 'id'>,
    )) as StoredPoint;
    const charter = await simplePdfAttachment(s, point.id, ownerId, 'ST_CHARTER', 'Устав ООО НейроТех.pdf', ['Устав общества с ограниченной ответственностью «НейроТех»', 'Утверждён решением единственного участника.'], true);
    const letter = await simplePdfAttachment(s, point.id, ownerId, 'ATT_ST_LETTER', 'Письмо поддержки АО Медтехника.pdf', ['Письмо поддержки', 'АО «Медтехника» подтверждает заинтересованность в результатах проекта.'], false);
    await pointsOf(s).put({
      ...point,
      files: [charter, letter].map((a) => ({ fileId: a.id, name: a.fileName })),
      values: [...(point.values as Json[]), { fieldCode: 'ST_CHARTER', value: charter.id, groupIndex: 0, valueIndex: 0, fieldType: { id: 18, dataType: 'file' } }],
    } as StoredPoint);
  }
}

async function simplePdfAttachment(s: Services, pointId: number, ownerId: number, code: string, name: string, lines: string[], approved: boolean) {
  const id = await s.db.nextId('attachments');
  const attachment: StoredAttachment = {
    id,
    fileId: null,
    fileName: name,
    originalFileName: name,
    groupCode: code === 'ST_CHARTER' ? 'ST_GRANTEE' : 'ST_MATERIALS',
    groupIndex: 0,
    attachCode: code,
    sort: id,
    signable: true,
    signValid: false,
    isApproved: approved,
    managerComment: approved ? 'Документ проверен' : null,
    valueIndex: 0,
    code1C: code,
    _pointId: pointId,
    _ownerId: ownerId,
    _state: 'stored',
    _pdfLines: lines,
  };
  await attachmentsOf(s).insert(attachment);
  return attachment;
}

