import type { Handlers } from '../lib/router';
import type { AuthUser, Services } from '../lib/services';

export function competitionsHandlers(_s: Services): Handlers<AuthUser | null> {
  return {};
}

export async function seedCompetitions(_s: Services): Promise<void> {}
