import { getOfflineDraftStore } from './draft-store';
import type { OfflineDb } from './schema';

/**
 * Screen data kept in IndexedDB beside the stash mirror (DESIGN.md "Offline drafts": everything needed to edit or view
 * a task offline is stored durably; the localStorage query cache is size- and throttle-limited). Scoped per user:
 * sign-out purges a user's documents with their drafts.
 */
const documentKey = (userId: number, queryKey: readonly unknown[]) => `${userId}|${JSON.stringify(queryKey)}`;

async function context(): Promise<{ db: OfflineDb; userId: number } | null> {
  const store = getOfflineDraftStore();
  const userId = store?.currentUserId();
  if (!store || userId === null || userId === undefined) return null;
  return { db: await store.db(), userId };
}

export async function keepDocument(queryKey: readonly unknown[], data: unknown, now = Date.now()): Promise<void> {
  const at = await context();
  if (!at) return;
  await at.db.put('documents', { key: documentKey(at.userId, queryKey), userId: at.userId, data, savedAt: now });
}

export async function readDocument(queryKey: readonly unknown[]): Promise<{ data: unknown; savedAt: number } | null> {
  const at = await context();
  if (!at) return null;
  const row = await at.db.get('documents', documentKey(at.userId, queryKey));
  return row ? { data: row.data, savedAt: row.savedAt } : null;
}
