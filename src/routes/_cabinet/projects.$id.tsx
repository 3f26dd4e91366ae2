import { createFileRoute, notFound } from '@tanstack/react-router';
import { valibotValidator } from '@tanstack/valibot-adapter';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Box } from '@chakra-ui/react';
import { requireArea } from '@/app/guards';
import { DeferredMount } from '@/components/deferred-mount';
import { usePageTitle } from '@/components/page-title';
import { projectQuery, projectTasksCountQuery } from '@/features/projects/api/queries';
import { isProjectMember, projectAssignees, useRefreshProjectTasksCount } from '@/features/projects/project-screen';
import { projectSearchSchema } from '@/features/projects/project-tabs';
import { ProjectPage } from '@/features/projects/components/project-page';
import { RidTab } from '@/features/rid/components/rid-tab';
import { projectRidsQuery } from '@/features/rid/api/queries';
import { TaskTable } from '@/features/tasks/components/task-table';
import { useReloadTasks } from '@/features/tasks/api/reload-tasks';

const parseId = (raw: string) => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** /projects/{id} (route name project-by-id, SPEC §2); ?tab= keeps the open tab (unknown values: "Задачи"). */
export const Route = createFileRoute('/_cabinet/projects/$id')({
  staticData: { hideFooter: true },
  validateSearch: valibotValidator(projectSearchSchema),
  beforeLoad: ({ context, preload }) => requireArea(context.roles, 'projects', preload),
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: ({ context, params, deps }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    // The RID tab's list and the "Задачи" tab's count are asked for beside the project, not after the page has drawn
    // them (the count came ~0.9 s after the project at CPU 4×, and its answer redrew the page).
    if (deps.tab === 'rid') void context.queryClient.prefetchQuery(projectRidsQuery(id));
    void context.queryClient.prefetchQuery(projectTasksCountQuery(id));
    return context.queryClient.ensureQueryData(projectQuery(id));
  },
  component: ProjectScreen,
});

function ProjectScreen() {
  const projectId = Number(Route.useParams().id);
  const { tab = 'tasks' } = Route.useSearch();
  const { user } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  const { data: project } = useSuspenseQuery(projectQuery(projectId));
  const refreshTasksCount = useRefreshProjectTasksCount(projectId);
  const reloadTasks = useReloadTasks();
  usePageTitle(project.name);
  const refreshTasks = () => {
    refreshTasksCount();
    reloadTasks();
  };

  // The page (tabs, widget, the open tab's list) is drawn in a background render when the project arrives.
  return (
    <DeferredMount fallback={<Box minH="60vh" aria-busy="true" />}>
      <ProjectPage
        project={project}
        tab={tab}
        onTabChange={(next) => void navigate({ search: next === 'tasks' ? {} : { tab: next }, replace: true })}
        onBack={() => void navigate({ to: '/projects' })}
        tasksContent={<TaskTable filters={{ projectId }} assign={projectAssignees(project, user.id)} />}
        ridContent={<RidTab projectId={projectId} canAct={isProjectMember(project, user.id)} onTasksChanged={refreshTasks} />}
        onRequestSent={refreshTasks}
      />
    </DeferredMount>
  );
}
