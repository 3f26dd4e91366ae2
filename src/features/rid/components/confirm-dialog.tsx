import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { DIALOG_WIDTH } from '@/lib/limits';

export interface RidConfirmProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** SPEC §5: confirmation dialogs are required for submit RID, update RID and unplanned RID (confirm width, SPEC §9). */
export function RidConfirmDialog({ open, title, message, confirmLabel, pending, onConfirm, onClose }: RidConfirmProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && !pending && onClose()} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content maxW={`${DIALOG_WIDTH.confirm}px`} w="full">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{message}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={pending}>
                Отмена
              </Button>
              <Button colorPalette="brand" onClick={onConfirm} loading={pending}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
