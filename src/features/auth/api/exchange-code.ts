import { api } from '@/lib/api/clients';
import { ApiError } from '@/lib/api/errors';
import { saveSession } from '@/lib/session';

/** GET /v1/users/setcode?code= (SPEC §7); stores access_token and access_token_expires (SPEC §3). */
export async function exchangeCode(code: string): Promise<void> {
  const { data, error, response } = await api().main.GET('/v1/users/setcode', { params: { query: { code } } });
  if (error !== undefined || !data) throw new ApiError(response.status, error);
  saveSession({ token: data.result.token, tokenExpireAt: data.result.tokenExpireAt, renewToken: data.result.renew_token ?? null });
}

const LOGIN_ERRORS_KEY = 'login_errors';

/** SPEC §8 "Login failure returns the server errors list": kept for the login page to show. */
export function rememberLoginErrors(error: unknown): void {
  const messages =
    error instanceof ApiError
      ? error.fieldErrors.length
        ? error.fieldErrors.map((e) => e.message)
        : [error.serverMessage ?? error.message]
      : ['Не удалось выполнить вход. Попробуйте ещё раз.'];
  sessionStorage.setItem(LOGIN_ERRORS_KEY, JSON.stringify(messages));
}

export function takeLoginErrors(): string[] {
  const raw = sessionStorage.getItem(LOGIN_ERRORS_KEY);
  sessionStorage.removeItem(LOGIN_ERRORS_KEY);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((m): m is string => typeof m === 'string') : [];
  } catch {
    return [];
  }
}
