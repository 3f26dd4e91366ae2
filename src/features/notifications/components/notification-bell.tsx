import { Suspense, lazy, useState, type ComponentProps } from 'react';
import { Badge, IconButton } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { BellIcon } from '@/components/icons';
import { unreadNotificationsQuery } from '../api/unread';
import { badgeText } from '../notification-rules';
import { useNotificationAlerts, useRefetchOnFocus } from '../use-notification-alerts';

// The popup's code (popover, tooltip, list) is fetched on the first intent: the bell is on every page.
const loadPopover = () => import('./notification-popover');
const NotificationPopover = lazy(loadPopover);

/**
 * The header bell (SPEC §2 "Notifications"): polls getnew every 60 s and on focus, shows the unread count, keeps
 * the app badge and the background system notification up to date; the popup lists the news and reads them.
 */
export function NotificationBell() {
  const unread = useQuery(unreadNotificationsQuery());
  const count = unread.data?.length ?? 0;
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  useNotificationAlerts(unread.data);
  useRefetchOnFocus(unread.refetch);

  if (!used) {
    return <BellButton count={count} onPointerEnter={() => void loadPopover()} onFocus={() => void loadPopover()} onClick={() => setUsed(true)} />;
  }
  return (
    <Suspense fallback={<BellButton count={count} aria-busy="true" />}>
      <NotificationPopover open={open} onOpenChange={setOpen} openOnMount trigger={<BellButton count={count} />} />
    </Suspense>
  );
}

function BellButton({ count, ...rest }: { count: number } & ComponentProps<typeof IconButton>) {
  return (
    <IconButton
      variant="ghost"
      aria-label={count > 0 ? `Уведомления: новых ${count}` : 'Уведомления'}
      position="relative"
      data-testid="notification-bell"
      {...rest}
    >
      <BellIcon />
      {count > 0 && (
        // On the bell's top-right corner, as Chakra's Float (top-end, offset 2) places it, without its wrapper.
        <Badge
          position="absolute"
          insetBlockStart="2"
          insetEnd="2"
          translate="50% -50%"
          colorPalette="red"
          variant="solid"
          size="xs"
          borderRadius="full"
          px="1"
          data-testid="notification-count"
          aria-hidden="true"
        >
          {badgeText(count)}
        </Badge>
      )}
    </IconButton>
  );
}
