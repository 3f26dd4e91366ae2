import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { backupAdminSession, readAdminBackup, rememberImpersonatedUser, saveSession } from '@/lib/session';

/**
 * POST /v1/users/{id}/login-as — the administrator continues as that user (SPEC §6). The administrator's own
 * session is kept apart (backupAdminSession) so that the shell can offer the way back.
 */
export function useLoginAs() {
  return useMutation({
    mutationFn: async (userId: number) => {
      const answer = await unwrap(api().main.POST('/v1/users/{id}/login-as', { params: { path: { id: userId } } }));
      // Only the administrator's own session is kept: a second "log in as" keeps the first backup.
      if (!readAdminBackup()) backupAdminSession();
      rememberImpersonatedUser(userId);
      saveSession({ token: answer.result.token, tokenExpireAt: answer.result.tokenExpireAt, renewToken: answer.result.renew_token ?? null });
      return answer.result;
    },
  });
}
