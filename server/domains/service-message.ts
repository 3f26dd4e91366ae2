import { forbidden } from '../lib/http';
import type { OperationHandlers } from '../lib/operations';
import { hasRole, type Services } from '../lib/services';

/** GET/POST /v2/projects/maintance: the shell banner (SPEC §2 "Service message"; switch 1 shown, 0 hidden). */
export function serviceMessageHandlers(s: Services): OperationHandlers {
  const settings = s.collection<{ id: string; switch: 0 | 1; message: string | null }>('settings');
  return {
    async serviceMessageGet() {
      const current = await settings.get('maintance');
      return { switch: current?.switch ?? 0, message: current?.message ?? null };
    },
    async serviceMessageSave({ body, user }) {
      if (!hasRole(user, 2)) throw forbidden();
      const saved = await settings.put({ id: 'maintance', switch: body.switch, message: body.message });
      return { switch: saved.switch, message: saved.message };
    },
  };
}
