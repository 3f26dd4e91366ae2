import { api } from '@/lib/api/clients';
import { ApiError } from '@/lib/api/errors';
import { LOGIN_ERRORS_KEY, saveSession } from '@/lib/session';

/** GET /v1/users/setcode?code= (SPEC §7); stores access_token and access_token_expires (SPEC §3). */
export async function exchangeCode(code: string): Promise<void> {
  const { data, error, response } = await api().main.GET('/v1/users/setcode', { params: { query: { code } } });
  if (error !== undefined || !data) throw new ApiError(response.status, error);
  saveSession({ token: data.result.token, tokenExpireAt: data.result.tokenExpireAt, renewToken: data.result.renew_token ?? null });
}

/** SPEC §8 "Login failure returns the server errors list": kept for the login page to show (login-errors.ts). */
export function rememberLoginErrors(error: unknown): void {
  const messages =
    error instanceof ApiError
      ? error.fieldErrors.length
        ? error.fieldErrors.map((e) => e.message)
        : [error.serverMessage ?? error.message]
      : ['Не удалось выполнить вход. Попробуйте ещё раз.'];
  sessionStorage.setItem(LOGIN_ERRORS_KEY, JSON.stringify(messages));
}
