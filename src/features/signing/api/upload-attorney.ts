import { useMutation } from '@tanstack/react-query';
import { api, formData, multipart } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';

/** POST upload-attorney {pointId, attorneyFile} — the power of attorney (МЧД) XML; answers signer_fio and dates. */
export function useUploadAttorney() {
  return useMutation({
    mutationFn: ({ pointId, file }: { pointId: number; file: File }) =>
      unwrap(
        api().main.POST('/v2/projects/upload-attorney', {
          body: formData({ pointId, attorneyFile: file }) as never,
          ...multipart,
        }),
      ),
  });
}
