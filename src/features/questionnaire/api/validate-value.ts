import { api } from '@/lib/api/clients';
import { ApiError } from '@/lib/api/errors';
import { unwrap } from '@/lib/api/transport';

/**
 * POST /v2/projects/value-validate — the per-field server check (SPEC §5). Answers the message to show under the
 * field, or null when the value is valid. Network and server failures are not the user's mistake: null as well.
 */
export async function validateValue(fieldCode: string, value: string): Promise<string | null> {
  try {
    await unwrap(api().main.POST('/v2/projects/value-validate', { body: { fieldCode, value } }));
    return null;
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'validation') return error.fieldErrors[0]?.message ?? error.serverMessage;
    return null;
  }
}
