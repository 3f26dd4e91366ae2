import { Box, Button, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState, LoadError, ShowMore, useRenderLimit } from '@/components/list-views';
import { PAGE_SIZE } from '@/lib/limits';
import { pointListQuery } from '../api/queries';
import type { PointListItem } from '../api/types';
import { AssignDialog, type AssignableUser } from './assign-dialog';
import { ListLoading } from './list-state';
import { Pager } from './pager';
import { useNow } from '@/lib/use-now';
import { DEADLINE_CLOCK_MS } from '../deadline-color';
import { TaskRow, TaskTableShell } from './task-row';

export interface TaskTableProps {
  /** A competition's (templateCode) or a project's (projectId) tasks. */
  filters: { templateCode?: string; projectId?: number };
  /** Project page: the project owner assigns the responsible user of each task (SPEC §2, §6). */
  assign?: { ownerId: number; currentUserId: number; users: AssignableUser[] };
}

/** The task rows of SPEC §2 "My tasks" for one competition or project, 20 a page. */
export function TaskTable({ filters, assign }: TaskTableProps) {
  const [page, setPage] = useState(1);
  const query = useQuery(
    pointListQuery({ kind: 'all', templateCode: filters.templateCode, projectId: filters.projectId, page, pageSize: PAGE_SIZE }),
  );
  const [assigning, setAssigning] = useState<PointListItem | null>(null);
  const now = useNow(DEADLINE_CLOCK_MS);
  // SPEC §6: only the project owner sees the assign-user link.
  const canAssign = !!assign && assign.currentUserId === assign.ownerId;
  const rows = useRenderLimit(query.data?.items);

  if (query.isPending) return <ListLoading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const { items, _meta } = query.data;
  if (items.length === 0) return <EmptyState text="Список пуст" />;

  return (
    <Box>
      <TaskTableShell>
        {rows.visible.map((point) => (
          <TaskRow
            key={point.id}
            point={point}
            now={now}
            linkLabel={point.canEdit ? 'Редактировать' : 'Перейти'}
            extra={
              canAssign ? (
                <Box>
                  {point.responsibleUserId != null && (
                    <Text fontSize="xs" color="fg.muted">
                      Ответственный: {assign.users.find((u) => u.id === point.responsibleUserId)?.fullname ?? `пользователь ${point.responsibleUserId}`}
                    </Text>
                  )}
                  <Button variant="plain" size="xs" px="0" color="brand.fg" textDecoration="underline" onClick={() => setAssigning(point)}>
                    Назначить пользователя
                  </Button>
                </Box>
              ) : undefined
            }
          />
        ))}
      </TaskTableShell>
      <ShowMore hidden={rows.hidden} onClick={rows.showMore} />
      <Pager page={_meta.currentPage} pageCount={_meta.pageCount} onChange={setPage} />
      {assigning && assign && (
        <AssignDialog
          open
          onClose={() => setAssigning(null)}
          pointId={assigning.id}
          pointName={assigning.name}
          users={assign.users}
          currentUserId={assigning.responsibleUserId}
        />
      )}
    </Box>
  );
}
