import { Dialog, Field, NativeSelect, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { DIALOG_WIDTH } from '@/lib/limits';
import { notifySuccess } from '@/components/toaster';
import { useChangeResponsible } from '../api/change-responsible';
import { DialogCloseX } from '@/components/dialog-close';
import { DialogFormFooter } from '@/components/form-dialog';

export interface AssignableUser {
  id: number;
  fullname: string;
}

/**
 * SPEC §2 "Назначить пользователя": dialog (max width 600) to choose a user shown by fullname (value is the id) with
 * Отмена / Назначить; POST change-responsible; failure toast "При назначение произошла ошибка" or the server message
 * (SPEC §8 "change-responsible … show the server message when present").
 */
export function AssignDialog(props: {
  open: boolean;
  onClose: () => void;
  pointId: number;
  pointName: string;
  users: AssignableUser[];
  currentUserId?: number | null;
}) {
  const { open, onClose, pointId, pointName, users, currentUserId } = props;
  const [userId, setUserId] = useState<string>(currentUserId ? String(currentUserId) : '');
  const mutation = useChangeResponsible();

  const submit = () => {
    if (!userId) return;
    mutation.mutate(
      { pointId, userId: Number(userId) },
      {
        onSuccess: () => {
          notifySuccess('Действие успешно выполнено');
          onClose();
        },
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={`${DIALOG_WIDTH.assign}px`} mx="4">
            <Dialog.Header>
              <Dialog.Title>Назначить пользователя</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Field.Root>
                <Field.Label>Ответственный за задачу «{pointName}»</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    aria-label="Пользователь"
                    placeholder="Выберите пользователя"
                    value={userId}
                    onChange={(e) => setUserId(e.currentTarget.value)}
                  >
                    {users.map((u) => (
                      <option key={u.id} value={u.id}>
                        {u.fullname}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator aria-hidden="true" />
                </NativeSelect.Root>
              </Field.Root>
            </Dialog.Body>
            <DialogFormFooter onCancel={onClose} actionLabel="Назначить" onAction={submit} actionDisabled={!userId} pending={mutation.isPending} />
            <DialogCloseX />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
