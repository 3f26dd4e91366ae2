import { Suspense, lazy, useCallback, useRef, useState, type ReactNode } from 'react';
import { leaveSession, type UserDrafts } from '../leave-session';

// The warning (its texts, Chakra's Dialog: focus trap, scroll lock, ~9 KiB gzip) is not part of the signed-in layout's
// first load: it is fetched when a sign-out or return starts, while the drafts are checked.
const loadConfirm = () => import('./leave-session-confirm');
const LeaveSessionConfirm = lazy(() => loadConfirm().then((m) => ({ default: m.LeaveSessionConfirm })));

export type LeaveKind = 'sign-out' | 'return';

/** The offline layer is loaded on demand: it is not part of the first-load JavaScript. */
async function loadUserDrafts(): Promise<UserDrafts> {
  const drafts = await import('@/lib/offline/draft-store');
  const offline = drafts.getOfflineDraftStore();
  return {
    handOver: drafts.handOverPendingEdits,
    flush: offline ? () => offline.flush() : undefined,
    hasUnsentEdits: drafts.hasUnsentEdits,
    unsentFileNames: offline ? (userId) => offline.unsentFileNames(userId) : undefined,
    purgeUserDrafts: drafts.purgeUserDrafts,
  };
}

/**
 * Sign-out and the return from "log in as" with the unsent-edits warning (a Chakra confirmation, SPEC §9 width 400):
 * "Отмена" keeps the edits and the session; confirming purges the user's local drafts, then `finish` ends the session.
 */
export function useLeaveSession(): { leave: (kind: LeaveKind, userId: number, finish: () => void | Promise<void>) => Promise<boolean>; dialog: ReactNode } {
  const [asking, setAsking] = useState<{ kind: LeaveKind; files: string[] } | null>(null);
  const [leaving, setLeaving] = useState(false);
  const answer = useRef<((ok: boolean) => void) | null>(null);
  const busy = useRef(false);

  const leave = useCallback(async (kind: LeaveKind, userId: number, finish: () => void | Promise<void>) => {
    if (busy.current) return false;
    busy.current = true;
    void loadConfirm().catch(() => undefined);
    try {
      return await leaveSession({
        userId,
        drafts: await loadUserDrafts(),
        confirm: (files) =>
          new Promise<boolean>((resolve) => {
            answer.current = resolve;
            setAsking({ kind, files });
          }),
        finish,
      });
    } finally {
      busy.current = false;
      answer.current = null;
      setAsking(null);
      setLeaving(false);
    }
  }, []);

  const dialog = asking ? (
    <Suspense fallback={null}>
      <LeaveSessionConfirm
        kind={asking.kind}
        files={asking.files}
        pending={leaving}
        onConfirm={() => {
          setLeaving(true);
          answer.current?.(true);
        }}
        onClose={() => answer.current?.(false)}
      />
    </Suspense>
  ) : null;
  return { leave, dialog };
}
