import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api, formData, multipart } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { getConfig } from '@/lib/config';
import type { components } from '@/lib/api/generated/support';

export interface FeedbackPayload {
  theme: number;
  subject: string;
  message: string;
  attachments: File[];
}

type SupportBody = components['schemas']['SupportMessageMultipart'];

/** POST /messages on the support host, multipart {project, theme, subject, message, attachments[]} (SPEC §7). */
export function sendFeedback(payload: FeedbackPayload) {
  const body = formData({
    project: getConfig().messagingProject,
    theme: payload.theme,
    subject: payload.subject.trim(),
    message: payload.message.trim(),
    'attachments[]': payload.attachments,
  });
  return unwrap(api().support.POST('/messages', { body: body as unknown as SupportBody, ...multipart }));
}

/** Field titles of the feedback form, for "{message} в поле {title}" (SPEC §5, §8). */
export const FEEDBACK_FIELD_TITLES: Record<string, string> = { theme: 'Тема обращения', subject: 'Тема', message: 'Сообщение', attachments: 'Вложения' };

/**
 * Takes the usual options; a failure toasts the server's message (with the field's title for a field error) or
 * «Не удалось отправить сообщение. Попробуйте ещё раз.» — the dialog also shows field errors under their fields.
 */
export function useSendFeedback(options: Omit<UseMutationOptions<Awaited<ReturnType<typeof sendFeedback>>, Error, FeedbackPayload>, 'mutationFn'> = {}) {
  return useMutation({
    ...options,
    meta: { errorText: 'Не удалось отправить сообщение. Попробуйте ещё раз.', fieldTitle: (field) => FEEDBACK_FIELD_TITLES[field], ...options.meta },
    mutationFn: sendFeedback,
  });
}
