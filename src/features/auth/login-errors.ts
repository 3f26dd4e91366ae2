import { LOGIN_ERRORS_KEY } from '@/lib/session';

/**
 * The server's errors of a failed sign-in (SPEC §8), kept by /callback (api/exchange-code.ts), shown once by the login
 * page. Apart from the code exchange, which only /callback loads.
 */
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
