import type { Handlers } from '../lib/router';
import type { AuthUser, Services } from '../lib/services';

export function contestHandlers(_s: Services): Handlers<AuthUser | null> {
  return {};
}

export async function seedContest(_s: Services): Promise<void> {}
