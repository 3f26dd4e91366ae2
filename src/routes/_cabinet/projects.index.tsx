import { createFileRoute } from '@tanstack/react-router';
import { valibotValidator } from '@tanstack/valibot-adapter';
import { useQuery } from '@tanstack/react-query';
import { requireArea } from '@/app/guards';
import { usePageTitle } from '@/components/page-title';
import { projectsListQuery } from '@/features/projects/api/queries';
import { projectsListSearchSchema } from '@/features/projects/project-tabs';
import { ProjectsList } from '@/features/projects/components/projects-list';

/** /projects — SPEC §2 projects table, title "Проекты"; ?page=N (bad values fall back to page 1). */
export const Route = createFileRoute('/_cabinet/projects/')({
  validateSearch: valibotValidator(projectsListSearchSchema),
  beforeLoad: ({ context, preload }) => requireArea(context.roles, 'projects', preload),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  // Prefetch only: SPEC §8 wants a failing list shown as a toast on the screen, not as an error page.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(projectsListQuery(deps.page)),
  component: ProjectsScreen,
});

function ProjectsScreen() {
  usePageTitle('Проекты');
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  // A failing list is toasted by the query client (the query's meta) and shown in place of the table.
  const list = useQuery(projectsListQuery(page));

  return (
    <ProjectsList
      list={list}
      page={page}
      onPageChange={(next) => void navigate({ search: next > 1 ? { page: next } : {} })}
      onOpen={(id) => void navigate({ to: '/projects/$id', params: { id: String(id) } })}
    />
  );
}
