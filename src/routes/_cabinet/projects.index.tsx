import { useEffect, useRef } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { valibotValidator } from '@tanstack/valibot-adapter';
import { useQuery } from '@tanstack/react-query';
import { Stack } from '@chakra-ui/react';
import { requireArea } from '@/app/guards';
import { usePageTitle } from '@/components/page-title';
import { notifyError } from '@/components/toaster';
import { LoadError } from '@/components/status-views';
import { errorToastText } from '@/lib/api/errors';
import { projectsListQuery } from '@/features/projects/api/queries';
import { projectsListSearchSchema } from '@/features/projects/project-tabs';
import { ProjectsTable } from '@/features/projects/components/projects-table';

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
    <Stack gap="4">
      {list.isError && !list.data && !list.isFetching ? (
        // The toast says what failed (SPEC §8); in place of the table the user gets a way to try again.
        <LoadError title="Не удалось загрузить список проектов." onRetry={() => void list.refetch()} />
      ) : (
        <ProjectsTable
          items={list.data?.items}
          totalCount={list.data?._meta.totalCount ?? 0}
          page={list.data?._meta.currentPage ?? page}
          loading={list.isFetching}
          onPageChange={(next) => void navigate({ search: next > 1 ? { page: next } : {} })}
          onOpen={(id) => void navigate({ to: '/projects/$id', params: { id: String(id) } })}
        />
      )}
    </Stack>
  );
}
