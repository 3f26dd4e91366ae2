import { createFileRoute, notFound } from '@tanstack/react-router';
import { valibotValidator } from '@tanstack/valibot-adapter';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { requireArea } from '@/app/guards';
import { usePageTitle } from '@/components/page-title';
import { projectKeys } from '@/features/projects/api/keys';
import { projectQuery, projectTasksCountQuery } from '@/features/projects/api/queries';
import { projectSearchSchema } from '@/features/projects/project-tabs';
import { ProjectPage } from '@/features/projects/components/project-page';
import { RidTab } from '@/features/rid/components/rid-tab';
import { TaskTable } from '@/features/tasks/components/task-table';
import { tasksKeys } from '@/features/tasks/api/keys';

const parseId = (raw: string) => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** /projects/{id} (route name project-by-id, SPEC §2); ?tab= keeps the open tab (unknown values: "Задачи"). */
export const Route = createFileRoute('/_cabinet/projects/$id')({
  staticData: { hideFooter: true },
  validateSearch: valibotValidator(projectSearchSchema),
  beforeLoad: ({ context, preload }) => requireArea(context.roles, 'projects', preload),
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    return context.queryClient.ensureQueryData(projectQuery(id));
  },
  component: ProjectScreen,
});

function ProjectScreen() {
  const projectId = Number(Route.useParams().id);
  const { tab = 'tasks' } = Route.useSearch();
  const { user } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  const queryClient = useQueryClient();
  const { data: project } = useSuspenseQuery(projectQuery(projectId));
  const tasksCount = useQuery(projectTasksCountQuery(projectId));
  usePageTitle(project.name);

  const isMember = project.ownerId === user.id || !!project.users?.some((u) => u.id === user.id);
  const refreshTasks = () => {
    void queryClient.invalidateQueries({ queryKey: projectKeys.tasksCount(projectId) });
    void queryClient.invalidateQueries({ queryKey: tasksKeys.all });
  };

  return (
    <ProjectPage
      project={project}
      tab={tab}
      onTabChange={(next) => void navigate({ search: next === 'tasks' ? {} : { tab: next }, replace: true })}
      onBack={() => void navigate({ to: '/projects' })}
      tasksCount={tasksCount.data}
      tasksContent={
        <TaskTable
          filters={{ projectId }}
          assign={project.ownerId != null ? { ownerId: project.ownerId, currentUserId: user.id, users: project.users ?? [] } : undefined}
        />
      }
      ridContent={<RidTab projectId={projectId} canAct={isMember} onTasksChanged={refreshTasks} />}
      onRequestSent={refreshTasks}
    />
  );
}
