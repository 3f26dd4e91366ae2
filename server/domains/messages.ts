import type { Handlers } from '../lib/router';
import type { AuthUser, Services } from '../lib/services';

export function messagesHandlers(_s: Services): Handlers<AuthUser | null> {
  return {};
}

export async function seedMessages(_s: Services): Promise<void> {}
