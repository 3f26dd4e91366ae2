import { useEffect, useRef } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { valibotValidator } from '@tanstack/valibot-adapter';
import { useQuery } from '@tanstack/react-query';
import { requireArea } from '@/app/guards';
import { usePageTitle } from '@/components/page-title';
import { notifyError } from '@/components/toaster';
import { errorToastText } from '@/lib/api/errors';
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
  const list = useQuery(projectsListQuery(page));

  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (list.error && toasted.current !== list.error) {
      toasted.current = list.error;
      notifyError(errorToastText(list.error, 'Произошла ошибка при получении данных'));
    }
  }, [list.error]);

  return (
    <ProjectsList
      list={list}
      page={page}
      onPageChange={(next) => void navigate({ search: next > 1 ? { page: next } : {} })}
      onOpen={(id) => void navigate({ to: '/projects/$id', params: { id: String(id) } })}
    />
  );
}
