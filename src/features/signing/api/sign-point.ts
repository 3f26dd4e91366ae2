import { api, formData, multipart } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';

/** POST sign/{id} multipart {sign, fileBase64, withoutAttorney} — the last step: the form PDF's signature. */
export function savePointSignature(pointId: number, sign: string, fileBase64: string, withoutAttorney: boolean) {
  return unwrap(
    api().main.POST('/v2/projects/sign/{id}', {
      params: { path: { id: pointId } },
      body: formData({ sign, fileBase64, withoutAttorney: withoutAttorney ? 'true' : 'false' }) as never,
      ...multipart,
    }),
  );
}
