import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { saveBlob } from '@/lib/download';

/** Downloads a project file with the bearer token and hands it to the browser as a named file. */
export async function downloadProjectFile(projectId: number, file: { id: number; name: string }): Promise<void> {
  const blob = await unwrap(
    api().main.GET('/v1/projects/{id}/files/{fileId}', { params: { path: { id: projectId, fileId: file.id } }, parseAs: 'blob' }),
  );
  saveBlob(blob as Blob, file.name);
}
