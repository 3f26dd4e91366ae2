import { createFileRoute } from '@tanstack/react-router';
import { valibotValidator } from '@tanstack/valibot-adapter';
import * as v from 'valibot';
import { useQuery } from '@tanstack/react-query';
import { requireArea } from '@/app/guards';
import { usePageTitle } from '@/components/page-title';
import { optionalParam } from '@/components/search-params';
import { canAccess } from '@/lib/roles';
import { competitionQuery } from '@/features/competitions/api/queries';
import { CompetitionDetails, type DetailsTab } from '@/features/competitions/components/competition-details';
import { TaskTable } from '@/features/tasks/components/task-table';

/** SPEC §2 /programs/{id}: id or code1C; a 404 shows the not-found page (route error boundary). */
export const Route = createFileRoute('/_cabinet/programs/$id')({
  staticData: { hideFooter: true },
  validateSearch: valibotValidator(v.object({ tab: optionalParam(v.picklist(['tasks']) as v.GenericSchema<DetailsTab, 'tasks'>) })),
  beforeLoad: ({ context, preload }) => requireArea(context.roles, 'programs', preload),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(competitionQuery(params.id)),
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  const { tab = 'info' } = Route.useSearch();
  const { roles, user } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  const { data } = useQuery(competitionQuery(id));
  usePageTitle(data?.name ?? 'Конкурс');
  return (
    <CompetitionDetails
      idOrCode={id}
      tab={tab}
      onTabChange={(next) => void navigate({ search: next === 'tasks' ? { tab: 'tasks' } : {}, replace: true })}
      canCreate={canAccess(roles, 'program-create')}
      userId={user.id}
      tasks={data ? <TaskTable filters={{ templateCode: data.code1C }} /> : null}
    />
  );
}
