import type { Handlers } from '../lib/router';
import type { AuthUser, Services } from '../lib/services';

export function supportHandlers(_s: Services): Handlers<AuthUser | null> {
  return {};
}

export async function seedSupport(_s: Services): Promise<void> {}
