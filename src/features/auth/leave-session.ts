import type { QueryClient } from '@tanstack/react-query';
import { clearAdminBackup, clearSession, forgetPersistedQueries } from '@/lib/session';

/** The part of the offline draft store that leaving a session needs (lib/offline/draft-store.ts). */
export interface UserDrafts {
  /** Open forms hand over the edits still inside their typing pause. */
  handOver?: () => void;
  /** Sends what can be sent now; may be slow or never finish offline, so it is raced against a short wait. */
  flush?: () => Promise<void>;
  hasUnsentEdits(userId: number): Promise<boolean>;
  /** Names of the files kept on the device that the server has not got yet (the warning names them). */
  unsentFileNames?(userId: number): Promise<string[]>;
  purgeUserDrafts(userId: number): Promise<void>;
}

/** How long leaving waits for pending edits to go out before it warns about them. */
export const FLUSH_BEFORE_WARNING_MS = 3_000;

/**
 * Leaving a user's session on this device — sign-out, or an administrator's return from "log in as" (DESIGN.md
 * "Offline drafts": sign-out purges that user's local drafts only after warning about unsent ones). Pending edits get a
 * last chance to go out; what is still unsent is announced and kept when the user cancels. Resolves whether it left.
 */
export async function leaveSession(options: {
  userId: number;
  drafts: UserDrafts;
  /** Asked when something is unsent; `files` names the files among it. */
  confirm: (files: string[]) => Promise<boolean>;
  finish: () => void | Promise<void>;
  flushWaitMs?: number;
}): Promise<boolean> {
  const { userId, drafts } = options;
  drafts.handOver?.();
  if (drafts.flush) await raceWithTimeout(drafts.flush(), options.flushWaitMs ?? FLUSH_BEFORE_WARNING_MS);
  if ((await drafts.hasUnsentEdits(userId)) && !(await options.confirm((await drafts.unsentFileNames?.(userId)) ?? []))) return false;
  await drafts.purgeUserDrafts(userId);
  await options.finish();
  return true;
}

async function raceWithTimeout(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([work.catch(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/**
 * Sign-out, first step: the session, the administrator's kept session and the persisted cache go at once (a tab closed
 * now keeps nothing). The in-memory cache is dropped after the signed-in screens are gone (dropUserCache), so that no
 * screen still on the page fetches again into it.
 */
export function endSession(): void {
  clearSession();
  clearAdminBackup();
  forgetPersistedQueries();
}

/** Empties the query cache, its persisted copy and paused actions (they belong to the user who leaves). */
export function dropUserCache(queryClient: QueryClient): void {
  queryClient.getMutationCache().clear();
  queryClient.clear();
  forgetPersistedQueries();
}
