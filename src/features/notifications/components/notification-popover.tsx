import { useEffect, useRef, useState, type ReactElement } from 'react';
import { tapToggleProps } from '@/components/tap-toggle';
import { Box, Button, Flex, IconButton, Popover, Portal, Spinner, Stack, Text, Tooltip } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { UNEXPECTED_DATA_TEXT, errorToastText } from '@/lib/api/errors';
import { NOTIFICATION_POPUP_MAX_WIDTH } from '@/lib/limits';
import { CheckIcon } from '@/components/icons';
import { PartBoundary } from '@/components/error-boundary';
import { ShowMore, useRenderLimit } from '@/components/list-views';
import { unreadNotificationsQuery, type AppNotification } from '../api/unread';
import { useMarkRead } from '../api/mark-read';
import { formatNotificationDate, truncateNotification } from '../notification-rules';

/** The bell's popup (SPEC §2): new notifications, cut to 100 characters with the full text in a tooltip. */
export default function NotificationPopover(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactElement;
  /** The click that loaded this code opens the popup once its trigger is in place. */
  openOnMount?: boolean;
}) {
  const { open, onOpenChange, openOnMount } = props;
  const mountOpen = useRef(openOnMount);
  useEffect(() => {
    if (!mountOpen.current) return;
    mountOpen.current = false;
    const frame = requestAnimationFrame(() => onOpenChange(true));
    return () => cancelAnimationFrame(frame);
  }, [onOpenChange]);
  const unread = useQuery(unreadNotificationsQuery());
  const items = unread.data ?? [];
  const rows = useRenderLimit(items);
  const markRead = useMarkRead();

  const read = (ids: number[]) =>
    markRead.mutate(ids);

  const count = items.length;
  return (
    <Popover.Root
      open={open}
      onOpenChange={(e) => props.onOpenChange(e.open)}
      positioning={{ placement: 'bottom-end', gutter: 4 }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger asChild>{props.trigger}</Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content maxW={`${NOTIFICATION_POPUP_MAX_WIDTH}px`} w="calc(100vw - 16px)" aria-label="Новые уведомления">
            <Popover.Arrow />
            <Flex justify="space-between" align="center" px="3" pt="3" pb="2" borderBottomWidth="1px" gap="2">
              {/* Not Popover.Title: from Zag 1.47 a rendered title names the popup (aria-labelledby), over its Russian name
                  «Новые уведомления» (aria-label above). */}
              <Text as="div" fontWeight="semibold">
                Уведомления
              </Text>
              {count > 1 && (
                <Button size="2xs" variant="ghost" onClick={() => read(items.map((n) => n.id))}>
                  Прочитать все
                </Button>
              )}
            </Flex>
            <Popover.Body p="0">
              {unread.isPending ? (
                <Flex justify="center" py="6">
                  <Spinner size="sm" role="status" aria-label="Загрузка уведомлений" />
                </Flex>
              ) : unread.isError && !unread.data ? (
                <Stack p="3" gap="2" role="alert">
                  <Text fontSize="sm">{errorToastText(unread.error, 'Произошла ошибка при получении данных')}</Text>
                  <Button size="xs" variant="outline" onClick={() => void unread.refetch()}>
                    Повторить
                  </Button>
                </Stack>
              ) : count === 0 ? (
                <Text p="4" textAlign="center" color="fg.muted" fontSize="sm" role="status">
                  Нет новых уведомлений
                </Text>
              ) : (
                <PartBoundary
                  key={unread.dataUpdatedAt}
                  fallback={() => (
                    <Stack p="3" gap="2" role="alert">
                      <Text fontSize="sm">{UNEXPECTED_DATA_TEXT}</Text>
                      <Button size="xs" variant="outline" onClick={() => void unread.refetch()}>
                        Повторить
                      </Button>
                    </Stack>
                  )}
                >
                  <Box maxH="60dvh" overflowY="auto">
                    <Stack as="ul" listStyleType="none" m="0" p="0" gap="0" aria-label="Список уведомлений">
                      {rows.visible.map((item) => (
                        <NotificationItem key={item.id} item={item} onRead={() => read([item.id])} />
                      ))}
                    </Stack>
                    <ShowMore hidden={rows.hidden} onClick={rows.showMore} />
                  </Box>
                </PartBoundary>
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

function NotificationItem({ item, onRead }: { item: AppNotification; onRead: () => void }) {
  const { short, truncated } = truncateNotification(item.message);
  // SPEC §9: the whole text of a cut notification is in a tooltip on hover; a tap (a finger cannot hover) or Enter
  // shows it in place, and the next tap cuts it again.
  const [expanded, setExpanded] = useState(false);
  const text = (
    <Text
      fontSize="sm"
      lineHeight="short"
      overflowWrap="break-word"
      data-testid="notification-text"
      cursor={truncated ? 'pointer' : undefined}
      {...(truncated && tapToggleProps(expanded, () => setExpanded((v) => !v)))}
    >
      {expanded ? item.message : short}
    </Text>
  );
  return (
    <Flex as="li" gap="2" px="3" py="2" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }} align="start">
      <Box flex="1" minW="0">
        <Text fontSize="xs" color="fg.muted">
          {formatNotificationDate(item.date)}
        </Text>
        {truncated ? (
          <Tooltip.Root openDelay={200} positioning={{ placement: 'left' }}>
            <Tooltip.Trigger asChild>{text}</Tooltip.Trigger>
            <Portal>
              <Tooltip.Positioner>
                <Tooltip.Content maxW="sm">{item.message}</Tooltip.Content>
              </Tooltip.Positioner>
            </Portal>
          </Tooltip.Root>
        ) : (
          text
        )}
      </Box>
      <IconButton size="2xs" variant="ghost" aria-label="Отметить прочитанным" title="Отметить прочитанным" onClick={onRead}>
        <CheckIcon size={14} />
      </IconButton>
    </Flex>
  );
}
