import { queryOptions, useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { getConfig } from '@/lib/config';
import { notificationKeys } from './keys';

/** GET /notification/settings — e-mail sending of notifications, send_email 1 on / 0 off (SPEC §3, §9). */
export const notificationSettingsQuery = () => {
  const project = getConfig().messagingProject;
  return queryOptions({
    queryKey: notificationKeys.settings(project),
    queryFn: () => unwrap(api().messages.GET('/notification/settings', { params: { query: { project } } })),
    staleTime: 60_000,
  });
};

/** POST /notification/change-status {send_email 1 or 0} (SPEC §7). A failure always says the SPEC §8 text. */
export function useChangeEmailSetting(options: Omit<UseMutationOptions<unknown, Error, 0 | 1>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  const project = getConfig().messagingProject;
  return useMutation({
    ...options,
    meta: { errorToast: () => 'Произошла ошибка при обновлении настроек уведомлений', ...options.meta },
    mutationFn: (sendEmail: 0 | 1) => unwrap(api().messages.POST('/notification/change-status', { body: { send_email: sendEmail, project } })),
    onSuccess: (...args) => {
      queryClient.setQueryData(notificationKeys.settings(project), { send_email: args[1] });
      return options.onSuccess?.(...args);
    },
  });
}
