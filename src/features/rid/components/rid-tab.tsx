import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Box, Button, Flex, HStack, SimpleGrid, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { projectRidsQuery } from '../api/queries';
import { useLoadRids } from '../api/load-rids';
import { useSubmitRid } from '../api/submit-rid';
import { useUpdateRid } from '../api/update-rid';
import { useCreateUnplannedRid } from '../api/create-unplanned';
import {
  DEFAULT_RID_FILTERS,
  applyRidFilters,
  normaliseRidFilters,
  ridFilterOptions,
  ridTitle,
  sortRids,
  type Rid,
  type RidFilters,
} from '../rid-rules';
import { RidCard } from './rid-card';
import { RidFilterGroup } from './rid-filter-group';
import { ShowMore, useRenderLimit } from '@/components/list-views';
import { useDrawnData } from '@/components/deferred-mount';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notifySuccess } from '@/components/toaster';
import { RID_LOAD_FAILED } from '../api/failure-texts';

type Pending = { kind: 'submit' | 'update'; rid: Rid } | { kind: 'unplanned' } | null;

export interface RidTabProps {
  projectId: number;
  /** Owners and users of the project act on RIDs; others only look. */
  canAct: boolean;
  /** A new task was created in the project (the route refreshes the task count). */
  onTasksChanged?: () => void;
}

/**
 * SPEC §2 RID tab: compact-mode switch (on by default, SPEC §9), "Подать внеплановый РИД", source and status filter
 * toggles, cards 3 per row on medium screens, ordered as SPEC §4 says.
 */
export function RidTab({ projectId, canAct, onTasksChanged }: RidTabProps) {
  const navigate = useNavigate();
  const rids = useQuery(projectRidsQuery(projectId));
  const load = useLoadRids(projectId);
  const submit = useSubmitRid(projectId);
  const update = useUpdateRid(projectId);
  const unplanned = useCreateUnplannedRid(projectId);
  const [compact, setCompact] = useState(true);
  const [filters, setFilters] = useState<RidFilters>(DEFAULT_RID_FILTERS);
  const [pending, setPending] = useState<Pending>(null);
  const [now] = useState(() => Date.now());
  // The same functions on every render: a card (memo) is drawn again only when its own RID or the mode changes, not
  // each time the tab re-renders for a request's state.
  const askSubmit = useCallback((rid: Rid) => setPending({ kind: 'submit', rid }), []);
  const askUpdate = useCallback((rid: Rid) => setPending({ kind: 'update', rid }), []);

  // The cards are drawn in a background render when the list arrives or changes (a dozen cards with their dates were
  // one long task on a phone, the query cache's update being rendered in one blocking pass); the skeleton stays
  // meanwhile.
  const { data, drawing } = useDrawnData(rids.data);
  const list = useMemo(() => data ?? [], [data]);
  const effective = useMemo(() => normaliseRidFilters(list, filters), [list, filters]);
  const options = useMemo(() => ridFilterOptions(list, effective), [list, effective]);
  const shown = useMemo(() => sortRids(applyRidFilters(list, effective)), [list, effective]);
  const cards = useRenderLimit(shown);

  // Failures are toasted by the query client (the RID hooks' meta carries the SPEC §8 texts).
  const reload = () => load.mutate(undefined, { onSuccess: () => notifySuccess('Сведения о РИД обновлены из АСУ РИД') });

  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'unplanned') {
      unplanned.mutate(undefined, {
        onSuccess: () => {
          notifySuccess('Создание внепланового РИД успешно запланировано');
          onTasksChanged?.();
        },
        onSettled: () => setPending(null),
      });
    } else if (pending.kind === 'update') {
      update.mutate(pending.rid, {
        onSuccess: () => {
          notifySuccess('Актуализация РИД успешно запланирована');
          onTasksChanged?.();
        },
        onSettled: () => setPending(null),
      });
    } else {
      submit.mutate(pending.rid, {
        onSuccess: (pointId) => {
          onTasksChanged?.();
          setPending(null);
          if (pointId) void navigate({ to: '/tasks/$id', params: { id: String(pointId) } });
        },
        onError: () => setPending(null),
      });
    }
  };

  const dialog = (() => {
    if (!pending) return null;
    if (pending.kind === 'unplanned')
      return { title: 'Подать внеплановый РИД', message: 'Вы уверены что хотите подать внеплановый РИД?', confirmLabel: 'Подать' };
    if (pending.kind === 'submit')
      return { title: 'Подать РИД', message: `Вы уверены что хотите подать сведения о РИД «${ridTitle(pending.rid)}»?`, confirmLabel: 'Подать' };
    return { title: 'Обновить сведения о РИД', message: `Вы уверены что хотите подать обновление сведений о РИД «${ridTitle(pending.rid)}»?`, confirmLabel: 'Отправить' };
  })();

  return (
    <Stack gap="4">
      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        <Switch.Root checked={compact} onCheckedChange={(e) => setCompact(e.checked)} colorPalette="brand">
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Компактный режим</Switch.Label>
        </Switch.Root>
        <HStack gap="2" wrap="wrap">
          <Button size="sm" variant="ghost" onClick={reload} loading={load.isPending}>
            Обновить из АСУ РИД
          </Button>
          {canAct && (
            <Button size="sm" colorPalette="brand" borderRadius="pill" onClick={() => setPending({ kind: 'unplanned' })}>
              Подать внеплановый РИД
            </Button>
          )}
        </HStack>
      </Flex>

      {(rids.isPending || (drawing && !data)) && (
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="40" borderRadius="lg" />
          ))}
        </SimpleGrid>
      )}

      {rids.isError && !rids.data && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{RID_LOAD_FAILED}</Alert.Title>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => void rids.refetch()}>
            Повторить
          </Button>
        </Alert.Root>
      )}

      {rids.isSuccess && !drawing && list.length === 0 && (
        <Box py="10" textAlign="center" role="status">
          <Text fontWeight="semibold" fontSize="lg">
            Нет данных о РИД проекта
          </Text>
          <Text color="fg.muted">Сведения о результатах интеллектуальной деятельности отсутствуют</Text>
        </Box>
      )}

      {list.length > 0 && (
        <>
          <Stack gap="2">
            <RidFilterGroup label="Источник" options={options.source} value={effective.source} onChange={(source) => setFilters({ ...effective, source })} />
            <RidFilterGroup label="Статус" options={options.status} value={effective.status} onChange={(status) => setFilters({ ...effective, status })} />
          </Stack>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" aria-label="Результаты интеллектуальной деятельности" as="section">
            {cards.visible.map((rid, index) => (
              <RidCard
                key={rid.id ?? `${rid.code}-${rid.planCode}-${index}`}
                rid={rid}
                compact={compact}
                now={now}
                canAct={canAct}
                onSubmit={askSubmit}
                onUpdate={askUpdate}
              />
            ))}
          </SimpleGrid>
          <ShowMore hidden={cards.hidden} onClick={cards.showMore} />
        </>
      )}

      <ConfirmDialog
        open={!!pending}
        title={dialog?.title ?? ''}
        message={dialog?.message ?? ''}
        confirmLabel={dialog?.confirmLabel ?? 'Подать'}
        pending={submit.isPending || update.isPending || unplanned.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
}
