import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { DIALOG_WIDTH } from '@/lib/limits';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** SPEC §2 request confirmation: "Отмена" / "Отправить", dialog max width 450 (SPEC §9). */
export function ConfirmDialog({ open, title, message, confirmLabel, pending, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && !pending && onClose()} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content maxW={`${DIALOG_WIDTH.request}px`} w="full">
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
