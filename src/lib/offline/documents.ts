import { getOfflineDraftStore } from './draft-store';
import { documentKey, type OfflineDb } from './schema';

/**
 * Screen data kept in IndexedDB beside the stash mirror (DESIGN.md "Offline drafts": everything needed to edit or view
 * a task offline is stored durably; the localStorage query cache is size- and throttle-limited). Scoped per user:
 * sign-out purges a user's documents with their drafts.
 */

/** How long a copy to keep waits for the offline layer to learn who is signed in (the first screen of a fresh device). */
export const KEEP_WAITS_FOR_USER_MS = 10_000;

async function context(waitForUserMs = 0): Promise<{ db: OfflineDb; userId: number } | null> {
  const store = getOfflineDraftStore();
  if (!store) return null;
  let userId = store.currentUserId();
  if (userId === null && waitForUserMs > 0) {
    // The screen's data can arrive before the connectivity probe has said who is signed in: the copy waits for it
    // (bounded) instead of being dropped, or that screen would not open offline later.
    userId = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => done(null), waitForUserMs);
      const unsubscribe = store.subscribe(() => {
        const id = store.currentUserId();
        if (id !== null) done(id);
      });
      function done(id: number | null) {
        clearTimeout(timer);
        unsubscribe();
        resolve(id);
      }
    });
  }
  if (userId === null) return null;
  return { db: await store.db(), userId };
}

export async function keepDocument(queryKey: readonly unknown[], data: unknown, now = Date.now()): Promise<void> {
  const at = await context(KEEP_WAITS_FOR_USER_MS);
  if (!at) return;
  await at.db.put('documents', { key: documentKey(at.userId, queryKey), userId: at.userId, data, savedAt: now });
}

export async function readDocument(queryKey: readonly unknown[]): Promise<{ data: unknown; savedAt: number } | null> {
  const at = await context();
  if (!at) return null;
  const row = await at.db.get('documents', documentKey(at.userId, queryKey));
  return row ? { data: row.data, savedAt: row.savedAt } : null;
}
