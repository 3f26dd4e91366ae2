import { Dialog, Text } from '@chakra-ui/react';
import { CenteredDialog } from './centered-dialog';
import { DialogFormFooter } from './form-dialog';
import { DIALOG_WIDTH } from '@/lib/limits';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** The button that keeps things as they are (default «Отмена»). */
  cancelLabel?: string;
  pending?: boolean;
  /** Max width in px (SPEC §9: confirm 400, request 450). */
  maxWidth?: number;
  onConfirm: () => void;
  onClose: () => void;
}

/** A confirmation with "Отмена" and a confirm button (SPEC §5: requests and RID actions are confirmed first). */
export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel = 'Отмена', pending, maxWidth = DIALOG_WIDTH.confirm, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <CenteredDialog open={open} onClose={() => !pending && onClose()} maxW={`${maxWidth}px`} role="alertdialog">
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Text>{message}</Text>
      </Dialog.Body>
      <DialogFormFooter
        onCancel={onClose}
        cancelLabel={cancelLabel}
        cancelDisabled={pending}
        actionLabel={confirmLabel}
        onAction={onConfirm}
        pending={pending}
        colorPalette="brand"
      />
    </CenteredDialog>
  );
}
