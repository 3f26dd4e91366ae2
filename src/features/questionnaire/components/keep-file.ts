import { notifyError } from '@/components/toaster';
import { getOfflineDraftStore } from '@/lib/offline/draft-store';
import type { UploadRow } from '@/lib/offline/schema';
import { DeviceFullError, DeviceRefusedError, type KeepInput } from '@/lib/offline/uploads';

/**
 * Keeps a picked file on the device for its place in the form (DESIGN.md "Attachments offline"): the offline layer
 * uploads it by itself. A device without room or refusing the file keeps nothing: the person is told plainly, at the
 * field and in a toast, and the form goes on (null is returned).
 */
export async function keepPickedFile(input: Omit<KeepInput, 'userId'>, onRefused: (message: string) => void): Promise<UploadRow | null> {
  const store = getOfflineDraftStore();
  if (!store?.files) return null;
  try {
    return await store.keepFile(input);
  } catch (error) {
    const message =
      error instanceof DeviceFullError
        ? `${error.message}. Освободите место на устройстве и выберите файл снова.`
        : error instanceof DeviceRefusedError
          ? `${error.message}. Выберите файл снова.`
          : `Не удалось сохранить файл «${input.file.name}» на устройстве. Выберите файл снова.`;
    if (!(error instanceof DeviceFullError || error instanceof DeviceRefusedError)) console.error('Файл не сохранён на устройстве', error);
    notifyError(message);
    onRefused(message);
    return null;
  }
}

/** «Отменить» / «Удалить» / «Повторить» of a kept file. */
export const cancelKeptFile = (id: string) => void getOfflineDraftStore()?.cancelFile(id);
export const retryKeptFile = (id: string) => void getOfflineDraftStore()?.retryFile(id);

/** The first free value index of a field: after every file it shows and every file kept for it. */
export function nextValueIndex(taken: readonly number[], kept: readonly UploadRow[]): number {
  const all = [...taken, ...kept.map((r) => r.valueIndex)];
  return all.length ? Math.max(...all) + 1 : 0;
}
