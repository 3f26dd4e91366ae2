import { useEffect, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { clearAdminBackup, clearSession, impersonatedUserId, readAdminBackup, rememberSignOutNotice, restoreAdminSession } from '@/lib/session';
import { authKeys, type CurrentUser } from './api/queries';
import { dropUserCache, endSession } from './leave-session';
import { useLeaveSession } from './components/leave-session-dialog';
import { useSessionSync } from './session-sync';

/**
 * The signed-in user's session in the shell: sign-out, and the administrator's return from "log in as" (SPEC §6),
 * whose kept session belongs to this user only — the dialog warns about unsent drafts before either; and the profile
 * drawer's saved data, which the cached user takes with the full name built again.
 */
export function useCabinetSession(userId: number): {
  impersonating: boolean;
  logout: () => void;
  returnToAdmin: () => void;
  onProfileSaved: (saved: Partial<CurrentUser>) => void;
  dialog: ReactNode;
} {
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

  const onProfileSaved = (saved: Partial<CurrentUser>) => {
    queryClient.setQueryData<CurrentUser>(authKeys.me(), (old) =>
      old ? { ...old, ...saved, fio: [saved.lastname, saved.firstname, saved.middlename].filter(Boolean).join(' ') } : old,
    );
  };

  return { impersonating, logout, returnToAdmin, onProfileSaved, dialog };
}
