import type { Handlers } from '../lib/router';
import type { AuthUser, Services } from '../lib/services';

export function questionnaireHandlers(_s: Services): Handlers<AuthUser | null> {
  return {};
}

export async function seedQuestionnaire(_s: Services): Promise<void> {}
