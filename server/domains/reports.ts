import type { Handlers } from '../lib/router';
import type { AuthUser, Services } from '../lib/services';

export function reportsHandlers(_s: Services): Handlers<AuthUser | null> {
  return {};
}

export async function seedReports(_s: Services): Promise<void> {}
