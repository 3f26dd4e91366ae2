import { Badge, Box, Flex, HStack, Input, InputGroup, Link as ChakraLink, NativeSelect, Stack, Table, Tabs, Text } from '@chakra-ui/react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Suspense, lazy, useEffect, useMemo, useState, type ReactNode } from 'react';
import { EmptyState, LoadError, ShowMore, useRenderLimit } from '@/components/list-views';
import { useDrawnData } from '@/components/deferred-mount';
import { TabPanel, tabPanelLinks } from '@/components/tab-panel';
import { SearchIcon } from '@/components/icons';
import { PAGE_SIZE } from '@/lib/limits';
import { activeCountQuery } from '../api/active-count';
import { expertListQuery, notesQuery, pointListQuery } from '../api/queries';
import { pointStatusesQuery, templatesLookupQuery } from '../api/screen-queries';
import { kindOptions, kindTabs } from '../kind-tabs';
import type { TaskKind, TasksSearch } from '../list-search';
import { ListLoading } from './list-state';
import { Pager } from './pager';
import { TaskRow, TaskTableShell, type TaskRowProps } from './task-row';
import type { PointListItem, PointPage } from '../api/types';
import { formatMoscowIso } from '@/lib/moscow-time';
import { useNow } from '@/lib/use-now';
import { DEADLINE_CLOCK_MS } from '../deadline-color';

// The expertise filters (Chakra Select, ~9 KiB gzip) load only on the expertise tab; the other tabs use native selects.
const MultiSelect = lazy(() => import('./multi-select').then((m) => ({ default: m.MultiSelect })));

export interface TasksPageProps {
  search: TasksSearch;
  onSearchChange: (next: TasksSearch) => void;
  isExpert: boolean;
  /** /tasks-archive: the archive filter is forced and the task-kind filter disabled (SPEC §2). */
  archiveRoute?: boolean;
}

/** SPEC §2 "My tasks" (/tasks) and the archive (/tasks-archive). */
export function TasksPage({ search, onSearchChange, isExpert, archiveRoute = false }: TasksPageProps) {
  const set = (patch: Partial<TasksSearch>) => onSearchChange({ ...search, page: 1, ...patch });
  const list = (
    <Box bg="bg" borderRadius="md" borderWidth="1px" px={{ base: '3', md: '4' }} py="2">
      {search.kind === 'notes' ? (
        <DraftsList search={search} onPage={(page) => onSearchChange({ ...search, page })} />
      ) : search.kind === 'expert' ? (
        <ExpertList search={search} onPage={(page) => onSearchChange({ ...search, page })} />
      ) : (
        <PointsList search={search} onPage={(page) => onSearchChange({ ...search, page })} />
      )}
    </Box>
  );
  return (
    <Stack gap="4">
      <FiltersBar search={search} set={set} isExpert={isExpert} archiveRoute={archiveRoute} />
      {archiveRoute ? (
        list
      ) : (
        <KindTabs search={search} isExpert={isExpert} onChange={(kind) => set({ kind })}>
          {list}
        </KindTabs>
      )}
    </Stack>
  );
}

function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = window.setTimeout(() => onChange(text.trim() ? text : ''), 400);
    return () => window.clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <InputGroup startElement={<SearchIcon size={16} />} flex="2" minW={{ base: 'full', md: '64' }}>
      <Input
        type="search"
        aria-label="Поиск по разделу"
        placeholder="Поиск по разделу"
        value={text}
        maxLength={200}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Enter' && onChange(text.trim() ? text : '')}
        bg="bg"
      />
    </InputGroup>
  );
}

