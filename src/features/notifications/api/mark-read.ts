import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { getConfig } from '@/lib/config';
import { notificationKeys } from './keys';
import type { AppNotification } from './unread';

/** POST /messages/read {message[], project} — the read ones leave the bell at once (SPEC §2 "Reading marks them read"). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  const project = getConfig().messagingProject;
  const key = notificationKeys.unread(project);
  return useMutation({
    meta: { errorText: 'Не удалось отметить уведомления прочитанными' },
    mutationFn: (ids: number[]) => unwrap(api().messages.POST('/messages/read', { body: { message: ids, project } })),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AppNotification[]>(key);
      queryClient.setQueryData<AppNotification[]>(key, (list) => list?.filter((n) => !ids.includes(n.id)));
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
