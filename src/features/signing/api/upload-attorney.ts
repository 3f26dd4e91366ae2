import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api, formData, multipart } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';

export const ATTORNEY_UPLOAD_FAILED = 'Ошибка при загрузке МЧД';

type Input = { pointId: number; file: File };

/** POST upload-attorney {pointId, attorneyFile} — the power of attorney (МЧД) XML; answers signer_fio and dates. */
function uploadAttorney({ pointId, file }: Input) {
  return unwrap(
    api().main.POST('/v2/projects/upload-attorney', {
      body: formData({ pointId, attorneyFile: file }) as never,
      ...multipart,
    }),
  );
}

/** Takes the usual options (onSuccess, onError…); a failure toasts the server's message or «Ошибка при загрузке МЧД» (SPEC §8). */
export function useUploadAttorney(options: Omit<UseMutationOptions<Awaited<ReturnType<typeof uploadAttorney>>, Error, Input>, 'mutationFn'> = {}) {
  return useMutation({ ...options, meta: { errorText: ATTORNEY_UPLOAD_FAILED, ...options.meta }, mutationFn: uploadAttorney });
}
