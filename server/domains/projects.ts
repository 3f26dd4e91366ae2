import type { Handlers } from '../lib/router';
import type { AuthUser, Services } from '../lib/services';

export function projectsHandlers(_s: Services): Handlers<AuthUser | null> {
  return {};
}

export async function seedProjects(_s: Services): Promise<void> {}
