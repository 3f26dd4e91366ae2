import type { OperationHandlers } from '../../lib/operations';
import type { Services } from '../../lib/services';
import { fileReply, notFound, unprocessable } from '../../lib/http';
import { pointsOf, type StoredPoint } from '../../lib/points';
import type { Json } from '../../lib/spec';
import type { SeedQuestionnaire, ParsedItem } from '../../seed/templates';
import { type PointValue, attachmentsOf, publicAttachment, recognitionsOf } from './model';
import { recognise } from './recognise';
import { questionnaireTools } from './tools';

export function recognitionHandlers(s: Services): OperationHandlers {
  const { indexes, templateOf, pointFor, definitionFor, checkUpload, saveUpload, removeAttachment, recognitionKey, exampleFile } = questionnaireTools(s);
  return {
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
      const items = await recognise(code, file, template);
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
}
