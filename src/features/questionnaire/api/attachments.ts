import { api, formData, multipart } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { fileNameFromDisposition } from '@/lib/download';

/** POST /v2/projects/upload-attach — without pointId for a new application (linked when the point is created). */
export function uploadAttach(input: { file: File; attachCode: string; valueIndex: number; pointId?: number }) {
  return unwrap(
    api().main.POST('/v2/projects/upload-attach', {
      body: formData({ file: input.file, attachCode: input.attachCode, valueIndex: input.valueIndex, pointId: input.pointId }) as never,
      ...multipart,
    }),
  );
}

/** DELETE /v2/projects/delete-attach/{id} — an approved file cannot be deleted (the server refuses it too). */
export function deleteAttach(id: number) {
  return unwrap(api().main.DELETE('/v2/projects/delete-attach/{id}', { params: { path: { id } } }));
}

/** GET /v2/projects/download-attach/{id} as a blob. */
export async function downloadAttach(id: number): Promise<Blob> {
  return unwrap(api().main.GET('/v2/projects/download-attach/{id}', { params: { path: { id } }, parseAs: 'blob' })) as Promise<Blob>;
}

/** GET /v2/projects/template/example/{code} — the example file of an attachment. */
export async function downloadExample(code: string): Promise<{ blob: Blob; fileName: string | null }> {
  const result = await api().main.GET('/v2/projects/template/example/{code}', { params: { path: { code } }, parseAs: 'blob' });
  const blob = (await unwrap(Promise.resolve(result))) as Blob;
  return { blob, fileName: fileNameFromDisposition(result.response.headers.get('Content-Disposition')) };
}
