import { CloseButton, Dialog } from '@chakra-ui/react';

/** The ✕ in a dialog's corner (disabled while the dialog's action runs): one look and one accessible name («Закрыть») for every dialog of the cabinet. */
export function DialogCloseX({ disabled = false }: { disabled?: boolean }) {
  return (
    <Dialog.CloseTrigger asChild>
      <CloseButton size="sm" aria-label="Закрыть" disabled={disabled} />
    </Dialog.CloseTrigger>
  );
}
