import { ApiError } from '../api/errors';

/** The request never reached the server or got no answer: a kept copy may stand in for it. */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0 || error.kind === 'network' || error.kind === 'timeout';
  return error instanceof TypeError;
}

/**
 * Network first, then the copy kept in IndexedDB (DESIGN.md "Offline drafts"): a task or questionnaire seen once
 * opens offline with its definition, values and attachments list. Every good answer replaces the kept copy; an answer
 * of the server (403, 404, 500) is never hidden behind it. The IndexedDB code loads only when used.
 */
let keeping: Promise<unknown> = Promise.resolve();

/** Copies are written one after another, in the order the answers came: a later answer is never overwritten. */
function keep(queryKey: readonly unknown[], data: unknown) {
  keeping = keeping
    .then(() => import('./documents'))
    .then((m) => m.keepDocument(queryKey, data))
    .catch((error: unknown) => console.warn('Копия для работы без сети не сохранена', error));
}

export async function withKeptCopy<T>(queryKey: readonly unknown[], load: () => Promise<T>): Promise<T> {
  try {
    const data = await load();
    keep(queryKey, data);
    return data;
  } catch (error) {
    if (!isConnectionFailure(error)) throw error;
    await keeping;
    const kept = await import('./documents').then((m) => m.readDocument(queryKey)).catch(() => null);
    if (!kept) throw error;
    return kept.data as T;
  }
}
