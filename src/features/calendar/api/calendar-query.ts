import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';

export const calendarKeys = { all: ['calendar'] as const, tasks: () => ['calendar', 'tasks'] as const };

/** GET /v2/projects/project-point/calendar — the user's tasks for the calendar (SPEC §7 "all points for the calendar"). */
export const calendarTasksQuery = () =>
  queryOptions({
    queryKey: calendarKeys.tasks(),
    queryFn: () => unwrap(api().main.GET('/v2/projects/project-point/calendar')),
  });
