import { useCallback, useEffect, useState } from 'react';
import { Box, ButtonGroup, Flex, IconButton, Pagination, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { PAGE_SIZE } from '@/lib/limits';
import { EmptyState, LoadError, ShowMore, useRenderLimit } from '@/components/list-views';
import { usersListQuery, type UserRow } from '../api/users-list';
import { groupsQuery } from '../api/groups';
import { useLoginAs } from '../api/login-as';
import type { UsersSearch } from '../users-search';
import { useNow } from '@/lib/use-now';

/** A token that expires while the table is open loses «Войти как» within this time. */
const TOKEN_CLOCK_MS = 30_000;
import { UsersFilters } from './users-filters';
import { UsersTable } from './users-table';
import { AssignGroupsDialog } from './assign-groups-dialog';
import { RefreshTokenDialog } from './refresh-token-dialog';

export interface UsersScreenProps {
  search: UsersSearch;
  onSearchChange: (next: UsersSearch) => void;
  canManage: boolean;
  currentUserId: number;
}

/** /users — "Пользователи и роли" (SPEC §2, §6, §7). */
export function UsersScreen(props: UsersScreenProps) {
  const { search, onSearchChange } = props;
  const list = useQuery(usersListQuery(search));
  const groups = useQuery(groupsQuery());
  const [assignFor, setAssignFor] = useState<UserRow | null>(null);
  const [refreshFor, setRefreshFor] = useState<UserRow | null>(null);
  const loginAs = useLoginAs();
  const now = useNow(TOKEN_CLOCK_MS);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const changeFilters = useCallback((next: UsersSearch) => onSearchChange(next), [onSearchChange]);

  const logInAs = (user: UserRow) => {
    loginAs.mutate(user.id, {
      onSuccess: () => {
        // Everything cached belongs to the administrator: start clean as the chosen user.
        queryClient.clear();
        void navigate({ to: '/', replace: true });
      },
    });
  };

  const meta = list.data?._meta;
  const users = list.data?.items ?? [];
  // Page size 20 (SPEC §9); a server answering thousands of rows is shown in steps instead of freezing the page.
  const rows = useRenderLimit(users);

  // A page past the end (an old link, a narrower filter) goes to the last page there is.
  useEffect(() => {
    if (meta && meta.pageCount > 0 && meta.currentPage > meta.pageCount && !list.isPlaceholderData) {
      onSearchChange({ ...search, page: meta.pageCount > 1 ? meta.pageCount : undefined });
    }
  }, [meta, list.isPlaceholderData, search, onSearchChange]);

  return (
    <Stack gap="5">
      <Box bg="bg" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '4' }}>
        <UsersFilters search={search} groups={groups.data} onChange={changeFilters} />
      </Box>

      {list.isError && !list.data ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Stack gap="2" aria-busy="true" aria-label="Загрузка пользователей">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} h="10" />
          ))}
        </Stack>
      ) : users.length === 0 ? (
        <EmptyState text="Данные не найдены" />
      ) : (
        <Box opacity={list.isPlaceholderData ? 0.6 : 1} transition="opacity 0.2s" aria-busy={list.isFetching}>
          <UsersTable
            users={[...rows.visible]}
            groups={groups.data}
            now={Math.max(now, list.dataUpdatedAt)}
            canManage={props.canManage}
            currentUserId={props.currentUserId}
            loggingInAsId={loginAs.isPending ? (loginAs.variables ?? null) : null}
            onAssign={setAssignFor}
            onRefresh={setRefreshFor}
            onLoginAs={logInAs}
          />
          <ShowMore hidden={rows.hidden} onClick={rows.showMore} />
        </Box>
      )}

      {meta && meta.totalCount > 0 && (
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            Найдено: {meta.totalCount}
          </Text>
          {meta.pageCount > 1 && (
            <Pagination.Root
              count={meta.totalCount}
              pageSize={meta.perPage || PAGE_SIZE}
              page={meta.currentPage}
              siblingCount={1}
              onPageChange={(e) => onSearchChange({ ...search, page: e.page > 1 ? e.page : undefined })}
              translations={{
                rootLabel: 'Страницы',
                prevTriggerLabel: 'Предыдущая страница',
                nextTriggerLabel: 'Следующая страница',
                itemLabel: ({ page }) => `Страница ${page}`,
              }}
            >
              <ButtonGroup variant="ghost" size="sm" attached={false} gap="1">
                <Pagination.PrevTrigger asChild>
                  <IconButton>‹</IconButton>
                </Pagination.PrevTrigger>
                <Pagination.Items render={(page) => <IconButton variant={{ base: 'ghost', _selected: 'solid' }}>{page.value}</IconButton>} />
                <Pagination.NextTrigger asChild>
                  <IconButton>›</IconButton>
                </Pagination.NextTrigger>
              </ButtonGroup>
            </Pagination.Root>
          )}
        </Flex>
      )}

      {props.canManage && (
        <>
          <AssignGroupsDialog user={assignFor} currentUserId={props.currentUserId} groups={groups.data} groupsError={groups.isError} onClose={() => setAssignFor(null)} />
          <RefreshTokenDialog user={refreshFor} onClose={() => setRefreshFor(null)} />
        </>
      )}
    </Stack>
  );
}
