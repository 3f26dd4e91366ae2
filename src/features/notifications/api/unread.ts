import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { getConfig } from '@/lib/config';
import { NOTIFICATION_POLL_MS } from '@/lib/limits';
import type { components } from '@/lib/api/generated/messages';
import { notificationKeys } from './keys';

export type AppNotification = components['schemas']['Notification'];

/**
 * GET /messages/getnew — the bell's unread notifications, read from data.items (SPEC §7), polled every 60 s
 * (SPEC §9) also while the tab is in the background (the system notification needs it) and again on return.
 */
export const unreadNotificationsQuery = () => {
  const project = getConfig().messagingProject;
  return queryOptions({
    queryKey: notificationKeys.unread(project),
    queryFn: async () => {
      const answer = await unwrap(api().messages.GET('/messages/getnew', { params: { query: { project } } }));
      // The bell is on every page: a damaged answer (a text missing or of another type) must not break it.
      return answer.data.items.filter((n) => n.new !== 'N').map((n) => ({
        ...n,
        message: typeof n.message === 'string' ? n.message : String(n.message ?? ''),
        date: typeof n.date === 'string' ? n.date : '',
      }));
    },
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: 'always',
    staleTime: 5_000,
    meta: { persist: false },
  });
};
