import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';

/** File name from Content-Disposition (RFC 6266 filename* first), else the fallback. */
export function fileNameFrom(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star.trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1];
  return plain?.trim() || fallback;
}

/** Saves a blob through a temporary object URL (works for authorised downloads that a plain link cannot make). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

async function download(call: Promise<{ data?: Blob; error?: unknown; response: Response }>, fallback: string) {
  const result = await call;
  const blob = await unwrap(Promise.resolve(result));
  saveBlob(blob, fileNameFrom(result.response.headers.get('Content-Disposition'), fallback));
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
