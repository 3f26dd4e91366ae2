import { Stack } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from '@/components/list-views';
import type { Project } from '../api/queries';
import { ProjectsTable } from './projects-table';

/** The part of a GET /v1/projects answer the list shows. */
interface ProjectsPage {
  items: Project[];
  _meta: { totalCount: number; currentPage: number };
}

interface ProjectsListProps {
  list: UseQueryResult<ProjectsPage>;
  /** The page in the URL, shown until the list's own answer says which page it is. */
  page: number;
  onPageChange: (page: number) => void;
  onOpen: (id: number) => void;
}

/** SPEC §2 projects table; a list that failed with nothing to show offers to try again in its place (SPEC §8). */
export function ProjectsList({ list, page, onPageChange, onOpen }: ProjectsListProps) {
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
          onPageChange={onPageChange}
          onOpen={onOpen}
        />
      )}
    </Stack>
  );
}