function FiltersBar({ search, set, isExpert, archiveRoute }: { search: TasksSearch; set: (patch: Partial<TasksSearch>) => void; isExpert: boolean; archiveRoute: boolean }) {
  const statuses = useQuery(pointStatusesQuery());
  const statusItems = useMemo(() => (statuses.data ?? []).map((s) => ({ value: s.code1C, label: s.name })), [statuses.data]);
  const templates = useQuery({ ...templatesLookupQuery(), enabled: search.kind === 'expert' });
  const contestItems = useMemo(() => (templates.data ?? []).map((t) => ({ value: String(t.id), label: t.name })), [templates.data]);
  const onQuery = useMemo(() => (q: string) => set({ q }), [set]);

  return (
    <Flex gap="3" wrap="wrap" align="center">
      <SearchBox value={search.q} onChange={onQuery} />
      {search.kind === 'expert' ? (
        <Suspense fallback={<Box minW="56" flex="1" h="9" />}>
          <MultiSelect
            label="Конкурсы"
            placeholder="Все конкурсы"
            items={contestItems}
            value={search.contests.map(String)}
            onChange={(v) => set({ contests: v.map(Number) })}
          />
          <MultiSelect label="Статусы" placeholder="Все статусы" items={statusItems} value={search.statuses} onChange={(v) => set({ statuses: v })} />
        </Suspense>
      ) : (
        search.kind !== 'notes' && (
          // SPEC §2: the status select is hidden on drafts.
          <NativeSelect.Root size="md" flex="1" minW="48" bg="bg">
            <NativeSelect.Field aria-label="Статус" value={search.status} onChange={(e) => set({ status: e.currentTarget.value })}>
              <option value="">Все статусы</option>
              {statusItems.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator aria-hidden="true" />
          </NativeSelect.Root>
        )
      )}
      <NativeSelect.Root size="md" flex="1" minW="48" bg="bg" disabled={archiveRoute}>
        <NativeSelect.Field aria-label="Вид задач" value={archiveRoute ? 'archive' : search.kind} onChange={(e) => set({ kind: e.currentTarget.value as TaskKind })}>
          {archiveRoute ? (
            <option value="archive">Архив</option>
          ) : (
            kindOptions(isExpert).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))
          )}
        </NativeSelect.Field>
        <NativeSelect.Indicator aria-hidden="true" />
      </NativeSelect.Root>
    </Flex>
  );
}

const KIND_PANEL = 'task-kind';
const kindPanel = tabPanelLinks(KIND_PANEL);

/**
 * The list is the panel of the selected tab, so the tab's aria-controls names an element that exists. The counts follow
 * the search and the status filter (issue 50: «Всего: 1» under «Все 42»). GET count and active-count take neither
 * (SPEC §7: only a project or a competition), so a count is the total of its tab's first page with them — the very
 * query of that list, which the «Все» tab has open anyway; unfiltered, «Требуют действий» is the menu's active-count.
 */
