import { Accordion, Alert, Box, Button, Checkbox, CloseButton, HStack, Heading, Input, InputGroup, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { SearchIcon } from '@/components/icons';
import { useDrawnData } from '@/components/deferred-mount';
import { EmptyState, ShowMore, useRenderLimit } from '@/components/list-views';
import { errorToastText } from '@/lib/api/errors';
import { competitionGroupsQuery, competitionsQuery } from '../api/queries';
import { applyFilters, filtersActive, groupCompetitions } from '../rules/list';
import { ACCEPTING_STATUS, type CompetitionFilters } from '../rules/list-search';
import { CompetitionRow } from './competition-row';

/** SPEC §2 "Competitions list": search, status, two checkboxes, collapsible groups (flattened by any filter). */
export function CompetitionsList({ filters, onFiltersChange }: { filters: CompetitionFilters; onFiltersChange: (next: CompetitionFilters) => void }) {
  const list = useQuery(competitionsQuery());
  const groups = useQuery(competitionGroupsQuery());
  // The search box updates the URL after a short pause, so typing stays smooth and the history stays short.
  const [q, setQ] = useState(filters.q);
  useEffect(() => setQ(filters.q), [filters.q]);
  useEffect(() => {
    if (q === filters.q) return;
    const timer = setTimeout(() => onFiltersChange({ ...filters, q }), 300);
    return () => clearTimeout(timer);
  }, [q, filters, onFiltersChange]);

  const active = filtersActive(filters);
  // The groups and rows are drawn in a background render when the list arrives (the query cache's update is otherwise
  // rendered in one blocking pass); the skeleton stays meanwhile.
  const { data, drawing } = useDrawnData(list.data);
  const visible = data ? applyFilters(data, filters) : [];
  // A server answering thousands of competitions must not freeze the page: they are shown in steps.
  const shown = useRenderLimit(visible);
  const grouped = groupCompetitions([...shown.visible], groups.data ?? [], active);

  return (
    <Stack gap="5">
      <Stack direction={{ base: 'column', lg: 'row' }} gap="3" align={{ base: 'stretch', lg: 'center' }} bg="bg" p="4" rounded="xl" borderWidth="1px" borderColor="border">
        <InputGroup startElement={<SearchIcon size={16} />} flex="2" endElement={q ? <CloseButton size="xs" aria-label="Очистить поиск" onClick={() => setQ('')} /> : undefined}>
          <Input placeholder="Поиск по разделу" aria-label="Поиск по разделу" value={q} onChange={(e) => setQ(e.target.value)} />
        </InputGroup>
        <HStack flex="1" minW={{ lg: '56' }} gap="1">
          <NativeSelect.Root>
            <NativeSelect.Field
              aria-label="Статус конкурса"
              value={filters.status ?? ''}
              onChange={(e) => onFiltersChange({ ...filters, status: e.target.value || null })}
            >
              <option value="">Все статусы</option>
              <option value={ACCEPTING_STATUS}>{ACCEPTING_STATUS}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {filters.status && <CloseButton size="sm" aria-label="Сбросить статус" onClick={() => onFiltersChange({ ...filters, status: null })} />}
        </HStack>
        <HStack gap="5" flexShrink={0}>
          <Checkbox.Root checked={filters.hasTasks} onCheckedChange={(e) => onFiltersChange({ ...filters, hasTasks: e.checked === true })}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Есть задачи</Checkbox.Label>
          </Checkbox.Root>
          <Checkbox.Root checked={filters.mine} onCheckedChange={(e) => onFiltersChange({ ...filters, mine: e.checked === true })}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Я участвую</Checkbox.Label>
          </Checkbox.Root>
        </HStack>
      </Stack>

      {(list.isPending || (drawing && !data)) && (
        <Stack gap="3" aria-busy="true" aria-label="Загрузка конкурсов">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="32" rounded="xl" />
          ))}
        </Stack>
      )}
      {list.isError && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>
              <HStack gap="3" wrap="wrap">
                <Text>{errorToastText(list.error, 'Произошла ошибка при получении данных')}</Text>
                <Button size="xs" onClick={() => void list.refetch()}>
                  Повторить
                </Button>
              </HStack>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {list.isSuccess && !drawing && visible.length === 0 && <EmptyState text="Нет данных" />}
      {data && visible.length > 0 && (
        <Stack gap="5">
          <Heading as="h2" srOnly>
            Список конкурсов
          </Heading>
          {grouped.groups.length > 0 && (
            <Accordion.Root multiple defaultValue={grouped.groups.map((g) => g.code)} variant="plain">
              <Stack gap="4">
                {grouped.groups.map((group) => (
                  <Accordion.Item key={group.code} value={group.code} data-group={group.code}>
                    <Accordion.ItemTrigger px="1" py="2" cursor="pointer">
                      <Text fontWeight="semibold" fontSize="lg" flex="1" textAlign="start">
                        {group.name}{' '}
                        <Text as="span" color="fg.muted" fontWeight="normal" fontSize="md">
                          ({group.items.length})
                        </Text>
                      </Text>
                      <Accordion.ItemIndicator />
                    </Accordion.ItemTrigger>
                    <Accordion.ItemContent>
                      <Accordion.ItemBody pt="2">
                        <Stack gap="3">
                          {group.items.map((c) => (
                            <CompetitionRow key={c.id} competition={c} />
                          ))}
                        </Stack>
                      </Accordion.ItemBody>
                    </Accordion.ItemContent>
                  </Accordion.Item>
                ))}
              </Stack>
            </Accordion.Root>
          )}
          {grouped.ungrouped.length > 0 && (
            <Box>
              <Stack gap="3">
                {grouped.ungrouped.map((c) => (
                  <CompetitionRow key={c.id} competition={c} />
                ))}
              </Stack>
            </Box>
          )}
          <ShowMore hidden={shown.hidden} onClick={shown.showMore} />
        </Stack>
      )}
    </Stack>
  );
}
