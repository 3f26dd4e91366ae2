import { Alert, Badge, Box, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import { BackIcon } from '@/components/icons';
import { attachmentsQuery } from '../api/attachments';
import type { AttachedFile, Point } from '../api/types';
import { DEADLINE_LABELS, DEADLINE_TOKENS, deadlineColor } from '../deadline-color';
import { formatMoscowIso } from '@/lib/moscow-time';
import { previewSections } from '../preview-sections';
import { statusPalette } from '../status-palette';
import { taskButtons, type TaskButtons } from '../task-buttons';
import { useNow } from '@/lib/use-now';
import { DEADLINE_CLOCK_MS } from '../deadline-color';
import { AttachedFiles } from './attached-files';
import { FieldGroups } from './field-groups';
import { TaskActions } from './task-actions';

export interface SignSlotContext {
  point: Point;
  attachments: AttachedFile[];
  label: NonNullable<TaskButtons['sign']>;
}

/** The header of a task page (shared by the preview and the editable form). */
export function TaskHeader({ point, children }: { point: Point; children?: ReactNode }) {
  const now = useNow(DEADLINE_CLOCK_MS);
  const color = deadlineColor(point, now);
  const start = formatMoscowIso(point.startDate);
  const deadline = formatMoscowIso(point.deadline);
  const projectName = point.projectName ?? point.project?.name;
  const title = useRef<HTMLHeadingElement>(null);
  const shownState = useRef(`${point.status.code1C}|${point.archive}`);
  // Signing, withdrawing or archiving changes the status and removes the button that did it: the focus moves to the
  // task title instead of falling to <body> (WCAG 2.4.3).
  useEffect(() => {
    const state = `${point.status.code1C}|${point.archive}`;
    if (state === shownState.current) return;
    shownState.current = state;
    if (!document.activeElement || document.activeElement === document.body) title.current?.focus();
  }, [point.status.code1C, point.archive]);
  return (
    <Stack gap="3">
      <ChakraLink asChild color="brand.fg" fontSize="sm" width="fit-content">
        <Link to="/tasks">
          <BackIcon size={16} /> К списку задач
        </Link>
      </ChakraLink>
      <Stack gap="2" bg="bg" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '4' }}>
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette={statusPalette(point.status.code1C, point.status.sort)} variant="subtle" size="md" data-testid="task-status">
            {point.status.name}
          </Badge>
          <Text fontSize="sm" color="fg.muted">
            ID: {point.id}
          </Text>
          {point.archive && (
            <Badge colorPalette="gray" variant="outline">
              В архиве
            </Badge>
          )}
        </HStack>
        <Text as="h2" ref={title} tabIndex={-1} fontSize={{ base: 'lg', md: 'xl' }} fontWeight="semibold">
          {point.name}
        </Text>
        {point.description && (
          <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap">
            {point.description}
          </Text>
        )}
        <HStack gap="4" wrap="wrap" fontSize="sm">
          {projectName && (
            <Text>
              Проект:{' '}
              {point.projectId ? (
                <ChakraLink asChild color="brand.fg">
                  <Link to="/projects/$id" params={{ id: String(point.projectId) }}>
                    {projectName}
                  </Link>
                </ChakraLink>
              ) : (
                projectName
              )}
            </Text>
          )}
          {start && <Text color="fg.muted">Начало: {start} (МСК)</Text>}
          {deadline && (
            <Text color={DEADLINE_TOKENS[color]} data-deadline-color={color}>
              Срок: {deadline} (МСК) <Text as="span" srOnly>— {DEADLINE_LABELS[color]}</Text>
            </Text>
          )}
        </HStack>
        {point.managerComment && (
          <Alert.Root status="warning" size="sm">
            <Alert.Indicator aria-hidden="true" />
            <Alert.Content>
              <Alert.Title>Комментарий менеджера</Alert.Title>
              <Alert.Description whiteSpace="pre-wrap">{point.managerComment}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {children}
      </Stack>
    </Stack>
  );
}

/**
 * SPEC §2 "Task preview (/tasks/{id}, read-only)". The signing button and dialogs belong to the signing feature: the
 * route passes them in through `renderSign` (a feature never imports another feature).
 */
export function TaskPreview(props: {
  point: Point;
  currentUserId: number;
  renderSign?: (context: SignSlotContext) => ReactNode;
  notice?: ReactNode;
}) {
  const { point, currentUserId, renderSign, notice } = props;
  const attachments = useQuery(attachmentsQuery(point.id));
  const files = attachments.data ?? [];
  const buttons = taskButtons(point, currentUserId);
  const sections = previewSections(point.templateGroups, point.templateFields, point.values, files);

  return (
    <Stack gap="4" pb="8">
      <TaskHeader point={point}>
        {buttons.holdHint && (
          <Alert.Root status="info" size="sm" data-testid="hold-hint">
            <Alert.Indicator aria-hidden="true" />
            <Alert.Description>Для завершения отзыва заявки нажмите «Подписать отзыв».</Alert.Description>
          </Alert.Root>
        )}
        {point.attorney && (
          <Text fontSize="sm" color="fg.muted">
            МЧД: {point.attorney.signer_fio}
            {point.attorney.startDate || point.attorney.endDate ? `, действует ${point.attorney.startDate ?? '…'} – ${point.attorney.endDate ?? '…'}` : ''}
          </Text>
        )}
        <TaskActions pointId={point.id} buttons={buttons} signAction={buttons.sign && renderSign ? renderSign({ point, attachments: files, label: buttons.sign }) : undefined} />
      </TaskHeader>
      {notice}
      <FieldGroups sections={sections} />
      {attachments.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator aria-hidden="true" />
          <Alert.Description>Не удалось загрузить список документов.</Alert.Description>
        </Alert.Root>
      ) : (
        <Box>
          <AttachedFiles pointId={point.id} files={files} />
        </Box>
      )}
    </Stack>
  );
}

/** An editable task (SPEC §4 editable statuses with canEdit): the header and actions above the questionnaire form. */
export function TaskEditLayout(props: { point: Point; currentUserId: number; form: ReactNode }) {
  const { point, currentUserId, form } = props;
  const buttons = taskButtons(point, currentUserId);
  return (
    <Stack gap="4" pb="8">
      <TaskHeader point={point}>
        <TaskActions pointId={point.id} buttons={buttons} />
      </TaskHeader>
      <Box>{form}</Box>
    </Stack>
  );
}
