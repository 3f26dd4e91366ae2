import { Badge, Box, HStack, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { cssHint } from '@/components/css-hint';
import { ChevronDownIcon } from '@/components/icons';
import type { PointListItem } from '../api/types';
import { DEADLINE_DOT_TOKENS, DEADLINE_LABELS, DEADLINE_TOKENS, deadlineColor } from '../deadline-color';
import { formatMoscowIso } from '@/lib/moscow-time';
import { statusPalette } from '../status-palette';

/** Responsive task table: a real table on wide screens, stacked cards on phones (same DOM, no duplicates). */
export function TaskTableShell({ children }: { children: ReactNode }) {
  return (
    <Table.Root
      size="sm"
      variant="line"
      css={{
        '@media (max-width: 47.99em)': {
          '& thead': { display: 'none' },
          '& tbody, & tr, & td': { display: 'block', width: '100%' },
          '& tr': { borderBottomWidth: '1px', paddingBlock: '0.5rem' },
          '& td': { borderBottomWidth: '0', paddingBlock: '0.25rem' },
        },
      }}
    >
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Задача</Table.ColumnHeader>
          <Table.ColumnHeader>Проект</Table.ColumnHeader>
          <Table.ColumnHeader>Статус</Table.ColumnHeader>
          <Table.ColumnHeader width="1%">
            <Text srOnly>Открыть</Text>
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>{children}</Table.Body>
    </Table.Root>
  );
}

/** Task times are Moscow time (SPEC §9). */
function MoscowMark() {
  return (
    <Text as="span" color="fg.muted" ms="1.5">
      МСК
    </Text>
  );
}

export interface TaskRowProps {
  point: PointListItem;
  /** SPEC §2: "Редактировать" when canEdit (or, in the expertise list, when suspended), otherwise "Перейти". */
  linkLabel: 'Редактировать' | 'Перейти';
  now: number;
  /** Extra content under the task (e.g. the owner's "Назначить пользователя" link). */
  extra?: ReactNode;
}

export function TaskRow({ point, linkLabel, now, extra }: TaskRowProps) {
  const color = deadlineColor(point, now);
  const start = formatMoscowIso(point.startDate);
  const deadline = formatMoscowIso(point.deadline);
  const projectName = point.projectName ?? point.project?.name ?? null;
  const projectStatus = point.project?.status?.name ?? null;
  return (
    <Table.Row data-testid="task-row" data-point-id={point.id}>
      <Table.Cell verticalAlign="top">
        <Stack gap="0.5">
          <Link to="/tasks/$id" params={{ id: String(point.id) }}>
            <Text fontWeight="semibold" color="brand.fg" _hover={{ textDecoration: 'underline' }}>
              {point.name}
            </Text>
          </Link>
          <Text fontSize="xs" color="fg.muted">
            ID: {point.id}
          </Text>
          {(start || deadline) && (
            <HStack gap="3" wrap="wrap" fontSize="xs">
              {start && (
                <Text color="fg.muted">
                  Начало: {start}
                  {!deadline && <MoscowMark />}
                </Text>
              )}
              {deadline && (
                // The time zone stays on the line of the deadline: it never wraps onto a line of its own.
                <HStack gap="1" color={DEADLINE_TOKENS[color]} data-deadline-color={color} flexWrap="nowrap" whiteSpace="nowrap">
                  <Box as="span" w="2" h="2" borderRadius="full" bg={DEADLINE_DOT_TOKENS[color]} flexShrink="0" aria-hidden="true" />
                  <Text>
                    Срок: {deadline} <Text as="span" srOnly>({DEADLINE_LABELS[color]})</Text>
                  </Text>
                  <MoscowMark />
                </HStack>
              )}
            </HStack>
          )}
          {!start && !deadline && (
            <Text fontSize="xs" color={DEADLINE_TOKENS[color]} data-deadline-color={color}>
              Сроки не заданы
            </Text>
          )}
          {extra}
        </Stack>
      </Table.Cell>
      <Table.Cell verticalAlign="top">
        <Stack gap="0.5">
          <Text fontSize="sm">{projectName ?? '—'}</Text>
          {projectStatus && (
            <Text fontSize="xs" color="fg.muted">
              {projectStatus}
            </Text>
          )}
        </Stack>
      </Table.Cell>
      <Table.Cell verticalAlign="top">
        <Badge colorPalette={statusPalette(point.status.code1C, point.status.sort)} variant="subtle" whiteSpace="normal">
          {point.status.name}
        </Badge>
      </Table.Cell>
      <Table.Cell verticalAlign="top" textAlign="end">
        <IconButton asChild size="sm" variant="ghost" aria-label={linkLabel} data-hint={linkLabel} css={cssHint}>
          <Link to="/tasks/$id" params={{ id: String(point.id) }}>
            <ChevronDownIcon style={{ transform: 'rotate(-90deg)' }} />
          </Link>
        </IconButton>
      </Table.Cell>
    </Table.Row>
  );
}
