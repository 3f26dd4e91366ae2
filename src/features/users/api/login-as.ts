import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { backupAdminSession, readAdminBackup, rememberImpersonatedUser, saveSession } from '@/lib/session';

async function loginAs(userId: number) {
  const answer = await unwrap(api().main.POST('/v1/users/{id}/login-as', { params: { path: { id: userId } } }));
  // Only the administrator's own session is kept: a second "log in as" keeps the first backup.
  if (!readAdminBackup()) backupAdminSession();
  rememberImpersonatedUser(userId);
  saveSession({ token: answer.result.token, tokenExpireAt: answer.result.tokenExpireAt, renewToken: answer.result.renew_token ?? null });
  return answer.result;
}

/**
 * POST /v1/users/{id}/login-as — the administrator continues as that user (SPEC §6). The administrator's own
 * session is kept apart (backupAdminSession) so that the shell can offer the way back. Takes the usual options; a
 * failure toasts the server's message or «Не удалось войти от имени пользователя».
 */
export function useLoginAs(options: Omit<UseMutationOptions<Awaited<ReturnType<typeof loginAs>>, Error, number>, 'mutationFn'> = {}) {
  return useMutation({ ...options, meta: { errorText: 'Не удалось войти от имени пользователя', ...options.meta }, mutationFn: loginAs });
}
