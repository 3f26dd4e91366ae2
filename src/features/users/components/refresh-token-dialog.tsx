import { Alert, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { DIALOG_WIDTH } from '@/lib/limits';
import { notifySuccess } from '@/components/toaster';
import { useRefreshToken } from '../api/refresh-token';
import type { UserRow } from '../api/users-list';
import { displayName } from './users-table';
import { MutationDialogFooter } from '@/components/form-dialog';

/** SPEC §6: refreshing a user's token is confirmed, with the warning that the session may break. */
export function RefreshTokenDialog(props: { user: UserRow | null; onClose: () => void }) {
  const refresh = useRefreshToken();
  const { user } = props;
  const confirm = () => {
    if (!user) return;
    refresh.mutate(user.id, {
      onSuccess: () => {
        notifySuccess('Действие успешно выполнено');
        props.onClose();
      },
    });
  };
  return (
    <Dialog.Root open={!!user} onOpenChange={(e) => !e.open && !refresh.isPending && props.onClose()} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={`${DIALOG_WIDTH.confirm}px`} mx="3">
            <Dialog.Header>
              <Dialog.Title>Обновление токена</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>
                  Вы уверены что хотите обновить токен пользователя <strong>{user ? displayName(user) : ''}</strong>?
                </Text>
                <Alert.Root status="warning" size="sm">
                  <Alert.Indicator />
                  <Alert.Description>Текущая сессия пользователя может прерваться: ему придётся войти в личный кабинет заново.</Alert.Description>
                </Alert.Root>
              </Stack>
            </Dialog.Body>
            <MutationDialogFooter
              mutation={refresh}
              onCancel={props.onClose}
              actionLabel="Обновить"
              onAction={confirm}
              colorPalette="red"
            />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
