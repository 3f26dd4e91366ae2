import { Button, Dialog, Portal } from '@chakra-ui/react';
import { RichText } from '@/components/rich-text';
import { phoneFullDialog } from './dialog-size';
import { DialogCloseX } from '@/components/dialog-close';

/** A dialog with server-provided (sanitised) text: the questionnaire's first dialog and action buttons. */
export function InfoDialog(props: { open: boolean; onClose: () => void; title: string; html: string; finalFocusEl?: () => HTMLElement | null }) {
  const { open, onClose, title, html, finalFocusEl } = props;
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" size={phoneFullDialog.size} scrollBehavior="inside" finalFocusEl={finalFocusEl}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content {...phoneFullDialog.content}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <RichText html={html} />
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose}>Понятно</Button>
            </Dialog.Footer>
            <DialogCloseX />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
