import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';

/** POST sign-attach {id, sign, withoutAttorney} — the detached signature of one attached file. */
export function saveAttachmentSignature(id: number, sign: string, withoutAttorney: boolean) {
  return unwrap(api().main.POST('/v2/projects/sign-attach', { body: { id, sign, withoutAttorney } }));
}
