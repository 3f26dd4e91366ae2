import { useMutation } from '@tanstack/react-query';
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

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
