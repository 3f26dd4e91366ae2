import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { saveBlob } from '@/lib/download';

/** Downloads a competition material (GET /v2/projects/download-attach/{id}) and saves it under its name. */
export async function downloadCompetitionFile(id: number, fileName: string): Promise<void> {
  const blob = (await unwrap(api().main.GET('/v2/projects/download-attach/{id}', { params: { path: { id } }, parseAs: 'blob' }))) as Blob;
  saveBlob(blob, fileName);
}
