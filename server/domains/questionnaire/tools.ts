import type { UploadedFile } from '../../lib/router';
import { hasRole, type AuthUser, type Services } from '../../lib/services';
import { forbidden, notFound, unprocessable, type FieldError } from '../../lib/http';
import { apiStatus, pointsOf, type StoredPoint } from '../../lib/points';
import type { Json } from '../../lib/spec';
import { ORGANISATIONS, type SeedAttachment, type SeedField, type SeedQuestionnaire } from '../../seed/templates';
import { simplePdf } from '../../seed/pdf';
import { checkValue, fileRulesOf } from './rules';
import { DROP_ZONE_MAX, EDITABLE_STATUSES, FILE_FIELD_MAX, type LocatedField, type PointValue, type StoredAttachment, type ValuesBody, attachmentsOf, extensionOf, formatDate, mb, readFile, storeFile, templatesOf, toPointValues } from './model';
import { SMETA_EXAMPLE, egrulExample } from './recognise';

/** Shared helpers of the questionnaire handlers: templates, access to points, value checks, uploads and recognition. */
function createQuestionnaireTools(s: Services) {
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
        // SPEC §5 spells it «Небходимо» (a typo); the app and this server say «Необходимо».
        return drop
          ? `Неверный формат файла. Необходимо загрузить файл с расширением ${rules.extensions.join(', ')}`
          : `Формат файла не поддерживается. Допустимые форматы: ${rules.extensions.join(', ')}`;
      }
      if (file.data.length > max) return drop ? `Максимальный размер файла ${mb(max)}МБ` : `Размер файла превышает ${mb(max)}Mb`;
      return null;
    }
    const fileType = def.attachment?.fileType;
    const max = fileType?.maxSize ?? DROP_ZONE_MAX;
    if (fileType?.extensions?.length && !fileType.extensions.includes(ext)) {
      return `Неверный формат файла. Необходимо загрузить файл с расширением ${fileType.extensions.join(', ')}`;
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

  return { indexes, templateOf, pointFor, assertFillingOpen, validateValues, projectNameOf, linkPendingFiles, definitionFor, checkUpload, canReadAttachment, attachmentBytes, saveUpload, removeAttachment, recognitionKey, finishPoint, savePoint, exampleFile };
}


const toolsByServer = new WeakMap<Services, ReturnType<typeof createQuestionnaireTools>>();

/** The helpers of one server, made once (every handler group of the domain shares them and their caches). */
export function questionnaireTools(s: Services) {
  let tools = toolsByServer.get(s);
  if (!tools) toolsByServer.set(s, (tools = createQuestionnaireTools(s)));
  return tools;
}
