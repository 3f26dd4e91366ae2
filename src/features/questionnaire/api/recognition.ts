import { api, formData, multipart } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { RECOGNITION_TIMEOUT_MS } from '@/lib/limits';

interface RecognitionTarget {
  attachementCode: string;
  fileIndex: number;
  pointId?: number;
}

/** POST /v2/projects/parce-file/{code} — uploads and recognises a document (up to 15 s, SPEC §2, §9). */
export function parseFile(input: RecognitionTarget & { file: File }) {
  const signal = AbortSignal.timeout(RECOGNITION_TIMEOUT_MS);
  return unwrap(
    api().main.POST('/v2/projects/parce-file/{id}', {
      params: { path: { id: input.attachementCode } },
      body: formData({ file: input.file, fileIndex: input.fileIndex, pointId: input.pointId }) as never,
      signal,
      ...multipart,
    }),
  ).catch((error: unknown) => {
    if (signal.aborted) throw new RecognitionTimeoutError();
    throw error;
  });
}

export class RecognitionTimeoutError extends Error {
  constructor() {
    super('Документ не удалось распознать за 15 секунд. Загрузите файл ещё раз.');
  }
}

const body = (t: RecognitionTarget) => ({ attachementCode: t.attachementCode, fileIndex: t.fileIndex, ...(t.pointId ? { pointId: t.pointId } : {}) });

/** POST /v2/projects/accept-file — "Принять и добавить". */
export function acceptFile(target: RecognitionTarget) {
  return unwrap(api().main.POST('/v2/projects/accept-file', { body: body(target) }));
}

/** POST /v2/projects/decline-file — "Отменить загрузку" / "Продолжить редактирование". */
export function declineFile(target: RecognitionTarget) {
  return unwrap(api().main.POST('/v2/projects/decline-file', { body: body(target) }));
}
