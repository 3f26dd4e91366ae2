import type { OperationHandlers } from '../../lib/operations';
import type { Services } from '../../lib/services';
import { fileReply, forbidden, notFound, RawReply, unprocessable } from '../../lib/http';
import { pointsOf, type StoredPoint } from '../../lib/points';
import type { Json } from '../../lib/spec';
import type { SeedQuestionnaire } from '../../seed/templates';
import { type PointValue, attachmentsOf, publicAttachment } from './model';
import { questionnaireTools } from './tools';

export function attachmentHandlers(s: Services): OperationHandlers {
  const { indexes, templateOf, pointFor, definitionFor, checkUpload, canReadAttachment, attachmentBytes, saveUpload, removeAttachment } = questionnaireTools(s);
  return {
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
  };
}
