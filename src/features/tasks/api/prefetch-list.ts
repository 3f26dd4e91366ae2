import type { QueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/lib/limits';
import type { TasksSearch } from '../list-search';
import { expertListQuery, notesQuery, pointListQuery } from './queries';

/**
 * "Мои задачи" asks for the list its search shows before the screen renders (the notes, the expert's list or the
 * points). Prefetch only: a failing list shows its own error with "Повторить" inside the page.
 */
export function prefetchTaskList(queryClient: QueryClient, search: TasksSearch): void {
  if (search.kind === 'notes') void queryClient.prefetchQuery(notesQuery(search.q));
  else if (search.kind === 'expert') {
    void queryClient.prefetchQuery(expertListQuery({ text: search.q, templateIds: search.contests, statusCodes: search.statuses, page: search.page, pageSize: PAGE_SIZE }));
  } else {
    const kind = search.kind === 'archive' ? 'all' : search.kind;
    void queryClient.prefetchQuery(pointListQuery({ kind, name: search.q, statusCode: search.status, page: search.page, pageSize: PAGE_SIZE }));
  }
}
