import { useState } from 'react';
import { Button, Heading, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { notifySuccess } from '@/components/toaster';
import { notificationSettingsQuery, useChangeEmailSetting } from '../api/email-setting';

/** Notification settings of the user-data drawer (SPEC §2, §3): e-mail sending on/off (send_email 1/0). */
export function NotificationSettings() {
  const settings = useQuery(notificationSettingsQuery());
  const change = useChangeEmailSetting();
  const checked = (change.isPending ? change.variables : settings.data?.send_email) === 1;

  return (
    <Stack gap="3" as="section" aria-labelledby="notification-settings-title">
      <Heading as="h3" size="sm" id="notification-settings-title">
        Настройки уведомлений
      </Heading>
      {settings.isPending ? (
        <Skeleton h="6" w="64" />
      ) : settings.isError ? (
        <Stack gap="2" align="start" role="alert">
          <Text fontSize="sm" color="red.fg">
            Произошла ошибка при получении данных
          </Text>
          <Button size="xs" variant="outline" onClick={() => void settings.refetch()}>
            Повторить
          </Button>
        </Stack>
      ) : (
        <Switch.Root
          checked={checked}
          disabled={change.isPending}
          onCheckedChange={(e) =>
            change.mutate(e.checked ? 1 : 0, { onSuccess: () => notifySuccess('Настройки уведомлений успешно обновлены') })
          }
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Получать уведомления на e-mail</Switch.Label>
        </Switch.Root>
      )}
      <DeviceNotifications />
    </Stack>
  );
}

/** System notifications on this device for news that arrive while the cabinet is in the background. */
function DeviceNotifications() {
  const supported = typeof Notification !== 'undefined';
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>(supported ? Notification.permission : 'unsupported');
  if (permission === 'unsupported') return null;
  if (permission === 'granted')
    return (
      <Text fontSize="sm" color="fg.muted">
        Системные уведомления на этом устройстве включены: новые сообщения появятся, даже когда кабинет свёрнут.
      </Text>
    );
  if (permission === 'denied')
    return (
      <Text fontSize="sm" color="fg.muted">
        Системные уведомления запрещены в настройках браузера для этого сайта.
      </Text>
    );
  return (
    <Stack gap="1" align="start">
      <Button
        size="xs"
        variant="outline"
        onClick={() => {
          void Notification.requestPermission().then(setPermission, () => setPermission('denied'));
        }}
      >
        Включить системные уведомления
      </Button>
      <Text fontSize="xs" color="fg.muted">
        Браузер спросит разрешение; уведомления будут приходить, когда кабинет открыт в фоне.
      </Text>
    </Stack>
  );
}

export default NotificationSettings;
