import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';

/** GET list-attach — the point's files; the signable ones are signed in turn (SPEC §4). */
export async function signableFiles(pointId: number): Promise<{ id: number; name: string }[]> {
  const files = await unwrap(api().main.GET('/v2/projects/list-attach', { params: { query: { 'filter[pointId]': pointId } } }));
  return files
    .filter((f) => f.signable === true)
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id)
    .map((f) => ({ id: f.id, name: f.originalFileName ?? f.fileName }));
}

const clean = (text: string) => text.replace(/\s+/g, '');

/** GET download-attach/{id}?txt=Y — the file's content as base64 for the plug-in. */
export async function attachmentBase64(id: number): Promise<string> {
  return clean(await unwrap(api().main.GET('/v2/projects/download-attach/{id}', { params: { path: { id }, query: { txt: 'Y' } }, parseAs: 'text' })));
}

/** GET pdf/{id}?txt=Y — the point's form PDF as base64. */
export async function pointPdfBase64(id: number): Promise<string> {
  return clean(await unwrap(api().main.GET('/v2/projects/pdf/{id}', { params: { path: { id }, query: { txt: 'Y' } }, parseAs: 'text' })));
}
