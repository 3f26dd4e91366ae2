import type { ReactNode } from 'react';
import { Dialog, Portal } from '@chakra-ui/react';

export interface CenteredDialogProps {
  open: boolean;
  /** Called when the dialog asks to close (Esc, a click outside, a close trigger). */
  onClose: () => void;
  /** The dialog's largest width (a Chakra size or a CSS length); on narrow screens it takes the whole width. */
  maxW: string;
  /** Long content scrolls inside the dialog instead of the page. */
  scrollInside?: boolean;
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
}

/** The frame of a dialog in the middle of the screen that keeps a margin from the edges on phones. */
export function CenteredDialog({ open, onClose, maxW, scrollInside = false, role = 'dialog', children }: CenteredDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} role={role} placement="center" scrollBehavior={scrollInside ? 'inside' : undefined}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content maxW={maxW} w="full">
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
