import type { Client } from 'openapi-fetch';
import { api, formData, multipart } from '../api/clients';
import { unwrap } from '../api/transport';
import type { paths as MainPaths } from '../api/generated/main';
import type { FileTransport } from './replayer';
import type { UploadedFileRef } from './schema';

/** How one upload's request is made: given the body and the progress hooks, the `fetch` of that call (none: the client's). */
export type UploadFetch = (body: FormData, hooks: Parameters<FileTransport['upload']>[2]) => Promise<((request: Request) => Promise<Response>) | undefined>;

/**
 * The upload calls of the offline layer (SPEC §7 "Attachments"), through the main API client: its middleware attaches
 * the bearer token at send time (nothing is stored with the file), and the upload goes by XMLHttpRequest, which
 * reports upload progress (upload-transport.ts, loaded with the first upload: not part of a form's first load).
 */
export function fileTransport(client: () => Client<MainPaths>, uploadFetch?: UploadFetch): FileTransport {
  return {
    async upload(row, file, hooks) {
      const body = formData({ file, attachCode: row.attachCode, valueIndex: row.valueIndex, pointId: row.pointId ?? undefined });
      const fetch = await uploadFetch?.(body, hooks);
      return (await unwrap(
        client().POST('/v2/projects/upload-attach', {
          body: body as never,
          ...(fetch ? { fetch } : {}),
          signal: hooks.signal,
          ...multipart,
        }),
      )) as UploadedFileRef;
    },
    async list(pointId, attachCode, signal) {
      const files = await unwrap(
        client().GET('/v2/projects/list-attach', { params: { query: { 'filter[pointId]': pointId, 'filter[attachCode]': attachCode } }, signal, cache: 'no-store' }),
      );
      return files as UploadedFileRef[];
    },
    async remove(fileId) {
      await unwrap(client().DELETE('/v2/projects/delete-attach/{id}', { params: { path: { id: fileId } } }));
    },
  };
}

/** The page's upload calls: the app's main API client, each upload by XHR with its progress (loaded on first use). */
export const apiFileTransport = (): FileTransport =>
  fileTransport(
    () => api().main,
    async (body, hooks) => {
      const { xhrFetch } = await import('../api/upload-transport');
      return xhrFetch(body, { signal: hooks.signal, onProgress: (p) => hooks.onProgress(p.loaded, p.total), onBodySent: hooks.onBodySent });
    },
  );