function KindTabs({ search, isExpert, onChange, children }: { search: TasksSearch; isExpert: boolean; onChange: (kind: TaskKind) => void; children: ReactNode }) {
  const { kind, q, status } = search;
  const filtered = !!(q || status);
  const all = useListTotal('all', search, true);
  const active = useListTotal('active', search, filtered);
  const activeCount = useQuery(activeCountQuery());
  // The expertise list's first page with the search and its own filters: the same query as its tab's.
  const expertise = useQuery({
    ...expertListQuery({ text: q, templateIds: search.contests, statusCodes: search.statuses, page: 1, pageSize: PAGE_SIZE }),
    enabled: isExpert,
  });
  const counts: Record<string, number | null | undefined> = {
    count: all,
    'active-count': filtered ? active : activeCount.data,
    'expert-count': expertise.data?._meta.totalCount,
  };
  return (
    <Tabs.Root value={kind} onValueChange={(e) => onChange(e.value as TaskKind)} variant="line" size="sm" ids={kindPanel.ids}>
      {/* Phones wrap the tabs onto a second line: every tab stays on the screen, none hides behind a scroll. */}
      <Box overflowX={{ base: 'visible', md: 'auto' }}>
        <Tabs.List aria-label="Вид задач" minW={{ base: '0', md: 'max-content' }} flexWrap={{ base: 'wrap', md: 'nowrap' }}>
          {kindTabs(isExpert).map((tab) => (
            <Tabs.Trigger key={tab.kind} value={tab.kind} {...kindPanel.controls(tab.kind, kind)}>
              {tab.label}
              {tab.counted && counts[tab.counted] != null && (
                <Badge size="sm" variant="subtle" colorPalette={tab.kind === 'active' ? 'orange' : 'gray'} ms="1" data-testid="tab-count">
                  {counts[tab.counted]}
                </Badge>
              )}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </Box>
      <TabPanel name={KIND_PANEL} value={kind} selected={kind} pt="4">
        {children}
      </TabPanel>
    </Tabs.Root>
  );
}

function useListTotal(kind: 'all' | 'active', { q, status }: TasksSearch, enabled: boolean) {
  return useQuery({ ...pointListQuery({ kind, name: q, statusCode: status, page: 1, pageSize: PAGE_SIZE }), enabled }).data?._meta.totalCount;
}

function PointsList({ search, onPage }: { search: TasksSearch; onPage: (page: number) => void }) {
  const kind = search.kind === 'expert' || search.kind === 'notes' ? 'all' : search.kind;
  const query = useQuery(pointListQuery({ kind, name: search.q, statusCode: search.status, page: search.page, pageSize: PAGE_SIZE }));
  return <PointPageView query={query} onPage={onPage} linkLabel={(p) => (p.canEdit ? 'Редактировать' : 'Перейти')} />;
}

function ExpertList({ search, onPage }: { search: TasksSearch; onPage: (page: number) => void }) {
  const query = useQuery(expertListQuery({ text: search.q, templateIds: search.contests, statusCodes: search.statuses, page: search.page, pageSize: PAGE_SIZE }));
  // SPEC §2: in the expertise list the link reads "Редактировать" when the status is suspended.
  return <PointPageView query={query} onPage={onPage} linkLabel={(p) => (p.status.code1C === 'SUSPENDED' ? 'Редактировать' : 'Перейти')} />;
}

/** A page of points (the kind tabs and the expertise list alike): its states, rows, total and pager; only the link text differs. */
function PointPageView(props: { query: UseQueryResult<PointPage>; onPage: (page: number) => void; linkLabel: (point: PointListItem) => TaskRowProps['linkLabel'] }) {
  const { query, onPage, linkLabel } = props;
  const now = useNow(DEADLINE_CLOCK_MS);
  // The rows are drawn in a background render when the page arrives (the query cache's update is otherwise rendered in
  // one blocking pass, a long task on a slow phone); the skeleton stays meanwhile.
  const { data, drawing } = useDrawnData(query.data);
  const rows = useRenderLimit(data?.items);
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!data) return <ListLoading />;
  const { items, _meta } = data;
  if (!items.length) return drawing ? <ListLoading /> : <EmptyState text="Список пуст" />;
  return (
    <>
      <TaskTableShell>
        {rows.visible.map((p) => (
          <TaskRow key={p.id} point={p} now={now} linkLabel={linkLabel(p)} />
        ))}
      </TaskTableShell>
      <ShowMore hidden={rows.hidden} onClick={rows.showMore} />
      <Total total={_meta.totalCount} />
      <Pager page={_meta.currentPage} pageCount={_meta.pageCount} onChange={onPage} />
    </>
  );
}

function DraftsList({ search, onPage }: { search: TasksSearch; onPage: (page: number) => void }) {
  const query = useQuery(notesQuery(search.q));
  if (query.isPending) return <ListLoading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const notes = query.data;
  if (!notes.length) return <EmptyState text="Список пуст" />;
  const pageCount = Math.ceil(notes.length / PAGE_SIZE);
  const current = Math.min(search.page, pageCount);
  const visible = notes.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  return (
    <>
      <Table.Root size="sm" variant="line">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Черновик</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {visible.map((note) => (
            <Table.Row key={note.id} data-testid="draft-row">
              <Table.Cell>
                <Stack gap="0.5">
                  {note.pointId ? (
                    <ChakraLink asChild color="brand.fg" fontWeight="semibold">
                      <Link to="/tasks/$id" params={{ id: String(note.pointId) }}>{`Черновик "${note.name}"`}</Link>
                    </ChakraLink>
                  ) : note.code1C ? (
                    <ChakraLink asChild color="brand.fg" fontWeight="semibold">
                      <Link to="/programs/create/$code1C" params={{ code1C: note.code1C }}>{`Черновик "${note.name}"`}</Link>
                    </ChakraLink>
                  ) : (
                    <Text fontWeight="semibold">{`Черновик "${note.name}"`}</Text>
                  )}
                  {note.pointName && note.pointName !== note.name && (
                    <Text fontSize="xs" color="fg.muted">
                      Задача: {note.pointName}
                    </Text>
                  )}
                  {formatMoscowIso(note.savedAt) && (
                    <Text fontSize="xs" color="fg.muted" data-testid="draft-saved-at">
                      Сохранён {formatMoscowIso(note.savedAt)} МСК
                    </Text>
                  )}
                </Stack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Total total={notes.length} />
      <Pager page={current} pageCount={pageCount} onChange={onPage} />
    </>
  );
}

function Total({ total }: { total: number }) {
  return (
    <HStack justify="end" pt="2">
      <Text fontSize="xs" color="fg.muted">
        Всего: {total}
      </Text>
    </HStack>
  );
}
