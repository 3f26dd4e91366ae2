import type { Handlers } from '../lib/router';
import type { AuthUser, Services } from '../lib/services';

export function stashHandlers(_s: Services): Handlers<AuthUser | null> {
  return {};
}
