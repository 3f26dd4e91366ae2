import type { Handlers } from '../lib/router';
import type { AuthUser, Services } from '../lib/services';

export function signingHandlers(_s: Services): Handlers<AuthUser | null> {
  return {};
}

export async function seedSigning(_s: Services): Promise<void> {}
