import type { Handlers } from '../lib/router';
import type { AuthUser, Services } from '../lib/services';

export function ridHandlers(_s: Services): Handlers<AuthUser | null> {
  return {};
}

export async function seedRid(_s: Services): Promise<void> {}
