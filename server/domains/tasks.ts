import type { Handlers } from '../lib/router';
import type { AuthUser, Services } from '../lib/services';

export function tasksHandlers(_s: Services): Handlers<AuthUser | null> {
  return {};
}

export async function seedTasks(_s: Services): Promise<void> {}
