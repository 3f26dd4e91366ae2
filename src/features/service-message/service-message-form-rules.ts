import * as v from 'valibot';
import { firstIssues } from '@/components/schema-errors';
import { MESSAGE_REQUIRED, SERVICE_MESSAGE_MAX, type ServiceMessageValues } from './service-message-rules';

/* The form's rules apart from the banner's (service-message-rules), which every page loads: valibot stays in the form's chunk. */

/** The form's schema: the switch is free, the message required and at most SERVICE_MESSAGE_MAX characters. */
export const serviceMessageSchema: v.GenericSchema<ServiceMessageValues> = v.object({
  switch: v.picklist([0, 1]),
  message: v.pipe(
    v.string(),
    v.check((text) => text.trim() !== '', MESSAGE_REQUIRED),
    v.check((text) => text.trim().length <= SERVICE_MESSAGE_MAX, `Сообщение не может быть длиннее ${SERVICE_MESSAGE_MAX} символов`),
  ),
});

export function validateServiceMessage(values: ServiceMessageValues): { message?: string } {
  const { message } = firstIssues(serviceMessageSchema, values);
  return message ? { message } : {};
}

/** The form says what the server holds already (the message is saved trimmed). */
export const sameAsSaved = (values: ServiceMessageValues, saved: ServiceMessageValues) =>
  values.switch === saved.switch && values.message.trim() === saved.message.trim();

/**
 * SPEC §5: "Сохранить" is disabled while the form is invalid or saving; and while it says what the server holds
 * already, so a click that comes after a save (five quick clicks on a slow phone) does not send the same message again.
 */
export const canSave = (values: ServiceMessageValues, saving: boolean, saved?: ServiceMessageValues) =>
  !saving && !validateServiceMessage(values).message && !(saved && sameAsSaved(values, saved));
