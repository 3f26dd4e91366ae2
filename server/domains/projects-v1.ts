import type { Handlers } from '../lib/router';
import type { AuthUser, Services } from '../lib/services';

export function projects_v1Handlers(_s: Services): Handlers<AuthUser | null> {
  return {};
}

export async function seedProjectsV1(_s: Services): Promise<void> {}
