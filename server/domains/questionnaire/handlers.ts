import type { OperationHandlers } from '../../lib/operations';
import type { Services } from '../../lib/services';
import { notFound, unprocessable } from '../../lib/http';
import { FRESH_POINT, apiStatus, pointsOf, toApiPoint, type StoredPoint } from '../../lib/points';
import type { Json } from '../../lib/spec';
import { ORGANISATIONS, isValidInn10, type ParsedItem } from '../../seed/templates';
import { MESSAGES, checkValue } from './rules';
import { type StoredNote, type ValuesBody, formatDate, notesOf, recognitionsOf, strip, templateStructure, toPointValues } from './model';
import { questionnaireTools } from './tools';
import { attachmentHandlers } from './attachments';
import { recognitionHandlers } from './recognition';

export function questionnaireHandlers(s: Services): OperationHandlers {
  const { indexes, templateOf, pointFor, assertFillingOpen, validateValues, projectNameOf, linkPendingFiles, finishPoint, savePoint } = questionnaireTools(s);
  return {
    ...attachmentHandlers(s),
    ...recognitionHandlers(s),
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
        ...FRESH_POINT,
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
        canReturnToEdit: true,
        signable,
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
  };
}
