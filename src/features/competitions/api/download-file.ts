import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';

/** Downloads a competition material (GET /v2/projects/download-attach/{id}) and saves it under its name. */
export async function downloadCompetitionFile(id: number, fileName: string): Promise<void> {
  const blob = (await unwrap(api().main.GET('/v2/projects/download-attach/{id}', { params: { path: { id } }, parseAs: 'blob' }))) as Blob;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
