import { useEffect, type ReactNode } from 'react';
import { redirect, useNavigate } from '@tanstack/react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  clearAdminBackup,
  clearSession,
  confirmTokenLinkSession,
  impersonatedUserId,
  readAdminBackup,
  rememberSignOutNotice,
  restoreAdminSession,
  saveReturnRoute,
} from '@/lib/session';
import { ensureLiveSession } from '@/lib/session-guard';
import { ApiError } from '@/lib/api/errors';
import { clientRoles, roleIdsFromGroups } from '@/lib/roles';
import { authKeys, currentUserQuery, type CurrentUser } from './api/queries';
import { dropUserCache, endSession } from './leave-session';
import { adoptQueryCache } from './query-cache-owner';
import { useLeaveSession } from './components/leave-session-dialog';
import { useSessionSync } from './session-sync';

/**
 * The signed-in layout's guard (SPEC §4): without a live session, or when the server no longer knows the token, the
 * user goes to /login and comes back here afterwards. Answers the user with their roles (SPEC §2).
 */
export async function loadCabinetUser(queryClient: QueryClient, href: string) {
  if (!(await ensureLiveSession())) {
    saveReturnRoute(href);
    throw redirect({ to: '/login', replace: true });
  }
  try {
    const user = await queryClient.ensureQueryData(currentUserQuery());
    confirmTokenLinkSession();
    // What another user saw on this device is dropped before any screen reads the cache.
    adoptQueryCache(queryClient, user.id);
    const roleIds = roleIdsFromGroups(user.groups);
    return { user, roleIds, roles: clientRoles(roleIds) };
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'unauthorized') {
      saveReturnRoute(href);
      throw redirect({ to: '/login', replace: true });
    }
    throw error;
  }
}

/**
 * Leaving the signed-in session from the shell: sign-out, and the administrator's return from "log in as" (SPEC §6),
 * whose kept session belongs to this user only. The dialog warns about unsent drafts before either.
 */
export function useCabinetSession(userId: number): { impersonating: boolean; logout: () => void; returnToAdmin: () => void; dialog: ReactNode } {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const impersonating = readAdminBackup() !== null && impersonatedUserId() === userId;
  useEffect(() => {
    if (readAdminBackup() !== null && impersonatedUserId() !== userId) clearAdminBackup();
  }, [userId]);

  const { leave, dialog } = useLeaveSession();
  // Another tab signed out or signed somebody else in: this tab follows.
  useSessionSync(userId);

  // DESIGN.md "Offline drafts": sign-out purges this user's local drafts only after warning about unsent edits.
  const logout = () =>
    void leave('sign-out', userId, async () => {
      endSession();
      await navigate({ to: '/login', replace: true });
      dropUserCache(queryClient);
    });

  // Back to the administrator (SPEC §6): the impersonated user's drafts are left behind the same way, and a fresh page
  // starts from the administrator's own session — nothing the user's screens held in memory survives the switch.
  const returnToAdmin = () =>
    void leave('return', userId, () => {
      const restored = restoreAdminSession();
      clearAdminBackup();
      if (!restored) {
        clearSession();
        rememberSignOutNotice('Сеанс администратора истёк. Войдите снова.');
      }
      dropUserCache(queryClient);
      window.location.replace(restored ? '/users' : '/login');
    });

  return { impersonating, logout, returnToAdmin, dialog };
}

/** The profile drawer saved the user's data: the cached user takes it, with the full name built again. */
export function useProfileSaved(): (saved: Partial<CurrentUser>) => void {
  const queryClient = useQueryClient();
  return (saved) => {
    queryClient.setQueryData<CurrentUser>(authKeys.me(), (old) =>
      old ? { ...old, ...saved, fio: [saved.lastname, saved.firstname, saved.middlename].filter(Boolean).join(' ') } : old,
    );
  };
}
