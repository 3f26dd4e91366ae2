import { api, formData, multipart } from '../api/clients';
import { unwrap } from '../api/transport';
import type { FileTransport } from './replayer';
import type { UploadedFileRef } from './schema';

/**
 * The upload calls of the offline layer (SPEC §7 "Attachments"), through the main API client: its middleware attaches
 * the bearer token at send time (nothing is stored with the file), and the upload goes by XMLHttpRequest, which
 * reports upload progress (upload-transport.ts, loaded with the first upload: not part of a form's first load).
 */
export function apiFileTransport(): FileTransport {
  return {
    async upload(row, file, hooks) {
      const { xhrFetch } = await import('../api/upload-transport');
      const body = formData({ file, attachCode: row.attachCode, valueIndex: row.valueIndex, pointId: row.pointId ?? undefined });
      return (await unwrap(
        api().main.POST('/v2/projects/upload-attach', {
          body: body as never,
          fetch: xhrFetch(body, { signal: hooks.signal, onProgress: (p) => hooks.onProgress(p.loaded, p.total), onBodySent: hooks.onBodySent }),
          signal: hooks.signal,
          ...multipart,
        }),
      )) as UploadedFileRef;
    },
    async list(pointId, attachCode, signal) {
      const files = await unwrap(
        api().main.GET('/v2/projects/list-attach', { params: { query: { 'filter[pointId]': pointId, 'filter[attachCode]': attachCode } }, signal, cache: 'no-store' }),
      );
      return files as UploadedFileRef[];
    },
    async remove(fileId) {
      await unwrap(api().main.DELETE('/v2/projects/delete-attach/{id}', { params: { path: { id: fileId } } }));
    },
  };
}
