import { createFileRoute } from '@tanstack/react-router';
import { valibotValidator } from '@tanstack/valibot-adapter';
import { requireArea } from '@/app/guards';
import { usePageTitle } from '@/components/page-title';
import { PAGE_SIZE } from '@/lib/limits';
import { compactSearch, parseTasksSearch, tasksRouteSearch } from '@/features/tasks/list-search';
import { pointListQuery } from '@/features/tasks/api/queries';
import { TasksPage } from '@/features/tasks/components/tasks-page';

/** /tasks-archive (route name tasks-archive-list): forces the archive filter, the task-kind filter is disabled. */
export const Route = createFileRoute('/_cabinet/tasks-archive')({
  validateSearch: valibotValidator(tasksRouteSearch({ isExpert: false, archiveRoute: true })),
  beforeLoad: ({ context, preload }) => requireArea(context.roles, 'tasks-archive', preload),
  loaderDeps: ({ search }) => ({ search }),
  loader: ({ context, deps }) => {
    const search = parseTasksSearch(deps.search, { isExpert: false, archiveRoute: true });
    void context.queryClient.prefetchQuery(pointListQuery({ kind: 'archive', name: search.q, statusCode: search.status, page: search.page, pageSize: PAGE_SIZE }));
  },
  component: TasksArchiveScreen,
});

function TasksArchiveScreen() {
  usePageTitle('Архив');
  const navigate = Route.useNavigate();
  const search = parseTasksSearch(Route.useSearch(), { isExpert: false, archiveRoute: true });
  return <TasksPage search={search} isExpert={false} archiveRoute onSearchChange={(next) => void navigate({ search: compactSearch(next), replace: true })} />;
}
