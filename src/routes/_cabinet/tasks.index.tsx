import { Stack } from '@chakra-ui/react';
import { createFileRoute } from '@tanstack/react-router';
import { valibotValidator } from '@tanstack/valibot-adapter';
import { requireArea } from '@/app/guards';
import { usePageTitle } from '@/components/page-title';
import { PAGE_SIZE } from '@/lib/limits';
import { isExpert, screenLinksFor } from '@/lib/roles';
import { ScreenLinks } from '@/components/screen-links';
import { compactSearch, parseTasksSearch, tasksRouteSearch } from '@/features/tasks/list-search';
import { expertListQuery, notesQuery, pointListQuery } from '@/features/tasks/api/queries';
import { TasksPage } from '@/features/tasks/components/tasks-page';

/** /tasks — "Мои задачи" (route name tasks-list, SPEC §2); filters live in the URL. */
export const Route = createFileRoute('/_cabinet/tasks/')({
  validateSearch: valibotValidator(tasksRouteSearch({ isExpert: true })),
  beforeLoad: ({ context, preload }) => requireArea(context.roles, 'tasks', preload),
  loaderDeps: ({ search }) => ({ search }),
  loader: ({ context, deps }) => {
    const search = parseTasksSearch(deps.search, { isExpert: isExpert(context.roles) });
    const { queryClient } = context;
    // Prefetch only: a failing list shows its own error with "Повторить" inside the page.
    if (search.kind === 'notes') void queryClient.prefetchQuery(notesQuery(search.q));
    else if (search.kind === 'expert') {
      void queryClient.prefetchQuery(expertListQuery({ text: search.q, templateIds: search.contests, statusCodes: search.statuses, page: search.page, pageSize: PAGE_SIZE }));
    } else {
      const kind = search.kind === 'archive' ? 'all' : search.kind;
      void queryClient.prefetchQuery(pointListQuery({ kind, name: search.q, statusCode: search.status, page: search.page, pageSize: PAGE_SIZE }));
    }
  },
  component: TasksListScreen,
});

function TasksListScreen() {
  usePageTitle('Мои задачи');
  const { roles } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  const expert = isExpert(roles);
  const search = parseTasksSearch(Route.useSearch(), { isExpert: expert });
  return (
    <Stack gap="4">
      <ScreenLinks links={screenLinksFor(roles, 'tasks')} />
      <TasksPage
        search={search}
        isExpert={expert}
        onSearchChange={(next) => void navigate({ search: compactSearch(next), replace: true })}
      />
    </Stack>
  );
}
