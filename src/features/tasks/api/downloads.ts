import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { fileNameFromDisposition, saveBlob } from '@/lib/download';

async function download(call: Promise<{ data?: Blob; error?: unknown; response: Response }>, fallback: string) {
  const result = await call;
  const blob = await unwrap(Promise.resolve(result));
  saveBlob(blob, fileNameFromDisposition(result.response.headers.get('Content-Disposition')) ?? fallback);
}

/** GET /v2/projects/zip/{id} — "Скачать zip": the point's document package. */
export const downloadZip = (id: number) =>
  download(api().main.GET('/v2/projects/zip/{id}', { params: { path: { id } }, parseAs: 'blob' }), `Документы задачи ${id}.zip`);

/** GET /v2/projects/pdf/{id} — "Выгрузка в PDF". */
export const downloadPdf = (id: number) =>
  download(api().main.GET('/v2/projects/pdf/{id}', { params: { path: { id }, query: {} }, parseAs: 'blob' }), `Задача ${id}.pdf`);

/** GET /v2/projects/download-attach/{id} — one attached file. */
export const downloadAttachment = (id: number, name: string) =>
  download(api().main.GET('/v2/projects/download-attach/{id}', { params: { path: { id }, query: {} }, parseAs: 'blob' }), name);
