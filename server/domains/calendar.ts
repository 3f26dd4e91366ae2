import type { Handlers } from '../lib/router';
import type { AuthUser, Services } from '../lib/services';

export function calendarHandlers(_s: Services): Handlers<AuthUser | null> {
  return {};
}

export async function seedCalendar(_s: Services): Promise<void> {}
