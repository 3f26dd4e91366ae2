import { api } from '@/lib/api/clients';
import { ApiError } from '@/lib/api/errors';
import { unwrap } from '@/lib/api/transport';
import { readSession } from '@/lib/session';

/**
 * POST /v2/projects/value-validate — the per-field server check (SPEC §5). Answers the message to show under the
 * field, or null when the value is valid. Network and server failures are not the user's mistake: null as well.
 * Not asked once the session is over (signed out a moment ago, the field left on the way to the sign-in page): the
 * call would go without a token and only earn a 401 (SPEC §8: an ended session sends nothing).
 */
export async function validateValue(fieldCode: string, value: string): Promise<string | null> {
  if (!readSession()) return null;
  try {
    await unwrap(api().main.POST('/v2/projects/value-validate', { body: { fieldCode, value } }));
    return null;
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'validation') return error.fieldErrors[0]?.message ?? error.serverMessage;
    return null;
  }
}
