import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { getConfig } from '@/lib/config';
import type { components } from '@/lib/api/generated/support';
import { feedbackKeys } from './keys';

export type SupportTheme = components['schemas']['SupportTheme'];

/** GET /themes?project= — the categories of the feedback dialog (SPEC §7 Support). */
export const feedbackThemesQuery = () => {
  const project = getConfig().messagingProject;
  return queryOptions({
    queryKey: feedbackKeys.themes(project),
    queryFn: () => unwrap(api().support.GET('/themes', { params: { query: { project } } })),
    staleTime: 60 * 60_000,
  });
};
